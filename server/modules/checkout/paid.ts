import type { PricedLine } from '../../db/schema.ts';

/**
 * What is paid for a line of an attempt's snapshot, all its pieces: after its share of the coupon when
 * the snapshot says (issue 28), else its price times its quantity (no coupon, or a snapshot made before
 * coupons).
 */
export const paidOf = (line: PricedLine): number => line.paidPaise ?? line.unitPricePaise * line.quantity;
