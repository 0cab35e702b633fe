import { formatRupees } from './money.ts';
import { MAX_UNITS_PER_PRODUCT } from './shopping-rules.ts';

/**
 * What the shopper is told at the shop's limits (spec sections 4 and 8), in the server's refusals and
 * the web app's own checks alike. Apart from shopping-rules.ts, which the app shell needs, so the first
 * page's code does not carry them.
 */

export const MAX_UNITS_MESSAGE = `Max ${MAX_UNITS_PER_PRODUCT} orders can be placed for each product at a time!`;
export const STOCK_LIMIT_MESSAGE = 'Stock limit reached!';
export const UNAVAILABLE_MESSAGE = 'Currently unavailable';
export const SELECT_SIZE_MESSAGE = 'Please select a size!';
export const NOT_SERVICEABLE_MESSAGE = 'Pincode is not serviceable! Try another';

/** create-order's refusal of a bag with more units than an order may hold (ORDER_MAX_UNITS) */
export const orderMaxUnitsMessage = (maxUnits: number) =>
  `An order can have at most ${maxUnits} items: please remove some from your bag`;
/** create-order's refusal of a bag above what an order may cost (ORDER_MAX_RUPEES) */
export const orderMaxRupeesMessage = (maxRupees: number) =>
  `An order can be at most ${formatRupees(maxRupees)}: please remove some items from your bag`;

/** What one unpaid checkout may hold: so many units, so many rupees to pay. */
export interface OrderLimits {
  maxUnits: number;
  maxRupees: number;
}

/**
 * The sentence create-order refuses a bag of these lines costing `amountPaise` with (the bag page shows
 * it before checkout); undefined within the limits.
 */
export function orderLimitRefusal(
  limits: OrderLimits,
  lines: readonly { quantity: number }[],
  amountPaise: number,
): string | undefined {
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  if (units > limits.maxUnits) return orderMaxUnitsMessage(limits.maxUnits);
  if (amountPaise > limits.maxRupees * 100) return orderMaxRupeesMessage(limits.maxRupees);
  return undefined;
}
