import type { PurchasePageResponse } from '../../../../contract/shopping.ts';
import { LoginPrompt } from '../../components/LoginPrompt.tsx';
import { LoadFailed, NothingYet } from '../../components/ScreenMessage.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { CartItem } from './CartItem.tsx';
import { PriceBreakdown } from './PriceBreakdown.tsx';
import { useCart } from './useCart.ts';
import './checkout.css';

const STEPS = ['PRODUCT REVIEW', 'SHIPPING ADDRESS', 'PAYMENT METHOD'] as const;

/** /checkout: not logged in, an empty cart, or the checkout steps beside the price breakdown. */
export function CheckoutScreen() {
  usePageTitle('Cart');
  const { state, busy, plus, minus, retry } = useCart();

  if (state.status === 'loading') return <Spinner />;
  if (state.status === 'loggedOut') {
    return <LoginPrompt message="Oops! IT SEEMS YOU'VE NOT LOGGEDIN, PLEASE CLICK BELOW TO LOGIN/ SIGNUP" />;
  }
  if (state.status === 'failed') {
    return <LoadFailed what="cart" onRetry={retry} />;
  }
  if (state.cart.prods.length === 0) {
    return <NothingYet title="IT SEEMS YOUR CART IS EMPTY" />;
  }
  return <Checkout cart={state.cart} busy={busy} onPlus={plus} onMinus={minus} />;
}

interface CheckoutProps {
  cart: PurchasePageResponse;
  busy: boolean;
  onPlus: ReturnType<typeof useCart>['plus'];
  onMinus: ReturnType<typeof useCart>['minus'];
}

/**
 * Step 1 (PRODUCT REVIEW). Address and payment (steps 2 and 3) arrive with the payment issue: the step
 * list names them, and Continue stays disabled with a note until they exist.
 */
function Checkout({ cart, busy, onPlus, onMinus }: CheckoutProps) {
  const units = cart.prods.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <div className="checkout">
      <h1 className="visually-hidden">Checkout</h1>
      <ol className="checkout-steps" aria-label="Checkout steps">
        {STEPS.map((title, index) => (
          <li key={title} aria-current={index === 0 ? 'step' : undefined}>
            <span className="step-number" aria-hidden="true">
              {index + 1}
            </span>
            {title}
          </li>
        ))}
      </ol>
      <div className="checkout-columns">
        <section className="checkout-step" aria-labelledby="review-title" aria-busy={busy}>
          <h2 id="review-title" className="checkout-step-title">
            PRODUCT REVIEW
          </h2>
          <ul className="cart-items">
            {cart.prods.map((line) => (
              <CartItem
                key={line.orderID}
                line={line}
                busy={busy}
                onPlus={() => onPlus(line, cart.prods)}
                onMinus={() => onMinus(line)}
              />
            ))}
          </ul>
          <div className="checkout-continue">
            <button type="button" className="button button-primary" disabled aria-describedby="continue-note">
              Continue
            </button>
            <p id="continue-note" className="checkout-note">
              Address and payment are coming soon
            </p>
          </div>
        </section>
        <PriceBreakdown details={cart.priceDetails} units={units} />
      </div>
    </div>
  );
}
