import { Link } from 'react-router';
import { type ReturnRates as Rates, RETURN_RATE_DAYS } from '../../../../../contract/admin.ts';
import { paths, query } from '../../api/paths.ts';

const percent = (value: number) => `${value.toLocaleString('en-IN', { maximumFractionDigits: 1 })}%`;

/**
 * The return rates of the last 30 days: of the lines delivered in that time, the share asked back (awaiting
 * a decision, accepted, received or rejected alike), by genre and by reason; each reason opens its returns.
 */
export function ReturnRates({ rates }: { rates: Rates }) {
  return (
    <li className="admin-card admin-return-rates">
      <h2>Returns, last {RETURN_RATE_DAYS} days</h2>
      <p>
        {percent(rates.percent)} of the {rates.delivered} lines delivered in the last {RETURN_RATE_DAYS} days
        were asked back ({rates.returned}), whether the return is awaiting a decision, accepted, received or
        rejected.
      </p>
      {rates.delivered > 0 && (
        <div className="admin-return-rate-tables">
          <div>
            <table className="admin-table">
              <caption>By genre</caption>
              <thead>
                <tr>
                  <th scope="col">Genre</th>
                  <th scope="col">Delivered</th>
                  <th scope="col">Asked back</th>
                  <th scope="col">Rate</th>
                </tr>
              </thead>
              <tbody>
                {rates.byGenre.map((row) => (
                  <tr key={`${row.userSegment}/${row.genre}`}>
                    <th scope="row">
                      {row.userSegment}, {row.genre}
                    </th>
                    <td data-label="Delivered">{row.delivered}</td>
                    <td data-label="Asked back">{row.returned}</td>
                    <td data-label="Rate">{percent(row.percent)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div>
            <table className="admin-table">
              <caption>By reason, of all lines delivered</caption>
              <thead>
                <tr>
                  <th scope="col">Reason</th>
                  <th scope="col">Asked back</th>
                  <th scope="col">Rate</th>
                </tr>
              </thead>
              <tbody>
                {rates.byReason.map((row) => (
                  <tr key={row.reasonCode ?? 'other'}>
                    <th scope="row">
                      <Link
                        to={`${paths.returns()}${query({ state: 'all', reason: row.reasonCode ?? 'other' })}`}
                      >
                        {row.title}
                      </Link>
                    </th>
                    <td data-label="Asked back">{row.returned}</td>
                    <td data-label="Rate">{percent(row.percent)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </li>
  );
}
