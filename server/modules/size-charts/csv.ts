import { formatCsv } from '../../../contract/csv.ts';
import {
  type AdminSizeChart,
  SIZE_CHART_CSV_COLUMNS,
  type SizeChartBody,
} from '../../../contract/size-charts.ts';
import { type CsvRecord, lineError, readCsv } from '../../platform/csv.ts';
import { Turns } from '../../platform/turns.ts';
import type { ChartColumns } from './store.ts';
import { type ChartLookups, validateChart } from './validate.ts';

// Size charts as CSV, as the catalogue's (platform/csv.ts): one row per size, lists joined by "|", errors
// as `line <n>, column <header>: <message>`.

type Column = (typeof SIZE_CHART_CSV_COLUMNS)[number];
type Row = Record<Column, string>;
const LIST = '|';
const list = (text: string) => (text.trim() === '' ? [] : text.split(LIST).map((v) => v.trim()));

export function exportCharts(charts: AdminSizeChart[]): string {
  const rows: string[][] = [[...SIZE_CHART_CSV_COLUMNS]];
  for (const chart of charts) {
    for (const { size, values } of chart.rows) {
      const row: Row = {
        segment: chart.userSegment,
        genre: chart.genre,
        seller: chart.seller ?? '',
        measurements: chart.measurements.join(LIST),
        size,
        cm: values.join(LIST),
        howToMeasure: chart.howToMeasure,
      };
      rows.push(SIZE_CHART_CSV_COLUMNS.map((c) => row[c]));
    }
  }
  return formatCsv(rows);
}

/** One chart's rows in the file. */
interface Group {
  rows: { line: number; row: Row }[];
}

export interface ChartFile {
  rows: number;
  charts: ChartColumns[];
  errors: string[];
}

/** The file's charts, checked as a PUT checks one; every error by line and column. */
export async function readChartFile(csv: Buffer, lookups: ChartLookups): Promise<ChartFile> {
  const errors: string[] = [];
  let records: CsvRecord[];
  try {
    records = await readCsv(csv, new Turns());
  } catch (error) {
    return { rows: 0, charts: [], errors: [(error as Error).message] };
  }
  const [header, ...data] = records;
  const groups = header ? groupRows(header, data, errors) : [];
  if (!header) errors.push(lineError(1, 'segment', 'the file is empty: the first line names the columns'));
  const charts: ChartColumns[] = [];
  for (const group of groups) {
    const chart = checkGroup(group, lookups, errors);
    if (chart) charts.push(chart);
  }
  return { rows: data.length, charts, errors };
}

/** The rows grouped by chart (segment, genre, seller), in the file's order; a bad header is reported. */
function groupRows(header: CsvRecord, data: CsvRecord[], errors: string[]): Group[] {
  const names = header.fields.map((h) => h.trim());
  for (const [i, name] of names.entries()) {
    if (!(SIZE_CHART_CSV_COLUMNS as readonly string[]).includes(name))
      errors.push(lineError(1, name || `#${i + 1}`, 'not a column of the size charts'));
  }
  for (const column of SIZE_CHART_CSV_COLUMNS) {
    if (!names.includes(column)) errors.push(lineError(1, column, 'missing'));
  }
  if (errors.length > 0) return [];
  const groups = new Map<string, Group>();
  for (const record of data) {
    const row = Object.fromEntries(
      SIZE_CHART_CSV_COLUMNS.map((c) => [c, record.fields[names.indexOf(c)] ?? '']),
    ) as Row;
    const key = JSON.stringify([row.segment.trim(), row.genre.trim(), row.seller.trim()]);
    const group = groups.get(key) ?? { rows: [] };
    group.rows.push({ line: record.line, row });
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** One chart from its rows: they must agree on its measurements and text; then checked as a PUT is. */
function checkGroup(group: Group, lookups: ChartLookups, errors: string[]): ChartColumns | undefined {
  const [first] = group.rows;
  if (!first) return undefined;
  let agree = true;
  for (const { line, row } of group.rows) {
    for (const column of ['measurements', 'howToMeasure'] as const) {
      if (row[column].trim() !== first.row[column].trim()) {
        errors.push(lineError(line, column, `differs from line ${first.line}: a chart's rows agree on it`));
        agree = false;
      }
    }
  }
  if (!agree) return undefined;
  const body: SizeChartBody = {
    userSegment: first.row.segment,
    genre: first.row.genre,
    seller: first.row.seller,
    measurements: list(first.row.measurements),
    rows: group.rows.map(({ row }) => ({ size: row.size, values: list(row.cm).map(Number) })),
    howToMeasure: first.row.howToMeasure,
  };
  const checked = validateChart(body, lookups);
  if ('chart' in checked) return checked.chart;
  for (const [field, message] of Object.entries(checked.errors)) {
    const [name, index, part] = field.split('.');
    const at = group.rows[Number(index)] ?? first;
    const column: Column =
      name === 'userSegment'
        ? 'segment'
        : name === 'rows'
          ? part === 'values'
            ? 'cm'
            : 'size'
          : (name as Column);
    errors.push(lineError(name === 'rows' ? at.line : first.line, column, message));
  }
  return undefined;
}
