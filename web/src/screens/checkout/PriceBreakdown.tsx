import { formatRupees } from '../../../../contract/money.ts';
import type { PriceDetails } from '../../../../contract/shopping.ts';

/** A negative amount as the shopper reads it: -₹200. */
const signed = (amount: number) => (amount < 0 ? `-${formatRupees(-amount)}` : formatRupees(amount));

/** Spec section 9's breakdown, exactly as the server computed it. */
export function PriceBreakdown({ details, units }: { details: PriceDetails; units: number }) {
  return (
    <aside className="breakdown" aria-labelledby="breakdown-title">
      <h2 id="breakdown-title" className="breakdown-title">
        PRICE DETAILS
      </h2>
      <dl className="breakdown-rows">
        <div>
          <dt>
            Total price ({units} {units === 1 ? 'item' : 'items'})
          </dt>
          <dd>{formatRupees(details.totalPrice)}</dd>
        </div>
        <div>
          <dt>Discount</dt>
          <dd className="breakdown-saving">{signed(details.discount)}</dd>
        </div>
        <div>
          <dt>Delivery charge</dt>
          <dd className={details.deliveryCharge === 0 ? 'breakdown-saving' : undefined}>
            {details.deliveryCharge === 0 ? 'FREE' : formatRupees(details.deliveryCharge)}
          </dd>
        </div>
        <div className="breakdown-total">
          <dt>Amount to pay</dt>
          <dd>{formatRupees(details.amountToPay)}</dd>
        </div>
      </dl>
      <p className="breakdown-note">
        Free delivery on spending above {formatRupees(details.freeDeliveryAbove)}
      </p>
    </aside>
  );
}
