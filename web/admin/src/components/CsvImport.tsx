import { type ReactNode, useId, useState } from 'react';
import { showAlert } from '../../../shared/components/Alert.tsx';
import { FileField } from './FileField.tsx';
import { ImportReport } from './ImportReport.tsx';
import { type CsvReport, useCsvCheck } from './useCsvCheck.ts';

interface Props<R extends CsvReport> {
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
export function CsvImport<R extends CsvReport>({
  path,
  summary,
  applied,
  help,
  zipLabel,
  logged,
  onApplied,
}: Props<R>) {
  const id = useId();
  const [zip, setZip] = useState<File | undefined>();
  const { report, message, busy, stale, choose, check, apply } = useCsvCheck<R>({
    path,
    photos: zip,
    logged,
    onApplied: (answer) => {
      showAlert(applied(answer));
      onApplied();
    },
  });

  return (
    <section className="admin-card admin-import" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Import CSV</h2>
      <form className="admin-filters" onSubmit={check}>
        <FileField id={`${id}-file`} helpId={`${id}-help`} onChoose={choose} />
        {zipLabel && (
          <FileField
            id={`${id}-zip`}
            label={zipLabel}
            accept=".zip,application/zip"
            helpId={`${id}-help`}
            onChoose={(chosen) => {
              setZip(chosen);
              stale();
            }}
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
      {report && (
        <ImportReport summary={summary(report)} errors={report.errors} busy={busy} onApply={apply} />
      )}
    </section>
  );
}
