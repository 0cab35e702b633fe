import { orderMaxRupeesMessage, orderMaxUnitsMessage } from '../../../../contract/shopping-messages.ts';
import { ORDER_MAX_RUPEES, ORDER_MAX_UNITS } from '../../../../contract/shopping-rules.ts';

/**
 * The bag page's warning, before checkout, of a bag above what one order may hold: the sentence the
 * server's create-order would refuse it with (the bag itself may gather more). Undefined within the limits.
 */
export function orderLimitWarning(units: number, amountToPayRupees: number): string | undefined {
  if (units > ORDER_MAX_UNITS) return orderMaxUnitsMessage(ORDER_MAX_UNITS);
  if (amountToPayRupees > ORDER_MAX_RUPEES) return orderMaxRupeesMessage(ORDER_MAX_RUPEES);
  return undefined;
}
