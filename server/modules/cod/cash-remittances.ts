import { REMITTANCE_COLUMNS, type RemittanceReport } from '../../../contract/cod.ts';
import { formatPaise } from '../../../contract/money.ts';
import { type CsvRecord, lineError, readCsv } from '../../platform/csv.ts';
import { Turns } from '../../platform/turns.ts';
import type { AwbLine } from './cash-store.ts';

/**
 * The courier's remittance file (decision 069): `awb,amount,date,reference`, a row per parcel whose cash
 * it paid the shop. Read and checked here, every error by line and column as the pincode lists are;
 * matched against the shop's cash-on-delivery lines by cash-service.ts.
 */

/** One row of the file, checked. */
export interface Remittance {
  line: number;
  awb: string;
  amountPaise: number;
  /** YYYY-MM-DD */
  date: string;
  reference: string;
}

type Column = (typeof REMITTANCE_COLUMNS)[number];

// a file of errors is answered with the first of them, so the answer stays small
const ERRORS_SHOWN = 500;
const AWB_MAX = 40;
const REFERENCE_MAX = 100;
/** rupees as remittance files write them: 1049 or 1049.00 (at most 2 decimals) */
const RUPEES = /^([0-9]{1,9})(?:\.([0-9]{1,2}))?$/;
// from the year 2000: no courier remitted before, and the database has no year 0
const DAY = /^2[0-9]{3}-[0-9]{2}-[0-9]{2}$/;

/** a day the calendar has: 2026-02-30 is not one */
function isDay(text: string): boolean {
  if (!DAY.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

/** The rupees as paise, or undefined when the text is not an amount. */
function paiseOf(text: string): number | undefined {
  const match = RUPEES.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** What is wrong with a cell, or undefined. */
const PROBLEMS: Record<Column, (value: string) => string | undefined> = {
  awb: (value) =>
    value === '' ? 'required' : value.length > AWB_MAX ? `at most ${AWB_MAX} characters` : undefined,
  amount: (value) => (paiseOf(value) === undefined ? 'rupees remitted, such as 1049 or 1049.00' : undefined),
  date: (value) => (isDay(value) ? undefined : 'a date written YYYY-MM-DD, such as 2026-12-07'),
  reference: (value) =>
    value === ''
      ? 'required: the bank reference (UTR)'
      : value.length > REFERENCE_MAX
        ? `at most ${REFERENCE_MAX} characters`
        : undefined,
};

/** The header's columns by position; errors when one is unknown, missing or given twice. */
function headerColumns(header: CsvRecord | undefined, errors: string[]): Column[] {
  if (!header) {
    errors.push(
      lineError(
        1,
        'awb',
        `the file is empty: the first line names the columns ${REMITTANCE_COLUMNS.join(',')}`,
      ),
    );
    return [];
  }
  const names = header.fields.map((name) => name.trim().toLowerCase());
  names.forEach((name, i) => {
    if (!(REMITTANCE_COLUMNS as readonly string[]).includes(name)) {
      errors.push(lineError(1, name || `#${i + 1}`, 'not a column of the remittance file'));
    } else if (names.indexOf(name) !== i) {
      errors.push(lineError(1, name, 'given twice'));
    }
  });
  for (const column of REMITTANCE_COLUMNS) {
    if (!names.includes(column)) errors.push(lineError(1, column, 'missing'));
  }
  return names as Column[];
}

/** The file's rows, checked: those without errors, and the errors by line and column. */
export async function readRemittances(
  file: Buffer,
): Promise<{ rows: number; remittances: Remittance[]; errors: string[] }> {
  const turns = new Turns();
  let records: CsvRecord[];
  try {
    records = await readCsv(file, turns);
  } catch (error) {
    return { rows: 0, remittances: [], errors: [(error as Error).message] };
  }
  const errors: string[] = [];
  const [header, ...data] = records;
  const columns = headerColumns(header, errors);
  if (errors.length > 0) return { rows: data.length, remittances: [], errors };
  const remittances: Remittance[] = [];
  for (const record of data) {
    await turns.take();
    if (record.fields.length !== columns.length) {
      const fields = `has ${record.fields.length} fields, the header ${columns.length}`;
      errors.push(lineError(record.line, columns[0] ?? 'awb', fields));
      continue;
    }
    const cells = Object.fromEntries(
      columns.map((column, i) => [column, record.fields[i]?.trim() ?? '']),
    ) as Record<Column, string>;
    const wrong = REMITTANCE_COLUMNS.flatMap((column) => {
      const problem = PROBLEMS[column](cells[column]);
      return problem ? [lineError(record.line, column, problem)] : [];
    });
    if (wrong.length > 0) {
      errors.push(...wrong);
      continue;
    }
    remittances.push({
      line: record.line,
      awb: cells.awb,
      amountPaise: paiseOf(cells.amount) ?? 0,
      date: cells.date,
      reference: cells.reference,
    });
  }
  const shown =
    errors.length > ERRORS_SHOWN
      ? [...errors.slice(0, ERRORS_SHOWN), `and ${errors.length - ERRORS_SHOWN} more errors`]
      : errors;
  return { rows: data.length, remittances, errors: shown };
}

type Matched = RemittanceReport['matched'][number];
type Mismatched = RemittanceReport['mismatched'][number];

/** A row matched to the line whose cash it remits. */
export interface Match extends Matched {
  remittance: Remittance;
  line: AwbLine;
}

/** The sentences a row that matches no line's cash is listed with. */
export const MISMATCH = {
  unknown: 'No item of the shop was shipped with this AWB',
  online: 'This AWB is not a cash-on-delivery parcel: it was paid online',
  several: 'This AWB is on more than one cash-on-delivery item: reconcile it by hand',
  twice: 'This AWB is listed more than once in the file: only its first row counts',
  notCollected: 'This item was not delivered, so no cash was collected for it',
  notDelivered: 'This item is not delivered yet',
  received: 'The cash of this item was received already',
  amount: (duePaise: number) => `The amount is not the ${formatPaise(duePaise)} due`,
} as const;

/** statuses of a line that never reached the shopper, whose parcel collected nothing */
const NOT_COLLECTED = new Set(['cancelled', 'returned_to_origin']);

/**
 * Each row matched to the COD line in cash_due its AWB names, when the amount is that line's cash to
 * collect; every other row mismatched, with why. In the file's order.
 */
export function matchRemittances(
  remittances: readonly Remittance[],
  lines: readonly AwbLine[],
): { matched: Match[]; mismatched: Mismatched[] } {
  const matched: Match[] = [];
  const mismatched: Mismatched[] = [];
  const seen = new Set<string>();
  for (const remittance of remittances) {
    const { awb, amountPaise: remittedPaise } = remittance;
    const named = lines.filter((line) => line.tracking_id === awb);
    // a line that collects nothing (an exchange's new line) is no COD parcel
    const cod = named.filter((line) => line.payment_method === 'cod' && (line.cod_collect_paise ?? 0) > 0);
    const miss = (reason: string, line?: AwbLine) =>
      mismatched.push({
        awb,
        purchaseId: line?.purchase_id ?? null,
        expectedPaise: line ? (line.cod_collect_paise ?? 0) : null,
        remittedPaise,
        reason,
      });
    const line = cod[0];
    if (named.length === 0) miss(MISMATCH.unknown);
    else if (!line) miss(MISMATCH.online);
    else if (cod.length > 1) miss(MISMATCH.several);
    else if (seen.has(awb)) miss(MISMATCH.twice, line);
    else if (line.remitted !== null) miss(MISMATCH.received, line);
    else if (line.delivered_at === null)
      miss(NOT_COLLECTED.has(line.status) ? MISMATCH.notCollected : MISMATCH.notDelivered, line);
    else if ((line.cod_collect_paise ?? 0) !== remittedPaise)
      miss(MISMATCH.amount(line.cod_collect_paise ?? 0), line);
    else matched.push({ awb, purchaseId: line.purchase_id, amountPaise: remittedPaise, remittance, line });
    seen.add(awb);
  }
  return { matched, mismatched };
}
