import type { OfferReportResponse } from '../../../contract/coupons.ts';
import type { Coupons } from './coupons.ts';
import type { Sales } from './sales.ts';

/**
 * The shop's offers, as the back office keeps them: festive sales, the live set every price is worked out
 * with (`sales.current()`, changed on every instance at each sale's start and end by a timer, and after a
 * save by the change feed), and coupon codes (the back office's, the bag's applied code, and their uses).
 * The bag, checkout and catalogue are handed the part they price with by the composition root.
 */
export class Offers {
  constructor(
    readonly sales: Sales,
    readonly coupons: Coupons,
  ) {}

  /** GET /admin/api/offers/report: the sales' lines, then the coupons'. */
  async report(): Promise<OfferReportResponse> {
    const [saleLines, couponLines] = await Promise.all([this.sales.report(), this.coupons.report()]);
    return [...saleLines, ...couponLines];
  }
}
