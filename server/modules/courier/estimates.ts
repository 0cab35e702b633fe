import type { FastifyBaseLogger } from 'fastify';
import type { DeliveryEstimate } from '../../../contract/courier.ts';
import { FALLBACK_DELIVERY_DAYS } from '../../../contract/courier-constants.ts';
import type { Db } from '../../db/connect.ts';
import { notFound } from '../../platform/errors.ts';
import { isServiceable } from '../delivery/service.ts';
import { addBusinessDays, dayText, indiaToday } from './business-days.ts';
import type { CourierPartner } from './partner.ts';
import * as store from './store.ts';

// a courier's estimate for a pair of pincodes changes seldom; a failure is asked again soon
const KNOWN_FOR_MS = 12 * 3_600_000;
const FAILED_FOR_MS = 60_000;
// pairs of pincodes remembered at most (the oldest go first)
const MAX_PAIRS = 50_000;
/** the weight the estimate asks about: a parcel of clothes */
const PARCEL_KG = 0.5;

/** The courier's days for a pair, or 'fallback' when it does not serve it, failed, or was too slow. */
type CourierDays = number | 'fallback';

/**
 * Delivery dates: the seller's handover days and then the courier's estimate for the pair of
 * pincodes, both in business days (no Sundays, no national holidays). The courier's estimates are kept per
 * pair of pincodes, so a product page seldom asks; when it must, it waits at most `waitMs` and otherwise
 * shows the delivery partner's promise (the spec's 7 to 10 business days when it has none), while the
 * answer, once it comes, is kept for the next page. Without a courier partner (COURIER_PROVIDER=manual)
 * every date is the partner's promise.
 */
export class DeliveryEstimates {
  private readonly known = new Map<string, { days: CourierDays; until: number }>();
  private readonly asking = new Map<string, Promise<CourierDays>>();

  constructor(
    private readonly db: Db,
    private readonly courier: CourierPartner | undefined,
    private readonly waitMs: number,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
  ) {}

  async estimate(productId: number, pincode: string): Promise<DeliveryEstimate> {
    const product = await store.productShipping(this.db, productId);
    if (!product) throw notFound('No such product');
    if (!(await isServiceable(this.db, product.partner, pincode))) {
      return { serviceable: false, from: null, to: null };
    }
    const today = indiaToday(this.now());
    const days = product.pincode ? await this.courierDays(product.pincode, pincode) : 'fallback';
    if (days === 'fallback') {
      // the partner's promise counts the handover in already
      const promise =
        product.min_days !== null && product.max_days !== null
          ? { from: product.min_days, to: product.max_days }
          : FALLBACK_DELIVERY_DAYS;
      return {
        serviceable: true,
        from: dayText(addBusinessDays(today, promise.from)),
        to: dayText(addBusinessDays(today, promise.to)),
      };
    }
    const day = dayText(addBusinessDays(today, product.handover_days + days));
    return { serviceable: true, from: day, to: day };
  }

  /** The courier's days for the pair: kept, or asked and waited for at most `waitMs`. */
  private async courierDays(pickup: string, delivery: string): Promise<CourierDays> {
    const courier = this.courier;
    if (!courier) return 'fallback';
    const pair = `${pickup}-${delivery}`;
    const kept = this.known.get(pair);
    if (kept && kept.until > this.now().getTime()) return kept.days;
    let asking = this.asking.get(pair);
    if (!asking) {
      asking = this.ask(courier, pair, pickup, delivery);
      this.asking.set(pair, asking);
    }
    let timer: NodeJS.Timeout | undefined;
    const tooSlow = new Promise<CourierDays>((resolve) => {
      timer = setTimeout(() => resolve('fallback'), this.waitMs);
    });
    try {
      return await Promise.race([asking, tooSlow]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Asks the courier once for the pair and keeps the answer (a failure for a short while). */
  private async ask(courier: CourierPartner, pair: string, pickup: string, delivery: string) {
    let days: CourierDays;
    let keepMs = KNOWN_FOR_MS;
    try {
      const { recommended } = await courier.serviceability(pickup, delivery, PARCEL_KG);
      days = recommended ? recommended.days : 'fallback';
    } catch (error) {
      this.log.warn({ err: error, pair }, "the courier gave no delivery estimate: the spec's days are shown");
      days = 'fallback';
      keepMs = FAILED_FOR_MS;
    }
    this.known.delete(pair);
    if (this.known.size >= MAX_PAIRS) this.known.delete(this.known.keys().next().value as string);
    this.known.set(pair, { days, until: this.now().getTime() + keepMs });
    this.asking.delete(pair);
    return days;
  }
}
