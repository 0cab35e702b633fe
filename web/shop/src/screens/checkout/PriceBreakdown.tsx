import { COD_FEE_LABEL } from '../../../../../contract/cod-constants.ts';
import { formatRupees } from '../../../../../contract/money.ts';
import type { PurchasePageResponse } from '../../../../../contract/shopping.ts';
import { freeDeliveryShortfall } from '../../lib/offers.ts';

/** A negative amount as the shopper reads it: -₹200. */
const signed = (amount: number) => (amount < 0 ? `-${formatRupees(-amount)}` : formatRupees(amount));

type Props = Pick<PurchasePageResponse, 'priceDetails' | 'breakdown' | 'coupon'> & {
  units: number;
  /** cash on delivery chosen: its fee, its own line (`breakdown` is then the eligibility's, fee included) */
  codFee?: number | undefined;
};

/** A charge as the breakdown shows it: FREE when there is none. */
function Charge({ label, amount }: { label: string; amount: number }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className={amount === 0 ? 'breakdown-saving' : undefined}>
        {amount === 0 ? 'FREE' : formatRupees(amount)}
      </dd>
    </div>
  );
}

/**
 * Spec section 9's breakdown, exactly as the server computed it, with the coupon as its own line (issue
 * 28); how far the bag is from free delivery counts it after the coupon. The COD fee never counts
 * towards free delivery (the contract's cash on delivery).
 */
export function PriceBreakdown({ priceDetails, breakdown, coupon, units, codFee }: Props) {
  const shortfall = freeDeliveryShortfall(breakdown, priceDetails.freeDeliveryAbove);
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
          <dd>{formatRupees(breakdown.totalMrp)}</dd>
        </div>
        <div>
          <dt>Discount</dt>
          <dd className="breakdown-saving">{signed(breakdown.discount)}</dd>
        </div>
        {coupon && (
          <div className="breakdown-coupon">
            <dt>Coupon {coupon.code}</dt>
            <dd className="breakdown-saving">{signed(breakdown.coupon)}</dd>
          </div>
        )}
        <Charge label="Delivery charge" amount={breakdown.delivery} />
        {codFee !== undefined && <Charge label={COD_FEE_LABEL} amount={codFee} />}
        <div className="breakdown-total">
          <dt>Amount to pay</dt>
          <dd>{formatRupees(breakdown.amount)}</dd>
        </div>
      </dl>
      <p className="breakdown-note">
        Free delivery on spending above {formatRupees(priceDetails.freeDeliveryAbove)}
      </p>
      {shortfall > 0 && (
        <p className="breakdown-note">Add {formatRupees(shortfall)} more to get free delivery</p>
      )}
    </aside>
  );
}
