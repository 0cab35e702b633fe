import { useId, useState } from 'react';
import type { RemittanceReport } from '../../../../../contract/cod.ts';
import { formatPaise } from '../../../../../contract/money.ts';
import { showAlert } from '../../../../shared/components/Alert.tsx';
import { apiPaths } from '../../api/paths.ts';
import { AdminTable } from '../../components/AdminTable.tsx';
import { FileField } from '../../components/FileField.tsx';
import { useCsvCheck } from '../../components/useCsvCheck.ts';
import { plural } from '../../lib/format.ts';

interface Props {
  /** a file was applied: the cash outstanding changes */
  onApplied: () => void;
}

const summaryOf = (report: RemittanceReport) =>
  `${plural(report.rows, 'row', 'rows')}: ${report.matched.length} matched (${formatPaise(
    report.matched.reduce((sum, row) => sum + row.amountPaise, 0),
  )}), ${report.mismatched.length} mismatched`;

/**
 * The courier's remittance file (`awb,amount,date,reference`), checked first: the rows that match a
 * delivered item's cash, those that do not and why, and the file's errors by line and column; applying a
 * file without errors marks the matched items' cash received, and changes nothing else.
 */
export function RemittanceUpload({ onApplied }: Props) {
  const id = useId();
  const [done, setDone] = useState<RemittanceReport | undefined>();
  const { report, message, busy, choose, check, apply } = useCsvCheck<RemittanceReport>({
    path: apiPaths.codRemittances,
    logged: 'Uploading a remittance file failed',
    onApplied: (answer) => {
      setDone(answer);
      showAlert(`Cash received for ${plural(answer.matched.length, 'item', 'items')}`);
      onApplied();
    },
  });
  const shown = report ?? done;

  return (
    <section className="admin-card admin-cod-remittance" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Courier’s remittance file</h2>
      <form
        className="admin-filters"
        onSubmit={(event) => {
          setDone(undefined);
          check(event);
        }}
      >
        <FileField
          id={`${id}-file`}
          helpId={`${id}-help`}
          onChoose={(file) => {
            setDone(undefined);
            choose(file);
          }}
        />
        <button type="submit" className="button" disabled={busy}>
          Check the file
        </button>
      </form>
      <p id={`${id}-help`} className="admin-details">
        The columns “awb,amount,date,reference”: the AWB (or the tracking id of an item shipped by hand), the
        rupees remitted, the date as YYYY-MM-DD and the bank reference (UTR). Nothing changes until you apply
        a file without errors, and then only the matched items’ cash is marked received.
      </p>
      <p className="admin-form-message" role="alert">
        {message}
      </p>
      {shown && (
        <div className="admin-import-report admin-cod-report" role="status">
          <p>
            {done ? 'Applied: ' : ''}
            {summaryOf(shown)}
            {shown.errors.length > 0 &&
              `, ${plural(shown.errors.length, 'error', 'errors')} to correct before the file can be applied`}
            .
          </p>
          {shown.matched.length > 0 && (
            <AdminTable caption={done ? 'Cash received' : 'Matched'} columns={['AWB', 'Item', 'Amount']}>
              {shown.matched.map((row) => (
                <tr key={row.awb}>
                  <td data-label="AWB">{row.awb}</td>
                  <td data-label="Item">{row.purchaseId}</td>
                  <td data-label="Amount">{formatPaise(row.amountPaise)}</td>
                </tr>
              ))}
            </AdminTable>
          )}
          {shown.mismatched.length > 0 && (
            <AdminTable
              caption="Mismatched: nothing changes for these"
              columns={['AWB', 'Item', 'Due', 'Remitted', 'Why']}
            >
              {shown.mismatched.map((row) => (
                // one AWB may be listed twice in a file, the second time for another reason
                <tr key={`${row.awb} ${row.reason} ${row.remittedPaise}`}>
                  <td data-label="AWB">{row.awb}</td>
                  <td data-label="Item">{row.purchaseId ?? '—'}</td>
                  <td data-label="Due">
                    {row.expectedPaise === null ? '—' : formatPaise(row.expectedPaise)}
                  </td>
                  <td data-label="Remitted">{formatPaise(row.remittedPaise)}</td>
                  <td data-label="Why">{row.reason}</td>
                </tr>
              ))}
            </AdminTable>
          )}
          {shown.errors.length > 0 && (
            <ul className="admin-plain-list" aria-label="Errors in the file">
              {shown.errors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          )}
          {!done && shown.errors.length === 0 && (
            <button type="button" className="button button-primary" disabled={busy} onClick={apply}>
              Apply
            </button>
          )}
        </div>
      )}
    </section>
  );
}
