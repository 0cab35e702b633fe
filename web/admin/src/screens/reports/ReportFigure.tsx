import { useCallback, useId, useMemo, useState } from 'react';
import { api } from '../../api/client.ts';
import { useLoad } from '../../api/useLoad.ts';
import { AdminTable } from '../../components/AdminTable.tsx';
import { Loading } from '../../components/Loading.tsx';
import { formatDay } from '../../lib/format.ts';
import { type Column, figuresCsv, shownFigure } from './figures.ts';
import { ReportChart } from './ReportChart.tsx';

/** What a report draws and lists; keep the arrays outside the render, so the chart is drawn once. */
export interface FigureSetup<Row> {
  title: string;
  kind: 'line' | 'bars';
  /** the table's columns, the first one naming each row (the day, the product): the chart's axis */
  columns: readonly Column<Row>[];
  /** the columns drawn, among `columns`: lines, or for bars a single column */
  charted: readonly Column<Row>[];
  /** a row's key among the others */
  rowKey: (row: Row) => string | number;
  /** what the report says when there are no rows */
  empty: string;
}

interface Figures<Row> {
  rows: readonly Row[];
  /** the report's totals, shown as the table's last row (the first column reads "Total") */
  totals?: Row | undefined;
}

interface ReportProps<T, Row> extends FigureSetup<Row> {
  /** the API's report for the range */
  path: string;
  /** the CSV's file name, without `.csv` */
  file: string;
  figures: (report: T) => Figures<Row>;
}

/** A file made here in the browser, downloaded under its name. */
function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // let the download take the file before its address goes
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** One report of the Reports screen: its heading, then its figures once the API has answered. */
export function Report<T, Row>({ path, file, figures, ...setup }: ReportProps<T, Row>) {
  const titleId = useId();
  const request = useCallback((signal?: AbortSignal) => api.get<T>(path, { signal }), [path]);
  const { state, retry } = useLoad(request, `Loading the report ${setup.title} failed`);
  return (
    <section className="admin-card admin-report" aria-labelledby={titleId}>
      <h2 id={titleId}>{setup.title}</h2>
      <Loading state={state} onRetry={retry}>
        {(report) => <Figure {...setup} {...figures(report)} file={file} />}
      </Loading>
    </section>
  );
}

/**
 * A report's chart, or (button "Table view", pressed) the same figures as a table, and "Download CSV" of
 * exactly the table's rows. The CSV leaves the totals out, so that a spreadsheet's own sum is not doubled.
 */
function Figure<Row>(props: FigureSetup<Row> & Figures<Row> & { file: string }) {
  const { title, kind, columns, charted, rowKey, empty, rows, totals, file } = props;
  const [asTable, setAsTable] = useState(false);
  const [named] = columns;
  const labels = useMemo(
    () =>
      rows.map((row) => {
        if (!named) return '';
        const value = named.value(row);
        return named.kind === 'day' ? formatDay(String(value), false) : shownFigure(named.kind, value);
      }),
    [rows, named],
  );
  const series = useMemo(
    () =>
      charted.map((column) => ({
        label: column.label,
        values: rows.map((row) => Number(column.value(row))),
      })),
    [rows, charted],
  );
  if (rows.length === 0) return <p className="admin-empty">{empty}</p>;

  const drawn = charted.map((column) => column.label.toLowerCase()).join(' and ');
  return (
    <>
      <div className="admin-actions admin-report-actions">
        <button type="button" className="button" aria-pressed={asTable} onClick={() => setAsTable(!asTable)}>
          Table view
        </button>
        <button
          type="button"
          className="button"
          onClick={() => download(`${file}.csv`, figuresCsv(columns, rows))}
        >
          Download CSV
        </button>
      </div>
      {asTable ? (
        <AdminTable caption={title} columns={columns.map((column) => column.label)}>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.label} data-label={column.label}>
                  {shownFigure(column.kind, column.value(row))}
                </td>
              ))}
            </tr>
          ))}
          {totals && (
            <tr className="admin-report-total">
              {columns.map((column, i) => (
                <td key={column.label} data-label={column.label}>
                  {i === 0 ? 'Total' : shownFigure(column.kind, column.value(totals))}
                </td>
              ))}
            </tr>
          )}
        </AdminTable>
      ) : (
        <>
          <ReportChart
            kind={kind}
            labels={labels}
            series={series}
            money={charted.every((column) => column.kind === 'money')}
            description={`${title}: a chart of ${drawn} by ${named?.label.toLowerCase()}. Its figures are in the table view.`}
          />
          {series.length > 1 && (
            <ul className="admin-report-legend" aria-label={`${title}: the lines`}>
              {series.map((one, i) => (
                <li key={one.label}>
                  <span className={`admin-report-swatch admin-report-swatch-${i}`} aria-hidden="true" />
                  {one.label}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </>
  );
}
