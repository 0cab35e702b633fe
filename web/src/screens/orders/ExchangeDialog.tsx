import { type FormEvent, useId, useState } from 'react';
import {
  RETURN_REASON_CODES,
  RETURN_REASONS,
  type ReturnReasonCode,
} from '../../../../contract/fit-returns-constants.ts';
import type { OrderLine } from '../../../../contract/orders.ts';
import { Modal, ModalFormButtons } from '../../components/Modal.tsx';

interface Props {
  /** the line being exchanged; the dialog is closed without one */
  line: OrderLine | undefined;
  onSubmit: (size: string, reasonCode: ReturnReasonCode) => void;
  onClose: () => void;
}

/** Exchange for another size: one of the sizes free now, and why. */
export function ExchangeDialog({ line, onSubmit, onClose }: Props) {
  const sizes = line?.exchangeSizes ?? [];
  const [size, setSize] = useState(sizes[0] ?? '');
  const [reason, setReason] = useState<ReturnReasonCode>(RETURN_REASON_CODES[0] ?? 'too_small');
  const reasonId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(size, reason);
  };
  return (
    <Modal
      open={line !== undefined}
      onClose={onClose}
      title="Exchange"
      showClose={false}
      className="order-dialog"
    >
      <form onSubmit={submit}>
        <p className="order-dialog-item">
          {line?.name} (size {line?.size})
        </p>
        <fieldset className="exchange-sizes">
          <legend className="order-dialog-label">New size</legend>
          {sizes.map((choice) => (
            <label key={choice} className="exchange-size">
              <input
                type="radio"
                name="exchange-size"
                value={choice}
                checked={size === choice}
                onChange={() => setSize(choice)}
              />
              {choice}
            </label>
          ))}
        </fieldset>
        <label htmlFor={reasonId} className="order-dialog-label">
          Why?
        </label>
        <select
          id={reasonId}
          className="exchange-reason"
          value={reason}
          onChange={(event) => setReason(event.target.value as ReturnReasonCode)}
        >
          {RETURN_REASON_CODES.map((code) => (
            <option key={code} value={code}>
              {RETURN_REASONS[code]}
            </option>
          ))}
        </select>
        <ModalFormButtons onClose={onClose} />
      </form>
    </Modal>
  );
}

/** Where the line's exchange stands, in the shopper's words; undefined without one. */
export function exchangeLabel(line: Pick<OrderLine, 'exchange'>): string | undefined {
  const exchange = line.exchange;
  if (!exchange) return undefined;
  const to = `size ${exchange.size}`;
  switch (exchange.status) {
    case 'exchange_requested':
      return `Exchange for ${to} requested: it is kept for you`;
    case 'exchanging':
      return `Exchange for ${to} accepted: our courier will pick the item up`;
    case 'exchanged':
      return `Exchanged for ${to}: it ships as a new item`;
    case 'exchange_rejected':
      return `Exchange for ${to} refused`;
    default:
      // received back when the size could no longer go: refunded, the note says why
      return 'Returned';
  }
}
