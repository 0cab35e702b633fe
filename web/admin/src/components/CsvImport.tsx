import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { showAlert } from '../../../shared/components/Alert.tsx';
import { api } from '../api/client.ts';
import { failureMessage } from '../api/useLoad.ts';
import { FileField } from './FileField.tsx';
import { ImportReport } from './ImportReport.tsx';

/** What every import answers: its errors by line and column, and whether it was applied. */
interface Report {
  errors: string[];
  applied: boolean;
}

interface Props<R extends Report> {
  /** the import's address for a dry run or for applying */
  path: (mode: 'dry-run' | 'apply') => string;
  /** what the file holds, e.g. "12 rows for 4 products" */
  summary: (report: R) => string;
  /** said once applied, e.g. "Imported: 4 products" */
  applied: (report: R) => string;
  /** what the file's columns are */
  help: ReactNode;
  /** a second, optional file sent as `photos` (the catalogue's zip of photos), with its label */
  zipLabel?: string;
  logged: string;
  onApplied: () => void;
}

/**
 * "Import CSV": the file is checked first (a dry run reporting every error by line and column), and only
 * a file without errors can be applied, all or nothing.
 */
export function CsvImport<R extends Report>({
  path,
  summary,
  applied,
  help,
  zipLabel,
  logged,
  onApplied,
}: Props<R>) {
  const id = useId();
  const [file, setFile] = useState<File | undefined>();
  const [zip, setZip] = useState<File | undefined>();
  const [report, setReport] = useState<R | undefined>();
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  const send = async (mode: 'dry-run' | 'apply') => {
    if (!file) return setMessage('Choose a CSV file first');
    const form = new FormData();
    form.append('file', file);
    if (zip) form.append('photos', zip);
    setBusy(true);
    setMessage('');
    try {
      const answer = await api.post<R>(path(mode), form);
      setReport(answer);
      if (answer.applied) {
        showAlert(applied(answer));
        onApplied();
      }
    } catch (error) {
      setReport(undefined);
      setMessage(failureMessage(error, logged));
    } finally {
      setBusy(false);
    }
  };

  // a new file makes the last report stale
  const choose = (set: (file: File | undefined) => void) => (file: File | undefined) => {
    set(file);
    setReport(undefined);
    setMessage('');
  };

  const check = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send('dry-run');
  };

  return (
    <section className="admin-card admin-import" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Import CSV</h2>
      <form className="admin-filters" onSubmit={check}>
        <FileField
          id={`${id}-file`}
          label="CSV file"
          accept=".csv,text/csv"
          helpId={`${id}-help`}
          onChoose={choose(setFile)}
        />
        {zipLabel && (
          <FileField
            id={`${id}-zip`}
            label={zipLabel}
            accept=".zip,application/zip"
            helpId={`${id}-help`}
            onChoose={choose(setZip)}
          />
        )}
        <button type="submit" className="button" disabled={busy}>
          Check the file
        </button>
      </form>
      <p id={`${id}-help`} className="admin-details">
        {help} Nothing changes until you apply a file without errors.
      </p>
      <p className="admin-form-message" role="alert">
        {message}
      </p>
      {report && !report.applied && (
        <ImportReport
          summary={summary(report)}
          errors={report.errors}
          busy={busy}
          onApply={() => send('apply')}
        />
      )}
    </section>
  );
}
