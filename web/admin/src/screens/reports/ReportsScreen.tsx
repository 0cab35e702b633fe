import { type FormEvent, useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { OutstandingResponse } from '../../../../../contract/cod.ts';
import { formatPaise } from '../../../../../contract/money.ts';
import type {
  OffersReport,
  ReturnsReport,
  SalesReport,
  TopGenresReport,
  TopProductsReport,
} from '../../../../../contract/reports.ts';
import { usePageTitle } from '../../../../shared/components/usePageTitle.ts';
import { api } from '../../api/client.ts';
import { apiPaths, type DayRange, paths, query } from '../../api/paths.ts';
import { useLoad } from '../../api/useLoad.ts';
import { useStaff } from '../../app/session.tsx';
import { controlProps, Field } from '../../components/Field.tsx';
import { Loading } from '../../components/Loading.tsx';
import { plural } from '../../lib/format.ts';
import { Report } from './ReportFigure.tsx';
import { PRESETS, rangeAsked } from './range.ts';
import { OFFERS, RETURNS, SALES, TOP_GENRES, TOP_PRODUCTS } from './reports.ts';
import './ReportsScreen.css';

/**
 * The owner's reports for a range of India days (decision 070): sales by day, returns and their reasons,
 * top products and genres, what each offer brought, each a chart with its table view and CSV; the cash on
 * delivery still outstanding; and the range's orders as CSV. The range lives in the address (`?from=&to=`),
 * the last 30 days until one is chosen.
 */
export function ReportsScreen() {
  usePageTitle('Reports');
  const { role } = useStaff();
  return (
    <>
      <h1 className="admin-title">Reports</h1>
      {role === 'owner' ? (
        <OwnersReports />
      ) : (
        <p className="admin-empty">Reports are the owner’s: only the shop’s owner sees its sales figures.</p>
      )}
    </>
  );
}

const DAY_FIELDS = [
  { name: 'from', label: 'From' },
  { name: 'to', label: 'To' },
] as const;

function OwnersReports() {
  const [search, setSearch] = useSearchParams();
  const { range, problems } = rangeAsked(search, new Date());
  const show = (chosen: DayRange) => setSearch(query({ ...chosen }));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    show({ from: String(form.get('from') ?? ''), to: String(form.get('to') ?? '') });
  };
  const good = Object.keys(problems).length === 0;
  const named = `${range.from}-to-${range.to}`;

  return (
    <>
      <search aria-label="Days of the reports">
        {/* a new range (a preset) puts its days in the fields */}
        <form key={named} className="admin-filters" onSubmit={submit} noValidate>
          {DAY_FIELDS.map(({ name, label }) => (
            <Field key={name} id={`report-${name}`} label={label} error={problems[name]}>
              <input
                {...controlProps(`report-${name}`, problems[name])}
                name={name}
                type="date"
                defaultValue={range[name]}
              />
            </Field>
          ))}
          <button type="submit" className="button button-primary">
            Show
          </button>
          <div className="admin-actions">
            {PRESETS.map((preset) => (
              <button
                key={preset.label}
                type="button"
                className="button"
                onClick={() => show(preset.range(new Date()))}
              >
                {preset.label}
              </button>
            ))}
          </div>
        </form>
      </search>
      {good && (
        <>
          <p>
            <a className="button" href={apiPaths.ordersCsv(range)} download={`orders-${named}.csv`}>
              Download orders CSV
            </a>
          </p>
          <div className="admin-reports">
            <Report<SalesReport, SalesReport['days'][number]>
              {...SALES}
              path={apiPaths.report('sales', range)}
              file={`sales-by-day-${named}`}
              figures={(report) => ({ rows: report.days, totals: { ...report.totals, date: '' } })}
            />
            <Report<ReturnsReport, ReturnsReport['reasons'][number]>
              {...RETURNS}
              path={apiPaths.report('returns', range)}
              file={`returns-by-reason-${named}`}
              figures={(report) => ({
                rows: report.totals.returns === 0 ? [] : report.reasons,
                totals: { ...report.totals, reason: 'other', title: '' },
              })}
            />
            <Report<TopProductsReport, TopProductsReport['products'][number]>
              {...TOP_PRODUCTS}
              path={apiPaths.report('top-products', range)}
              file={`top-products-${named}`}
              figures={(report) => ({ rows: report.products })}
            />
            <Report<TopGenresReport, TopGenresReport['genres'][number]>
              {...TOP_GENRES}
              path={apiPaths.report('top-genres', range)}
              file={`top-genres-${named}`}
              figures={(report) => ({ rows: report.genres })}
            />
            <Report<OffersReport, OffersReport['offers'][number]>
              {...OFFERS}
              path={apiPaths.report('offers', range)}
              file={`offers-${named}`}
              figures={(report) => ({ rows: report.offers })}
            />
            <CodOutstanding />
          </div>
        </>
      )}
    </>
  );
}

/** What the couriers collected at the door and still owe, today whatever the range (the COD screen's figure). */
function CodOutstanding() {
  const request = useCallback(
    (signal?: AbortSignal) => api.get<OutstandingResponse>(apiPaths.codOutstanding(), { signal }),
    [],
  );
  const { state, retry } = useLoad(request, 'Loading the cash outstanding failed');
  return (
    <section className="admin-card admin-report-cod" aria-labelledby="report-cod-title">
      <h2 id="report-cod-title">Cash on delivery outstanding</h2>
      <Loading state={state} onRetry={retry}>
        {({ totalPaise, orders }) => (
          <p>
            <span className="admin-report-figure">{formatPaise(totalPaise)}</span>{' '}
            <span className="admin-details">
              today, for {plural(orders.length, 'order', 'orders')}:{' '}
              <Link to={paths.cod()}>by courier and order</Link>
            </span>
          </p>
        )}
      </Loading>
    </section>
  );
}
