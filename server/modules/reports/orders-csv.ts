import { csvAmount, formatCsv } from '../../../contract/csv.ts';
import { indiaDay } from '../../../contract/india-time.ts';
import { ORDERS_CSV_COLUMNS } from '../../../contract/reports.ts';
import type { Db } from '../../db/connect.ts';

import { BATCH_ROWS, inBatches } from '../books/batches.ts';

import * as store from './store.ts';

/** One line's row, in ORDERS_CSV_COLUMNS' order; a line with no invoice (placed before invoices) has no tax cells. */
function csvRow(line: store.CsvLine): string[] {
  const tax = line.tax_line;
  const amount = (paise: number | undefined) => (paise === undefined ? '' : csvAmount(paise));
  return [
    indiaDay(line.placed_at),
    String(line.order_id),
    line.purchase_id,
    line.invoice_number ?? '',
    line.seller,
    line.gstin ?? '',
    line.place_of_supply ?? '',
    tax?.description ?? line.name,
    tax?.hsn ?? line.hsn_code ?? '',
    String(line.quantity),
    csvAmount(line.unit_price_paise),
    csvAmount(line.sale_saving_paise),
    line.coupon_code ?? '',
    csvAmount(line.unit_price_paise * line.quantity - line.paid_paise),
    csvAmount(line.paid_paise),
    amount(tax?.taxablePaise),
    tax ? String(tax.ratePercent) : '',
    amount(tax?.cgstPaise),
    amount(tax?.sgstPaise),
    amount(tax?.igstPaise),
    line.payment_method,
    line.status,
    csvAmount(Number(line.refunded)),
  ];
}

/**
 * The orders CSV of the lines placed in the range, its header first, then a row per line as each batch (of
 * `batchRows`) is read: a month of lines is never held at once.
 */
export async function* ordersCsv(
  db: Db,
  bounds: store.Bounds,
  batchRows = BATCH_ROWS,
): AsyncGenerator<string> {
  yield formatCsv([ORDERS_CSV_COLUMNS]);
  const { first, last } = await store.lineSpan(db, bounds);
  if (first === null || last === null) return;
  const lines = inBatches(
    (after, limit) => store.csvLines(db, bounds, { after: Math.max(after, first - 1), last }, limit),
    (line) => line.id,
    batchRows,
  );
  for await (const line of lines) yield formatCsv([csvRow(line)]);
}
