import { formatRupees } from '../../../../../contract/money.ts';
import { useShop } from '../../../../shared/api/shop.ts';

/**
 * The shop's free delivery as its owner set it (GET /api/shop): above an amount, or on every order when
 * there is no delivery charge or the amount is 0. Nothing until the shop's details have come.
 */
export function FreeDelivery() {
  const shop = useShop();
  if (!shop) return null;
  if (shop.deliveryCharge === 0 || shop.freeDeliveryAbove === 0) return <li>Free delivery on every order</li>;
  return <li>Free delivery on spending above {formatRupees(shop.freeDeliveryAbove)}</li>;
}
