import { plural } from '../lib/format.ts';

interface Props {
  /** what the file holds, e.g. "12 rows for 4 products" */
  summary: string;
  /** `line <n>, column <header>: <message>` */
  errors: string[];
  busy: boolean;
  onApply: () => void;
}

/**
 * A checked file's report (a dry run): with no errors it can be applied; otherwise every error is listed
 * by line and column, to correct first.
 */
export function ImportReport({ summary, errors, busy, onApply }: Props) {
  if (errors.length === 0) {
    return (
      <div className="admin-import-report" role="status">
        <p>{summary}, no errors.</p>
        <button type="button" className="button button-primary" disabled={busy} onClick={onApply}>
          Apply
        </button>
      </div>
    );
  }
  return (
    <div className="admin-import-report" role="status">
      <p>
        {summary}: {plural(errors.length, 'error', 'errors')} to correct before the file can be applied.
      </p>
      <ul className="admin-plain-list" aria-label="Errors in the file">
        {errors.map((error) => (
          <li key={error}>{error}</li>
        ))}
      </ul>
    </div>
  );
}
