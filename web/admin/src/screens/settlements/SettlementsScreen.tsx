import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { SettlementList } from '../../../../../contract/settlements.ts';
import { usePageTitle } from '../../../../shared/components/usePageTitle.ts';
import { api } from '../../api/client.ts';
import { apiPaths, paths, query } from '../../api/paths.ts';
import { useLoad } from '../../api/useLoad.ts';
import { AdminTable } from '../../components/AdminTable.tsx';
import { Loading } from '../../components/Loading.tsx';
import { MonthFilter, usePeriod } from '../../components/MonthFilter.tsx';
import { formatAmount } from '../../lib/format.ts';
import { StatementView } from './StatementView.tsx';
import './SettlementsScreen.css';

/**
 * What the shop owes each seller for the lines delivered in a month (decision 070): the sale less
 * commission, GST on it, TCS and TDS; held until the return window closes, then payable until the owner
 * marks it paid with the bank's reference. A seller's statement opens below the list.
 */
export function SettlementsScreen() {
  usePageTitle('Settlements');
  const { period, problem } = usePeriod('current');
  const [search] = useSearchParams();
  const sellerId = Number(search.get('seller')) || undefined;
  const request = useCallback(
    (signal?: AbortSignal) => api.get<SettlementList>(apiPaths.settlements(period), { signal }),
    [period],
  );
  const { state, retry, reload } = useLoad(request, 'Loading the settlements failed');

  return (
    <>
      <h1 className="admin-title">Settlements</h1>
      <MonthFilter label="Settlements" period={period} problem={problem} submit="Show settlements" />
      {!problem && (
        <>
          <Loading state={state} onRetry={retry}>
            {({ sellers }) =>
              sellers.length === 0 ? (
                <p className="admin-empty">No seller’s line was delivered this month.</p>
              ) : (
                <AdminTable
                  className="admin-settlements"
                  caption="Each seller’s lines delivered this month, by what is owed for them"
                  columns={['Seller', 'Commission', 'Lines', 'Payable', 'Held', 'Paid', 'Statement']}
                >
                  {sellers.map((row) => (
                    <tr key={row.sellerId} aria-current={row.sellerId === sellerId ? 'true' : undefined}>
                      <td data-label="Seller">
                        {row.name}
                        {row.gstin && <div className="admin-details">GSTIN {row.gstin}</div>}
                      </td>
                      <td data-label="Commission">{row.commissionPercent}%</td>
                      <td data-label="Lines">{row.lines}</td>
                      <td data-label="Payable">{formatAmount(row.payable)}</td>
                      <td data-label="Held">{formatAmount(row.held)}</td>
                      <td data-label="Paid">{formatAmount(row.paid)}</td>
                      <td data-label="Statement">
                        <Link
                          to={`${paths.settlements()}${query({ period, seller: row.sellerId })}`}
                          aria-label={`Statement of ${row.name}`}
                        >
                          Statement
                        </Link>
                      </td>
                    </tr>
                  ))}
                </AdminTable>
              )
            }
          </Loading>
          {sellerId && (
            <StatementView
              key={`${sellerId} ${period}`}
              sellerId={sellerId}
              period={period}
              onPaid={reload}
            />
          )}
        </>
      )}
    </>
  );
}
