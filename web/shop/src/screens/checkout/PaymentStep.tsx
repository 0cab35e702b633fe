import { useEffect, useId, useState } from 'react';
import type { CodBreakdown, Eligibility } from '../../../../../contract/cod.ts';
import { formatRupees } from '../../../../../contract/money.ts';
import type { PurchasePageResponse, UserInfo } from '../../../../../contract/shopping.ts';
import { Spinner } from '../../../../shared/components/Spinner.tsx';
import { COD_TITLE } from '../../lib/cod.ts';
import { SimulatedCheckout } from './SimulatedCheckout.tsx';
import { useCodEligibility, useCodOrder } from './useCodOrder.ts';
import { usePayment } from './usePayment.ts';

interface Props {
  bag: PurchasePageResponse;
  userInfo: UserInfo;
  onBack: () => void;
  onBagChanged: () => void;
  onSessionLost: () => void;
  /** cash on delivery chosen (its breakdown, the fee included) or not (undefined) */
  onCodChosen: (breakdown: CodBreakdown | undefined) => void;
}

type Method = 'ONLINE' | 'COD';

/**
 * Step 3 (PAYMENT METHOD): paying online, or cash on delivery where the shop offers it for this bag and
 * address, with its fee; where it does not, the reason in the server's words in its place.
 */
export function PaymentStep({ bag, userInfo, onBack, onBagChanged, onSessionLost, onCodChosen }: Props) {
  const methodName = useId();
  const [method, setMethod] = useState<Method>('ONLINE');
  const eligibility = useCodEligibility(userInfo.pin);
  const online = usePayment({ bag, userInfo, onBagChanged, onSessionLost });
  const cod = useCodOrder({ onBagChanged, onSessionLost });
  const offer = eligibility.state.status === 'ready' ? eligibility.state.data : undefined;

  useEffect(() => {
    if (eligibility.state.status === 'loggedOut') onSessionLost();
  }, [eligibility.state.status, onSessionLost]);

  const choose = (chosen: Method) => {
    setMethod(chosen);
    onCodChosen(chosen === 'COD' ? offer?.breakdown : undefined);
  };

  // the buttons stay (and keep focus) while busy; a second press is ignored
  const processing = online.processing || cod.processing;
  const busy = Boolean(processing) || Boolean(online.simulatedWindow);
  const byCash = method === 'COD' && offer?.available;

  return (
    <div className="payment-step" aria-busy={Boolean(processing)}>
      <fieldset className="payment-methods">
        <legend className="visually-hidden">Payment method</legend>
        <label className="payment-option">
          <input
            type="radio"
            name={methodName}
            value="ONLINE"
            checked={method === 'ONLINE'}
            onChange={() => choose('ONLINE')}
          />
          ONLINE
        </label>
        <CodOption
          name={methodName}
          checked={method === 'COD'}
          offer={offer}
          failed={eligibility.state.status === 'failed'}
          onChoose={() => choose('COD')}
          onRetry={eligibility.retry}
        />
      </fieldset>
      <p className="payment-notice" role="status">
        {online.notice}
      </p>
      <div className="checkout-continue">
        <button
          type="button"
          className="button"
          aria-disabled={busy}
          onClick={() => {
            if (!busy) onBack();
          }}
        >
          Modify address
        </button>
        {byCash ? (
          <button
            type="button"
            className="button button-primary"
            aria-disabled={busy}
            onClick={() => cod.place(offer.breakdown)}
          >
            Place order
          </button>
        ) : (
          <button
            type="button"
            className="button button-primary"
            aria-disabled={busy}
            onClick={online.checkOut}
          >
            Check out
          </button>
        )}
      </div>
      {processing && <Spinner label={processing} />}
      {online.simulatedWindow && <SimulatedCheckout {...online.simulatedWindow} />}
    </div>
  );
}

interface CodOptionProps {
  name: string;
  checked: boolean;
  /** undefined while asked, or when the asking failed */
  offer: Eligibility | undefined;
  failed: boolean;
  onChoose: () => void;
  onRetry: () => void;
}

/** "Cash on delivery" with its fee, or disabled with the reason it is not offered (or while it is asked). */
function CodOption({ name, checked, offer, failed, onChoose, onRetry }: CodOptionProps) {
  const noteId = useId();
  const available = offer?.available === true;
  const note = offer ? offer.reason : failed ? 'Cash on delivery could not be checked just now.' : null;
  return (
    <div className="payment-cod">
      <label className={available ? 'payment-option' : 'payment-option payment-option-off'}>
        <input
          type="radio"
          name={name}
          value="COD"
          checked={checked && available}
          disabled={!available}
          aria-describedby={note ? noteId : undefined}
          onChange={onChoose}
        />
        {COD_TITLE}
        {available && (
          <span className="payment-fee">{offer.fee === 0 ? 'no fee' : `${formatRupees(offer.fee)} fee`}</span>
        )}
      </label>
      {note && (
        <p id={noteId} className="payment-reason">
          {note}
          {failed && (
            <button type="button" className="button payment-retry" onClick={onRetry}>
              Try again
            </button>
          )}
        </p>
      )}
    </div>
  );
}
