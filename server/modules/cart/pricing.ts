/** The price breakdown of spec section 9, in paise: the one rule the cart page and payment share. */

export const DELIVERY_CHARGE_PAISE = 5_000;
/** delivery is free when the amount after discount is above this (strictly) */
export const FREE_DELIVERY_ABOVE_PAISE = 50_000;

export interface PricedLine {
  unitPricePaise: number;
  unitOldPricePaise: number;
  quantity: number;
}

export interface PriceBreakdown {
  /** sum of old price x quantity */
  totalPaise: number;
  /** sum of (price - old price) x quantity: negative or 0 */
  discountPaise: number;
  deliveryChargePaise: number;
  amountToPayPaise: number;
}

export function priceBreakdown(lines: readonly PricedLine[]): PriceBreakdown {
  const totalPaise = lines.reduce((sum, l) => sum + l.unitOldPricePaise * l.quantity, 0);
  const discountPaise = lines.reduce(
    (sum, l) => sum + (l.unitPricePaise - l.unitOldPricePaise) * l.quantity,
    0,
  );
  const afterDiscount = totalPaise + discountPaise;
  const deliveryChargePaise =
    lines.length === 0 || afterDiscount > FREE_DELIVERY_ABOVE_PAISE ? 0 : DELIVERY_CHARGE_PAISE;
  return {
    totalPaise,
    discountPaise,
    deliveryChargePaise,
    amountToPayPaise: afterDiscount + deliveryChargePaise,
  };
}
