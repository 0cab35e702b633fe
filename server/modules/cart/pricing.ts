import { DELIVERY_CHARGE_PAISE, FREE_DELIVERY_ABOVE_PAISE } from '../../../contract/shopping-rules.ts';

/** The price breakdown of spec section 9, in paise: the one rule the cart page and payment share. */

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
