import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { NOT_SERVICEABLE_MESSAGE } from '../../../../../contract/shopping-messages.ts';
import { deliveryEstimate, deliveryWhen, FALLBACK_DELIVERY_TEXT } from '../../lib/delivery-window.ts';
import { lastPincode, rememberPincode } from '../../lib/last-pincode.ts';

const PINCODE = /^[1-9]\d{5}$/;

interface Props {
  /** the product whose delivery date is shown */
  productId: number;
  /** true/false once the server answers; undefined when it did not (e.g. the connection failed) */
  onCheck: (pincode: string) => Promise<boolean | undefined>;
  /** whether the bag is unlocked: only a pincode confirmed serviceable does it */
  onResult: (serviceable: boolean) => void;
}

type Message = { text: string; ok: boolean } | undefined;

/**
 * editing: the field shows; checking: the remembered pincode is being checked for this product;
 * delivers: this product reaches the pincode, shown with its date and a Change button.
 */
type Phase = 'editing' | 'checking' | 'delivers';

/**
 * The delivery check that unlocks ADD TO CART; typing clears the last answer. The last pincode checked
 * in this browser is checked again at once for this product's partner, so the shopper types it once.
 */
export function Delivery({ productId, onCheck, onResult }: Props) {
  const inputId = useId();
  const messageId = useId();
  const [remembered] = useState(lastPincode);
  const [pincode, setPincode] = useState(remembered);
  const [phase, setPhase] = useState<Phase>(PINCODE.test(remembered) ? 'checking' : 'editing');
  const [message, setMessage] = useState<Message>(undefined);
  // "by Wed, 3 Dec" or "between ... and ...", the estimate's days; undefined when none could be had
  const [dates, setDates] = useState<string | undefined>(undefined);
  const input = useRef<HTMLInputElement>(null);
  const change = useRef<HTMLButtonElement>(null);
  // where focus goes once the phase shows: the field after Change, Change after a typed check
  const focusNext = useRef<'field' | 'change' | undefined>(undefined);
  // the page's handlers as they are now, for the check made once on arrival
  const handlers = useRef({ onCheck, onResult, productId });
  handlers.current = { onCheck, onResult, productId };

  const check = async (pin: string): Promise<boolean | undefined> => {
    const [serviceable, estimate] = await Promise.all([
      handlers.current.onCheck(pin),
      deliveryEstimate(pin, handlers.current.productId),
    ]);
    if (serviceable === undefined) return undefined;
    setDates(estimate && deliveryWhen(estimate.from, estimate.to));
    rememberPincode(pin);
    handlers.current.onResult(serviceable);
    setMessage(
      serviceable
        ? { text: 'Pincode is serviceable', ok: true }
        : { text: NOT_SERVICEABLE_MESSAGE, ok: false },
    );
    setPhase(serviceable ? 'delivers' : 'editing');
    return serviceable;
  };
  const checkOnArrival = useRef(check);

  useEffect(() => {
    if (!PINCODE.test(remembered)) return;
    checkOnArrival.current(remembered).then(
      (serviceable) => serviceable === undefined && setPhase('editing'),
      () => setPhase('editing'),
    );
  }, [remembered]);

  useEffect(() => {
    if (focusNext.current === 'field' && phase === 'editing') input.current?.focus();
    if (focusNext.current === 'change' && phase === 'delivers') change.current?.focus();
    focusNext.current = undefined;
  }, [phase]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!PINCODE.test(pincode)) {
      setMessage({ text: 'Please enter a valid 6-digit pincode', ok: false });
      return;
    }
    focusNext.current = 'change';
    await check(pincode);
  };

  return (
    <form className="delivery" onSubmit={submit} noValidate>
      {phase === 'editing' ? (
        <>
          <label htmlFor={inputId} className="choice-title">
            CHECK DELIVERY
          </label>
          <div className="delivery-row">
            <input
              ref={input}
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
            {/* its own key: React must not turn the Change button, mid-click, into this submit button */}
            <button key="check" type="submit" className="button">
              CHECK
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="choice-title">CHECK DELIVERY</p>
          <div className="delivery-row delivery-answer">
            {phase === 'checking' ? (
              <p>Checking delivery to {pincode}…</p>
            ) : (
              <>
                <p>
                  Delivery to <strong>{pincode}</strong>{' '}
                  {dates ? <strong>{dates}</strong> : <>in {FALLBACK_DELIVERY_TEXT}</>}
                </p>
                <button
                  key="change"
                  ref={change}
                  type="button"
                  className="button"
                  aria-label={`Change pincode ${pincode}`}
                  onClick={() => {
                    focusNext.current = 'field';
                    setPhase('editing');
                  }}
                >
                  Change
                </button>
              </>
            )}
          </div>
        </>
      )}
      <div id={messageId} role="status" className="delivery-status">
        {message && <p className={message.ok ? 'delivery-message ok' : 'delivery-message'}>{message.text}</p>}
      </div>
    </form>
  );
}
