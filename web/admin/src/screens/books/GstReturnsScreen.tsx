import { useCallback } from 'react';
import { Link } from 'react-router';
import type { SellerList } from '../../../../../contract/sellers.ts';
import { usePageTitle } from '../../../../shared/components/usePageTitle.ts';
import { api } from '../../api/client.ts';
import { apiPaths, paths } from '../../api/paths.ts';
import { useLoad } from '../../api/useLoad.ts';
import { Loading } from '../../components/Loading.tsx';
import { MonthFilter, usePeriod } from '../../components/MonthFilter.tsx';
import { Gstr8Table } from './Gstr8Table.tsx';
import { SellerReturn } from './SellerReturn.tsx';
import './GstReturnsScreen.css';

/**
 * The owner's GST returns for a month (decision 070): each seller's GSTR-1, as the portal's offline tool's
 * JSON and as its CSV tables, with the figures to check before filing; and the operator's GSTR-8 (the TCS
 * collected for each seller). The files are the server's answers as they are: the screen makes none.
 */
export function GstReturnsScreen() {
  usePageTitle('GST returns');
  const { period, problem } = usePeriod('last');
  const request = useCallback(
    (signal?: AbortSignal) => api.get<SellerList>(apiPaths.sellers(), { signal }),
    [],
  );
  const { state, retry } = useLoad(request, 'Loading the sellers failed');

  return (
    <>
      <h1 className="admin-title">GST returns</h1>
      <MonthFilter label="GST returns" period={period} problem={problem} submit="Show returns" />
      {!problem && (
        <>
          <section aria-labelledby="gstr1-title" className="admin-books-section">
            <h2 id="gstr1-title">GSTR-1, each seller’s outward supplies</h2>
            <Loading state={state} onRetry={retry}>
              {({ sellers }) => {
                const registered = sellers.filter((seller) => seller.gstin);
                const unregistered = sellers.filter((seller) => !seller.gstin);
                return (
                  <>
                    {registered.length === 0 && (
                      <p className="admin-empty">No seller has a GSTIN yet, so there is no GSTR-1 to file.</p>
                    )}
                    <div className="admin-books-returns">
                      {registered.map((seller) => (
                        <SellerReturn key={seller.id} seller={seller} period={period} />
                      ))}
                    </div>
                    {unregistered.length > 0 && (
                      <p className="admin-details">
                        No GSTIN, so no GSTR-1: {unregistered.map((seller) => seller.name).join(', ')}. Add
                        each one’s GSTIN in <Link to={paths.sellers()}>Sellers</Link>.
                      </p>
                    )}
                  </>
                );
              }}
            </Loading>
          </section>
          <Gstr8Table period={period} />
        </>
      )}
    </>
  );
}
