import { csvAmount, formatCsv } from '../../../../../contract/csv.ts';
import { formatAmount, formatDay, paiseOf } from '../../lib/format.ts';

/**
 * A report's figures as one list of rows and columns, from which its chart, its table and its CSV are all
 * drawn: what the owner downloads is exactly what the table shows.
 */

/** how a column's figures read: words, an India day, a count, or rupees (the API's numbers, exact to the paisa) */
export type ColumnKind = 'text' | 'day' | 'count' | 'money';

export interface Column<Row> {
  label: string;
  kind: ColumnKind;
  value: (row: Row) => string | number;
}

const counts = new Intl.NumberFormat('en-IN');

/** A figure as the table shows it: ₹1,000.50, 1,250, 5 Nov 2026. */
export function shownFigure(kind: ColumnKind, value: string | number): string {
  if (typeof value === 'string') return kind === 'day' ? formatDay(value) : value;
  return kind === 'money' ? formatAmount(value) : counts.format(value);
}

/** A figure as the CSV writes it: amounts with two decimals and no grouping, days as `YYYY-MM-DD`. */
const csvFigure = (kind: ColumnKind, value: string | number): string =>
  kind === 'money' && typeof value === 'number' ? csvAmount(paiseOf(value)) : String(value);

/** The rows as CSV under a header of the columns' labels. */
export function figuresCsv<Row>(columns: readonly Column<Row>[], rows: readonly Row[]): string {
  return formatCsv([
    columns.map((column) => column.label),
    ...rows.map((row) => columns.map((column) => csvFigure(column.kind, column.value(row)))),
  ]);
}
