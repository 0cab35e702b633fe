import { csvAmount, formatCsv } from '../../../contract/csv.ts';
import { REVERSAL_STATUS, STATEMENT_CSV_COLUMNS } from '../../../contract/settlements.ts';

import { type Figures, reversed } from './ledger.ts';
import { type LedgerRow, type StatementSource, statementCells } from './service.ts';

const csvRow = (row: LedgerRow, status: string, figures: Figures) =>
  statementCells(row, status, figures, csvAmount);

/**
 * The statement as CSV (STATEMENT_CSV_COLUMNS), streamed a row at a time: a header, then a row per ledger
 * row, and under a returned row its reversal, the figures negated. Days are India's, YYYY-MM-DD.
 */
export async function* statementCsv(source: StatementSource): AsyncGenerator<string> {
  yield formatCsv([STATEMENT_CSV_COLUMNS]);
  for await (const row of source.rows()) {
    const { figures, status } = row.entry;
    const rows = [csvRow(row, status, figures)];
    if (status === 'returned') rows.push(csvRow(row, REVERSAL_STATUS, reversed(figures)));
    yield formatCsv(rows);
  }
}
