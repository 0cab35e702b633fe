import type { PricedLine } from '../../db/schema.ts';
import type { DeliveryTerms } from '../shop/service.ts';

/** The spec's price breakdown, in paise: the one rule the bag page and payment share. */

/** What a price needs of a line: a bag line, or a line of a payment attempt's snapshot. */
type Priceable = Pick<PricedLine, 'unitPricePaise' | 'unitOldPricePaise' | 'quantity'>;

export interface PriceBreakdown {
  /** sum of old price x quantity */
  totalPaise: number;
  /** sum of (price - old price) x quantity: negative or 0 */
  discountPaise: number;
  /** the applied coupon's saving: positive or 0 */
  couponPaise: number;
  deliveryChargePaise: number;
  amountToPayPaise: number;
}

/**
 * `delivery`: the shop's delivery charge and free-delivery threshold (the owner's settings);
 * `couponPaise`: the applied coupon's saving on these lines. Free delivery counts the bag after it.
 */
export function priceBreakdown(
  lines: readonly Priceable[],
  delivery: DeliveryTerms,
  couponPaise = 0,
): PriceBreakdown {
  const totalPaise = lines.reduce((sum, l) => sum + l.unitOldPricePaise * l.quantity, 0);
  const discountPaise = lines.reduce(
    (sum, l) => sum + (l.unitPricePaise - l.unitOldPricePaise) * l.quantity,
    0,
  );
  const afterCoupon = totalPaise + discountPaise - couponPaise;
  const deliveryChargePaise =
    lines.length === 0 || afterCoupon > delivery.freeAbovePaise ? 0 : delivery.chargePaise;
  return {
    totalPaise,
    discountPaise,
    couponPaise,
    deliveryChargePaise,
    amountToPayPaise: afterCoupon + deliveryChargePaise,
  };
}
