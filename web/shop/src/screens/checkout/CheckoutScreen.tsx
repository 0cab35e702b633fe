import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import type { CodBreakdown } from '../../../../../contract/cod.ts';
import { paths } from '../../../../../contract/paths.ts';
import type { PurchasePageResponse, UserInfo } from '../../../../../contract/shopping.ts';
import { Spinner } from '../../../../shared/components/Spinner.tsx';
import { usePageTitle } from '../../../../shared/components/usePageTitle.ts';
import type { ReturnTo } from '../../app/after-login.ts';
import { LoginPrompt } from '../../components/LoginPrompt.tsx';
import { LoadFailed, NothingYet } from '../../components/ScreenMessage.tsx';
import { AddressStep } from './AddressStep.tsx';
import { BagChangesNotice } from './BagChangesNotice.tsx';
import { BagItem } from './BagItem.tsx';
import { CouponsPanel } from './CouponsPanel.tsx';
import { PaymentStep } from './PaymentStep.tsx';
import { PriceBreakdown } from './PriceBreakdown.tsx';
import { type BagPage, useBag } from './useBag.ts';
import './checkout.css';

const STEPS = ['PRODUCT REVIEW', 'SHIPPING ADDRESS', 'PAYMENT METHOD'] as const;

/**
 * /checkout: the bag (a visitor's too, decision 022), with what login changed in it, empty, or the
 * checkout steps beside the price breakdown. Lost sessions show the not-logged-in state.
 */
export function CheckoutScreen() {
  usePageTitle('Cart');
  return (
    <>
      <BagChangesNotice />
      <Bag />
    </>
  );
}

function Bag() {
  const { state, busy, plus, minus, applyCoupon, removeCoupon, retry, sessionLost } = useBag();

  if (state.status === 'loading') return <Spinner />;
  if (state.status === 'loggedOut') {
    return <LoginPrompt message="Oops! IT SEEMS YOU'VE NOT LOGGEDIN, PLEASE CLICK BELOW TO LOGIN/ SIGNUP" />;
  }
  if (state.status === 'failed') {
    return <LoadFailed what="cart" onRetry={retry} />;
  }
  if (state.data.prods.length === 0) {
    return <NothingYet title="IT SEEMS YOUR CART IS EMPTY" />;
  }
  return (
    <Checkout
      bag={state.data}
      busy={busy}
      onPlus={plus}
      onMinus={minus}
      onApplyCoupon={applyCoupon}
      onRemoveCoupon={removeCoupon}
      onReload={retry}
      onSessionLost={sessionLost}
    />
  );
}

interface CheckoutProps {
  bag: BagPage;
  busy: boolean;
  onPlus: ReturnType<typeof useBag>['plus'];
  onMinus: ReturnType<typeof useBag>['minus'];
  onApplyCoupon: ReturnType<typeof useBag>['applyCoupon'];
  onRemoveCoupon: ReturnType<typeof useBag>['removeCoupon'];
  onReload: () => void;
  onSessionLost: () => void;
}

type Step = 0 | 1 | 2;

/** The customer's details, or undefined for a visitor's bag (its `userInfo` is {}). */
const shopperOf = (bag: PurchasePageResponse): UserInfo | undefined =>
  'phoneNo' in bag.userInfo ? bag.userInfo : undefined;

/**
 * The three steps (the spec's states): 1 <-> 2 <-> 3; focus follows to each step's heading. A visitor's
 * Continue goes to login (or sign-up) and back here, since checkout needs an account.
 */
function Checkout({
  bag,
  busy,
  onPlus,
  onMinus,
  onApplyCoupon,
  onRemoveCoupon,
  onReload,
  onSessionLost,
}: CheckoutProps) {
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>(0);
  // the address as step 2 saved it; until then the profile's
  const [userInfo, setUserInfo] = useState(() => shopperOf(bag));
  // cash on delivery chosen in step 3: the breakdown with its fee, shown until the step is left
  const [codBreakdown, setCodBreakdown] = useState<CodBreakdown>();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const units = bag.prods.reduce((sum, line) => sum + line.quantity, 0);
  // the server's sentence: create-order would refuse this bag with it
  const overLimit = bag.orderLimit;

  const goTo = (next: Step) => {
    flushSync(() => {
      setStep(next);
      setCodBreakdown(undefined);
    });
    headingRef.current?.focus();
  };

  return (
    <div className="checkout">
      <h1 className="visually-hidden">Checkout</h1>
      <ol className="checkout-steps" aria-label="Checkout steps">
        {STEPS.map((title, index) => (
          <li key={title} aria-current={index === step ? 'step' : undefined}>
            <span className="step-number" aria-hidden="true">
              {index + 1}
            </span>
            {title}
          </li>
        ))}
      </ol>
      <div className="checkout-columns">
        <section className="checkout-step" aria-labelledby="step-title" aria-busy={step === 0 && busy}>
          <h2 id="step-title" ref={headingRef} tabIndex={-1} className="checkout-step-title">
            {STEPS[step]}
          </h2>
          {step === 0 && (
            <>
              <ul className="cart-items">
                {bag.prods.map((line) => (
                  <BagItem
                    key={line.orderID}
                    line={line}
                    busy={busy}
                    onPlus={() => onPlus(line, bag.prods)}
                    onMinus={() => onMinus(line)}
                  />
                ))}
              </ul>
              <CouponsPanel
                coupons={bag.coupons}
                applied={bag.coupon}
                busy={busy}
                onApply={onApplyCoupon}
                onRemove={onRemoveCoupon}
              />
              {overLimit && (
                <p className="checkout-limit" role="alert">
                  {overLimit}
                </p>
              )}
              <div className="checkout-continue">
                {userInfo ? (
                  <button type="button" className="button button-primary" onClick={() => goTo(1)}>
                    Continue
                  </button>
                ) : (
                  <button
                    type="button"
                    className="button button-primary"
                    onClick={() =>
                      navigate(paths.login(), { state: { next: paths.checkout() } satisfies ReturnTo })
                    }
                  >
                    Log in to continue
                  </button>
                )}
              </div>
            </>
          )}
          {step === 1 && userInfo && (
            <AddressStep
              lines={bag.prods}
              userInfo={userInfo}
              onBack={() => goTo(0)}
              onSaved={(saved) => {
                setUserInfo(saved);
                goTo(2);
              }}
              onSessionLost={onSessionLost}
            />
          )}
          {step === 2 && userInfo && (
            <PaymentStep
              bag={bag}
              userInfo={userInfo}
              onBack={() => goTo(1)}
              onBagChanged={() => {
                onReload();
                goTo(0);
              }}
              onSessionLost={onSessionLost}
              onCodChosen={setCodBreakdown}
            />
          )}
        </section>
        <PriceBreakdown
          priceDetails={bag.priceDetails}
          breakdown={codBreakdown ?? bag.breakdown}
          coupon={bag.coupon}
          units={units}
          codFee={codBreakdown?.codFee}
        />
      </div>
    </div>
  );
}
