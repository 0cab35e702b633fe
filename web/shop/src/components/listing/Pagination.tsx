import { Link } from 'react-router';
import { PAGE_SIZE } from '../../../../../contract/shopping-rules.ts';

interface Props {
  page: number;
  noOfEntries: number;
  /** products on this page */
  count: number;
  /** the link (search part) to another page */
  pageHref: (page: number) => string;
}

/** Spec section 9: shown above 20 entries; Next while more remain; Prev after page 1 unless the page is empty. */
export function Pagination({ page, noOfEntries, count, pageHref }: Props) {
  if (noOfEntries <= PAGE_SIZE) return null;
  const lastPage = Math.ceil(noOfEntries / PAGE_SIZE);
  return (
    <nav className="pagination" aria-label="Pages">
      {page > 1 && count > 0 ? (
        <Link className="page-step" to={pageHref(page - 1)} rel="prev">
          Prev
        </Link>
      ) : (
        <span className="page-step placeholder" />
      )}
      <span className="page-number" aria-current="page">
        <span className="visually-hidden">Page </span>
        {page}
        <span className="visually-hidden"> of {lastPage}</span>
      </span>
      {noOfEntries > PAGE_SIZE * page ? (
        <Link className="page-step" to={pageHref(page + 1)} rel="next">
          Next
        </Link>
      ) : (
        <span className="page-step placeholder" />
      )}
    </nav>
  );
}
