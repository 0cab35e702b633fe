import type { PricedLine } from '../../db/schema.ts';

/**
 * What is paid for a line of an attempt's snapshot, all its pieces: after its share of the coupon when
 * the snapshot says, else its price times its quantity (no coupon, or a snapshot made before
 * coupons).
 */
export const paidOf = (line: PricedLine): number => line.paidPaise ?? line.unitPricePaise * line.quantity;

/** The attempt's coupon on a line it took something off; null on the lines it left at their price. */
export const couponOf = (line: PricedLine, couponCode: string | null): string | null =>
  paidOf(line) < line.unitPricePaise * line.quantity ? couponCode : null;

/**
 * What the line's sale took off all its pieces, from the shop's own price; 0 when the snapshot names no
 * sale (none priced the line, or the snapshot was made before sales were recorded on lines).
 */
export const saleSavingOf = (line: PricedLine): number =>
  line.saleId == null || line.ownPricePaise === undefined
    ? 0
    : (line.ownPricePaise - line.unitPricePaise) * line.quantity;
