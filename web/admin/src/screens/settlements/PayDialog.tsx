import { type FormEvent, useId, useState } from 'react';
import { UTR_PATTERN } from '../../../../../contract/books.ts';
import type { PayoutRecorded } from '../../../../../contract/settlements.ts';
import { showAlert } from '../../../../shared/components/Alert.tsx';
import { Modal } from '../../../../shared/components/Modal.tsx';
import { api } from '../../api/client.ts';
import { apiPaths } from '../../api/paths.ts';
import { useSave } from '../../api/useSave.ts';
import { controlProps, Field } from '../../components/Field.tsx';
import { formatAmount, plural } from '../../lib/format.ts';

interface Props {
  seller: string;
  sellerId: number;
  period: string;
  /** what is payable now, in words: "₹1,234.50 for 3 lines" */
  due: string;
  onClose: () => void;
  onPaid: () => void;
}

const UTR_RULE = 'The UTR is the bank’s reference: 12 to 22 letters and digits, no spaces';

/**
 * Records that the owner paid a seller what is payable now, with the bank transfer's UTR. The UTR is
 * checked here first; the server's refusal (a UTR already recorded, nothing left to pay) shows beside it
 * and the dialog stays open.
 */
export function PayDialog({ seller, sellerId, period, due, onClose, onPaid }: Props) {
  const id = useId();
  const [utr, setUtr] = useState('');
  const focusUtr = () => document.getElementById(`${id}-utr`)?.focus();
  const { errors, setErrors, message, busy, save } = useSave<PayoutRecorded>('Recording a payout failed', {
    onSaved: (payout) => {
      showAlert(
        `Paid ${seller} ${formatAmount(payout.amount)} for ${plural(payout.lines, 'line', 'lines')}, UTR ${payout.utr}`,
      );
      onPaid();
    },
    onRefused: focusUtr,
  });
  // a refusal without a field (409) is about the UTR too: it is the one thing asked here
  const error = errors.utr ?? (message || undefined);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reference = utr.trim();
    if (!UTR_PATTERN.test(reference)) {
      setErrors({ utr: UTR_RULE });
      focusUtr();
      return;
    }
    save(() => api.post<PayoutRecorded>(apiPaths.paySeller(sellerId), { period, utr: reference }));
  };

  return (
    <Modal open onClose={onClose} title={`Mark ${seller} paid`} showClose={false}>
      <form onSubmit={submit} noValidate>
        <p>
          Record the bank transfer to {seller} of {due} delivered in {period}. Lines that become payable later
          are paid by a later transfer.
        </p>
        <Field id={`${id}-utr`} label="UTR (the bank’s reference)" error={error}>
          <input
            {...controlProps(`${id}-utr`, error)}
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="characters"
            value={utr}
            onChange={(event) => setUtr(event.target.value)}
          />
        </Field>
        <div className="modal-buttons">
          <button type="button" className="button" onClick={onClose}>
            Go back
          </button>
          <button type="submit" className="button button-primary" disabled={busy}>
            Mark paid
          </button>
        </div>
      </form>
    </Modal>
  );
}
