import { Link } from 'react-router';
import { query } from '../api/paths.ts';

interface Props {
  /** the screen's path */
  path: string;
  /** the screen's query as asked, `before` included */
  asked: Record<string, string>;
  /** the API's cursor of the following page, null on the last */
  next: string | number | null;
  /** what is paged, e.g. "orders" */
  what: string;
}

/** Back to the newest page, and on to older ones, by the API's `before` cursor kept in the address. */
export function Pager({ path, asked, next, what }: Props) {
  if (!asked.before && next === null) return null;
  return (
    <nav className="admin-pager" aria-label={`Pages of ${what}`}>
      {asked.before && (
        <Link className="button" to={`${path}${query({ ...asked, before: undefined })}`}>
          Newest {what}
        </Link>
      )}
      {next !== null && (
        <Link className="button" to={`${path}${query({ ...asked, before: next })}`}>
          Older {what}
        </Link>
      )}
    </nav>
  );
}
