import { daysText, hoursText } from '../../../../../contract/shopping-rules.ts';
import { useShop } from '../../../../shared/api/shop.ts';

/**
 * The shop's rules as its owner set them (GET /api/shop): free cancellation, and the return and exchange
 * windows of a product that may be returned (exchanges: clothes only). Nothing until the shop's details
 * have come, so no other rule flashes first.
 */
export function ShopRules({ returnable, exchangeable }: { returnable: boolean; exchangeable: boolean }) {
  const shop = useShop();
  if (!shop) return null;
  const charge = `${shop.cancellationChargePercent}%`;
  return (
    <>
      <li>
        {shop.freeCancellationHours > 0
          ? `Free cancellation within ${hoursText(shop.freeCancellationHours)} of ordering`
          : `Cancelling keeps ${charge} of the price as a charge`}
      </li>
      {returnable && shop.returnWindowDays > 0 && (
        <li>Returns within {daysText(shop.returnWindowDays)} of delivery</li>
      )}
      {returnable && exchangeable && shop.exchangeWindowDays > 0 && (
        <li>Exchange for another size within {daysText(shop.exchangeWindowDays)} of delivery</li>
      )}
    </>
  );
}
