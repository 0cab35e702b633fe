import { type FormEvent, useState } from 'react';
import { CANCEL_CONFIRM, RETURN_PROMPT } from '../../../../contract/after-sale-constants.ts';
import { Modal, ModalFormButtons } from '../../components/Modal.tsx';
import { TextAreaField } from '../../components/TextAreaField.tsx';

interface ConfirmProps {
  open: boolean;
  /** the item, so the shopper sees which one goes */
  name: string;
  onConfirm: () => void;
  onClose: () => void;
}

/** Spec section 4's "Are you sure to cancel this?", as a dialog rather than the browser's confirm. */
export function CancelDialog({ open, name, onConfirm, onClose }: ConfirmProps) {
  return (
    <Modal open={open} onClose={onClose} title={CANCEL_CONFIRM} showClose={false} className="order-dialog">
      <p className="order-dialog-item">{name}</p>
      <div className="modal-buttons">
        <button type="button" className="button" onClick={onClose}>
          No, keep it
        </button>
        <button type="button" className="button button-primary" onClick={onConfirm}>
          Yes, cancel it
        </button>
      </div>
    </Modal>
  );
}

interface ReturnProps {
  open: boolean;
  name: string;
  onSubmit: (reason: string) => void;
  onClose: () => void;
}

/** Asks why the item goes back (spec section 4); the reason is required by the server too. */
export function ReturnDialog({ open, name, onSubmit, onClose }: ReturnProps) {
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(reason.trim());
  };
  return (
    <Modal open={open} onClose={onClose} title="Return" showClose={false} className="order-dialog">
      <form onSubmit={submit}>
        <p className="order-dialog-item">{name}</p>
        <TextAreaField
          label={RETURN_PROMPT}
          labelClassName="order-dialog-label"
          rows={4}
          maxLength={1000}
          required
          value={reason}
          onChange={setReason}
        />
        <ModalFormButtons onClose={onClose} />
      </form>
    </Modal>
  );
}
