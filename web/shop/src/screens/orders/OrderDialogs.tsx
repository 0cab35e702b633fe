import { type FormEvent, useId, useRef, useState } from 'react';
import { CANCEL_CONFIRM, RETURN_PROMPT } from '../../../../../contract/after-sale-constants.ts';
import {
  PHOTO_REASONS,
  RETURN_COMMENT_MAX,
  RETURN_REASON_CODES,
  RETURN_REASONS,
  type ReturnReasonCode,
} from '../../../../../contract/fit-returns-constants.ts';
import { Modal, ModalFormButtons } from '../../../../shared/components/Modal.tsx';
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

/** What the Return dialog asks: a reason, the shopper's words and, for some reasons, a photo. */
export interface ReturnAsk {
  reasonCode: ReturnReasonCode;
  comment: string;
  /** required for PHOTO_REASONS */
  photo: File | undefined;
}

interface ReturnProps {
  open: boolean;
  name: string;
  onSubmit: (ask: ReturnAsk) => void;
  onClose: () => void;
}

/**
 * Asks why the item goes back: one of RETURN_REASONS (radio buttons), the spec's prompt (section 4) over
 * an optional comment, and a photo of the item for a defective or wrong one.
 */
export function ReturnDialog({ open, name, onSubmit, onClose }: ReturnProps) {
  const [reasonCode, setReasonCode] = useState<ReturnReasonCode>();
  const [comment, setComment] = useState('');
  const photoRef = useRef<HTMLInputElement>(null);
  const photoId = useId();
  const needsPhoto = reasonCode !== undefined && PHOTO_REASONS.includes(reasonCode);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reasonCode) return;
    const photo = needsPhoto ? photoRef.current?.files?.[0] : undefined;
    onSubmit({ reasonCode, comment: comment.trim(), photo });
  };
  return (
    <Modal open={open} onClose={onClose} title="Return" showClose={false} className="order-dialog">
      <form onSubmit={submit}>
        <p className="order-dialog-item">{name}</p>
        <fieldset className="order-dialog-reasons">
          <legend className="order-dialog-label">Why are you returning it?</legend>
          {RETURN_REASON_CODES.map((code) => (
            <label key={code} className="order-dialog-reason">
              <input
                type="radio"
                name="reasonCode"
                value={code}
                required
                checked={reasonCode === code}
                onChange={() => setReasonCode(code)}
              />
              {RETURN_REASONS[code]}
            </label>
          ))}
        </fieldset>
        <TextAreaField
          label={RETURN_PROMPT}
          labelClassName="order-dialog-label"
          rows={3}
          maxLength={RETURN_COMMENT_MAX}
          placeholder="Optional"
          value={comment}
          onChange={setComment}
        />
        {needsPhoto && (
          <p className="order-dialog-photo">
            <label htmlFor={photoId} className="order-dialog-label">
              Photo of the item (required)
            </label>
            <input id={photoId} ref={photoRef} type="file" accept="image/*" required />
          </p>
        )}
        <ModalFormButtons onClose={onClose} />
      </form>
    </Modal>
  );
}
