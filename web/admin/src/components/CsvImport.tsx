import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import type { ImportResponse } from '../../../../../contract/products.ts';
import { showAlert } from '../../../../src/components/Alert.tsx';
import { api } from '../../api/client.ts';
import { apiPaths } from '../../api/paths.ts';
import { failureMessage } from '../../api/useLoad.ts';
import { ImportReport } from '../../components/ImportReport.tsx';
import { plural } from '../../lib/format.ts';

/**
 * "Import CSV" (with a zip of the photos its rows name, if any): the file is checked first (a dry run reporting every error by line and column), and only
 * a file without errors can be applied, all or nothing.
 */
export function CatalogueImport({ onApplied }: { onApplied: () => void }) {
  const id = useId();
  const [file, setFile] = useState<File | undefined>();
  const [zip, setZip] = useState<File | undefined>();
  const [report, setReport] = useState<ImportResponse | undefined>();
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
      const answer = await api.post<ImportResponse>(apiPaths.catalogueImport(mode), form);
      setReport(answer);
      if (answer.applied) {
        showAlert(`Imported: ${plural(answer.products, 'product', 'products')}`);
        onApplied();
      }
    } catch (error) {
      setReport(undefined);
      setMessage(failureMessage(error, 'Importing the catalogue failed'));
    } finally {
      setBusy(false);
    }
  };

  // a new file makes the last report stale
  const choose = (set: (file: File | undefined) => void) => (event: ChangeEvent<HTMLInputElement>) => {
    set(event.target.files?.[0]);
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
        <div className="admin-field">
          <label htmlFor={`${id}-file`}>CSV file</label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv"
            aria-describedby={`${id}-help`}
            onChange={choose(setFile)}
          />
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-zip`}>Photos in a zip (optional)</label>
          <input
            id={`${id}-zip`}
            type="file"
            accept=".zip,application/zip"
            aria-describedby={`${id}-help`}
            onChange={choose(setZip)}
          />
        </div>
        <button type="submit" className="button" disabled={busy}>
          Check the file
        </button>
      </form>
      <p id={`${id}-help`} className="admin-details">
        The columns of “Export CSV”, one row per size; the photos column names uploaded photos or files in the
        zip. Nothing changes until you apply a file without errors.
      </p>
      <p className="admin-form-message" role="alert">
        {message}
      </p>
      {report && !report.applied && (
        <ImportReport
          summary={`${plural(report.rows, 'row', 'rows')} for ${plural(report.products, 'product', 'products')}`}
          errors={report.errors}
          busy={busy}
          onApply={() => send('apply')}
        />
      )}
    </section>
  );
}
