import { useId } from 'react';
import type { PurchasePageResponse, UserInfo } from '../../../../../contract/shopping.ts';
import { Spinner } from '../../../../shared/components/Spinner.tsx';
import { SimulatedCheckout } from './SimulatedCheckout.tsx';
import { usePayment } from './usePayment.ts';

interface Props {
  bag: PurchasePageResponse;
  userInfo: UserInfo;
  onBack: () => void;
  onBagChanged: () => void;
  onSessionLost: () => void;
}

/** Step 3 (PAYMENT METHOD): online payment is the only method (the spec: prepaid only). */
export function PaymentStep({ bag, userInfo, onBack, onBagChanged, onSessionLost }: Props) {
  const methodName = useId();
  const { processing, notice, checkOut, simulatedWindow } = usePayment({
    bag,
    userInfo,
    onBagChanged,
    onSessionLost,
  });

  // the buttons stay (and keep focus) while busy; checkOut ignores a second press itself
  const busy = Boolean(processing) || Boolean(simulatedWindow);

  return (
    <div className="payment-step" aria-busy={Boolean(processing)}>
      <fieldset className="payment-methods">
        <legend className="visually-hidden">Payment method</legend>
        <label className="payment-option">
          <input type="radio" name={methodName} value="ONLINE" defaultChecked />
          ONLINE
        </label>
      </fieldset>
      <p className="payment-notice" role="status">
        {notice}
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
        <button type="button" className="button button-primary" aria-disabled={busy} onClick={checkOut}>
          Check out
        </button>
      </div>
      {processing && <Spinner label={processing} />}
      {simulatedWindow && <SimulatedCheckout {...simulatedWindow} />}
    </div>
  );
}
