import { Link } from 'react-router';
import { paths, query } from '../../api/paths.ts';

interface Props {
  /** the list's query as asked, `page` included */
  asked: Record<string, string>;
  page: number;
  pages: number;
}

/** The products' pages by number, kept in the address. */
export function PageLinks({ asked, page, pages }: Props) {
  if (pages <= 1) return null;
  const to = (n: number) => `${paths.products()}${query({ ...asked, page: n === 1 ? undefined : n })}`;
  return (
    <nav className="admin-pager" aria-label="Pages of products">
      {page > 1 && (
        <Link className="button" to={to(page - 1)}>
          Previous page
        </Link>
      )}
      <span className="admin-page-of">
        Page {page} of {pages}
      </span>
      {page < pages && (
        <Link className="button" to={to(page + 1)}>
          Next page
        </Link>
      )}
    </nav>
  );
}
