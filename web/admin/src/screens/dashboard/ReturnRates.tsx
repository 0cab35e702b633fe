import { Link } from 'react-router';
import { type ReturnRates as Rates, RETURN_RATE_DAYS } from '../../../../../contract/admin.ts';
import { paths, query } from '../../api/paths.ts';
import { AdminTable } from '../../components/AdminTable.tsx';

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
            <AdminTable caption="By genre" columns={['Genre', 'Delivered', 'Asked back', 'Rate']}>
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
            </AdminTable>
          </div>
          <div>
            <AdminTable
              caption="By reason, of all lines delivered"
              columns={['Reason', 'Asked back', 'Rate']}
            >
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
            </AdminTable>
          </div>
        </div>
      )}
    </li>
  );
}
