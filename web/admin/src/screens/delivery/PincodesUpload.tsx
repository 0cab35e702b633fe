import { useId, useState } from 'react';
import type { Partner, PincodesReport } from '../../../../../contract/partners.ts';
import { showAlert } from '../../../../shared/components/Alert.tsx';
import { api } from '../../api/client.ts';
import { apiPaths } from '../../api/paths.ts';
import { failureMessage } from '../../api/useLoad.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FileField } from '../../components/FileField.tsx';
import { ImportReport } from '../../components/ImportReport.tsx';
import { useCsvCheck } from '../../components/useCsvCheck.ts';
import { plural } from '../../lib/format.ts';

interface Props {
  partners: Partner[];
  /** a list was applied: the counts change */
  onApplied: () => void;
}

/**
 * The pincodes a partner serves: a CSV of a column `pincode` and an optional `cod` (Y or N: whether it
 * collects cash there), checked first (every error by line and column) and applied as the partner's whole
 * list; or all of India's pincodes in one click, collecting cash at each.
 */
export function PincodesUpload({ partners, onApplied }: Props) {
  const id = useId();
  const [code, setCode] = useState(partners[0]?.code ?? '');
  const [askingAllIndia, setAskingAllIndia] = useState(false);
  const partner = partners.find((p) => p.code === code);
  const { report, message, setMessage, busy, applied, stale, choose, check, apply } =
    useCsvCheck<PincodesReport>({
      path: (mode) => apiPaths.partnerPincodes(code, mode),
      logged: 'Uploading pincodes failed',
      onApplied: (answer) => {
        showAlert(`${partner?.name ?? code} now serves ${plural(answer.pincodes, 'pincode', 'pincodes')}`);
        onApplied();
      },
    });

  const allIndia = async () => {
    try {
      applied(await api.post<PincodesReport>(apiPaths.allIndia(code)));
    } catch (error) {
      setMessage(failureMessage(error, 'Serving all of India failed'));
    }
  };

  return (
    <section className="admin-card admin-pincodes" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Pincodes a partner serves</h2>
      <form className="admin-filters" onSubmit={check}>
        <div className="admin-field">
          <label htmlFor={`${id}-partner`}>Partner</label>
          <select
            id={`${id}-partner`}
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              stale();
            }}
          >
            {partners.map((p) => (
              <option key={p.code} value={p.code}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <FileField id={`${id}-file`} helpId={`${id}-help`} onChoose={choose} />
        <button type="submit" className="button" disabled={busy}>
          Check the file
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => setAskingAllIndia(true)}>
          Serve all of India
        </button>
      </form>
      <p id={`${id}-help`} className="admin-details">
        A column headed “pincode”, one pincode a line, and optionally a second column “cod”: Y where the
        partner collects cash on delivery, N where it does not (empty, or no such column: Y). Applying a file
        makes it the partner’s whole list; nothing changes until you apply a file without errors.
      </p>
      <p className="admin-form-message" role="alert">
        {message}
      </p>
      {report && (
        <ImportReport
          summary={`${plural(report.rows, 'row', 'rows')} for ${plural(report.pincodes, 'pincode', 'pincodes')} (cash on delivery at ${report.codPincodes.toLocaleString('en-IN')})`}
          errors={report.errors}
          busy={busy}
          onApply={apply}
        />
      )}
      {askingAllIndia && (
        <ConfirmDialog
          title={`Serve all of India: ${partner?.name ?? code}`}
          confirm="Serve all of India"
          onClose={() => setAskingAllIndia(false)}
          onConfirm={allIndia}
        >
          <p>
            Every pincode of India’s list becomes this partner’s, collecting cash on delivery at each, in
            place of its list now.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
