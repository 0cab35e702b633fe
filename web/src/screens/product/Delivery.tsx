import { type FormEvent, useId, useState } from 'react';
import { NOT_SERVICEABLE_MESSAGE } from '../../../../contract/shopping-messages.ts';
import { deliveryWindow } from '../../lib/delivery-window.ts';
import { lastPincode, rememberPincode } from '../../lib/last-pincode.ts';

const PINCODE = /^[1-9]\d{5}$/;

interface Props {
  /** true/false once the server answers; undefined when it did not (e.g. the shopper must log in) */
  onCheck: (pincode: string) => Promise<boolean | undefined>;
  /** whether the cart is unlocked: only a pincode confirmed serviceable does it */
  onResult: (serviceable: boolean) => void;
}

type Message = { text: string; ok: boolean } | undefined;

/** The delivery check that unlocks ADD TO CART; typing clears the last answer. */
export function Delivery({ onCheck, onResult }: Props) {
  const inputId = useId();
  const messageId = useId();
  const [pincode, setPincode] = useState(lastPincode);
  const [message, setMessage] = useState<Message>(undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!PINCODE.test(pincode)) {
      setMessage({ text: 'Please enter a valid 6-digit pincode', ok: false });
      return;
    }
    const serviceable = await onCheck(pincode);
    if (serviceable === undefined) return;
    rememberPincode(pincode);
    onResult(serviceable);
    setMessage(
      serviceable
        ? { text: 'Pincode is serviceable', ok: true }
        : { text: NOT_SERVICEABLE_MESSAGE, ok: false },
    );
  };

  return (
    <form className="delivery" onSubmit={submit} noValidate>
      <label htmlFor={inputId} className="choice-title">
        CHECK DELIVERY
      </label>
      <div className="delivery-row">
        <input
          id={inputId}
          type="text"
          inputMode="numeric"
          autoComplete="postal-code"
          pattern="[0-9]*"
          maxLength={6}
          placeholder="Search to unlock cart"
          aria-describedby={messageId}
          value={pincode}
          onChange={(event) => {
            setPincode(event.target.value.replace(/\D/g, ''));
            setMessage(undefined);
            onResult(false);
          }}
        />
        <button type="submit" className="button">
          CHECK
        </button>
      </div>
      <div id={messageId} role="status" className="delivery-status">
        {message && <p className={message.ok ? 'delivery-message ok' : 'delivery-message'}>{message.text}</p>}
        {message?.ok && (
          <p className="delivery-window">
            Expected delivery: <strong>{deliveryWindow(new Date())}</strong>
          </p>
        )}
      </div>
    </form>
  );
}
