import { type FormEvent, type ReactNode, useState } from 'react';
import { Modal } from '../../../shared/components/Modal.tsx';

interface Props {
  title: string;
  /** the button that does it, named as the action is ("Ship", "Cancel line") */
  confirm: string;
  onClose: () => void;
  /** does it; the dialog closes once it settles, whatever the answer */
  onConfirm: (form: FormData) => Promise<void>;
  /** what doing it means, and any field it asks for */
  children: ReactNode;
}

/** Every change in the back office is confirmed first: the question, "Go back", and the action's button. */
export function ConfirmDialog({ title, confirm, onClose, onConfirm, children }: Props) {
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      await onConfirm(new FormData(event.currentTarget));
    } finally {
      setBusy(false);
      onClose();
    }
  };
  return (
    <Modal open onClose={onClose} title={title} showClose={false}>
      <form onSubmit={submit}>
        {children}
        <div className="modal-buttons">
          <button type="button" className="button" onClick={onClose}>
            Go back
          </button>
          <button type="submit" className="button button-primary" disabled={busy}>
            {confirm}
          </button>
        </div>
      </form>
    </Modal>
  );
}
