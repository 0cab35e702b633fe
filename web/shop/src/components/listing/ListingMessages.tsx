import { Link } from 'react-router';
import { paths } from '../../../../../contract/paths.ts';

interface ProblemProps {
  failed: 'filters' | 'network';
  onClearAll: () => void;
  onRetry: () => void;
}

/** A load that failed other than with a server error (which goes to /error). */
export function ListingProblem({ failed, onClearAll, onRetry }: ProblemProps) {
  return (
    <div className="listing-empty">
      {failed === 'filters' ? (
        <>
          <p>These filters could not be read.</p>
          <button type="button" className="listing-action" onClick={onClearAll}>
            Clear all filters
          </button>
        </>
      ) : (
        <>
          <p>The products could not be loaded. Please check your connection.</p>
          <button type="button" className="listing-action" onClick={onRetry}>
            Try again
          </button>
        </>
      )}
    </div>
  );
}

interface EmptyProps {
  page: number;
  filtered: boolean;
  firstPageHref: string;
  onClearAll: () => void;
}

/** No products: past the last page, nothing matching the filters, or an empty category. */
export function EmptyListing({ page, filtered, firstPageHref, onClearAll }: EmptyProps) {
  return (
    <div className="listing-empty">
      <p className="listing-empty-title">No products found</p>
      {page > 1 ? (
        <>
          <p>This page is past the end of the list.</p>
          <Link className="listing-action" to={firstPageHref}>
            Back to the first page
          </Link>
        </>
      ) : filtered ? (
        <>
          <p>Nothing matches all the filters you chose. Try removing some.</p>
          <button type="button" className="listing-action" onClick={onClearAll}>
            Clear all filters
          </button>
        </>
      ) : (
        <>
          <p>New pieces arrive every week. Have a look around the rest of the shop.</p>
          <Link className="listing-action" to={paths.home()}>
            Go to home
          </Link>
        </>
      )}
    </div>
  );
}
