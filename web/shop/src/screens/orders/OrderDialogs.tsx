import { type FormEvent, useId, useRef, useState } from 'react';
import { CANCEL_CONFIRM, RETURN_PROMPT } from '../../../../../contract/after-sale-constants.ts';
import {
  PHOTO_REASONS,
  RETURN_COMMENT_MAX,
  RETURN_REASON_CODES,
  RETURN_REASONS,
  type ReturnReasonCode,
} from '../../../../../contract/fit-returns-constants.ts';
import { checkRefundTo, type RefundTo, type RefundToProblems } from '../../../../../contract/refund-to.ts';
import { Modal, ModalFormButtons } from '../../../../shared/components/Modal.tsx';
import { TextAreaField } from '../../components/TextAreaField.tsx';
import { EMPTY_REFUND_TO, RefundToFields, refundToBody } from './RefundToFields.tsx';

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
  /** a cash on delivery line's: where its refund goes */
  refundTo?: RefundTo;
}

interface ReturnProps {
  open: boolean;
  name: string;
  /** a cash on delivery line: the dialog asks where the refund goes */
  cod: boolean;
  /** sends the return; answers what the server found wrong with refundTo, to show beside its parts */
  onSubmit: (ask: ReturnAsk) => Promise<RefundToProblems | undefined>;
  onClose: () => void;
}

/**
 * Asks why the item goes back: one of RETURN_REASONS (radio buttons), the spec's prompt (section 4) over
 * an optional comment, and a photo of the item for a defective or wrong one. For a cash on delivery line
 * it asks where the refund goes too, checked here as the server checks it (contract/refund-to.ts).
 */
export function ReturnDialog({ open, name, cod, onSubmit, onClose }: ReturnProps) {
  const [reasonCode, setReasonCode] = useState<ReturnReasonCode>();
  const [comment, setComment] = useState('');
  const [refundInput, setRefundInput] = useState(EMPTY_REFUND_TO);
  const [problems, setProblems] = useState<RefundToProblems>({});
  const [sending, setSending] = useState(false);
  const photoRef = useRef<HTMLInputElement>(null);
  const photoId = useId();
  const needsPhoto = reasonCode !== undefined && PHOTO_REASONS.includes(reasonCode);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reasonCode || sending) return;
    const photo = needsPhoto ? photoRef.current?.files?.[0] : undefined;
    const checked = cod ? checkRefundTo(refundToBody(refundInput)) : undefined;
    if (checked && 'problems' in checked) {
      setProblems(checked.problems);
      return;
    }
    setProblems({});
    setSending(true);
    const refused = await onSubmit({
      reasonCode,
      comment: comment.trim(),
      photo,
      refundTo: checked?.refundTo,
    });
    setSending(false);
    if (refused) setProblems(refused);
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
        {cod && (
          <RefundToFields
            value={refundInput}
            onChange={(value) => {
              setRefundInput(value);
              setProblems({});
            }}
            problems={problems}
          />
        )}
        <ModalFormButtons onClose={onClose} />
      </form>
    </Modal>
  );
}
