import type { Prod } from '../../../contract/catalogue.ts';
import type {
  AppliedCoupon,
  BagCouponsResponse,
  Coupon,
  CouponBody,
  OfferReportResponse,
} from '../../../contract/coupons.ts';
import { formatRupees } from '../../../contract/money.ts';
import {
  COUPON_APPLIES_PER_HOUR,
  MAX_PERCENT_OFF,
  type OfferState,
} from '../../../contract/offers-constants.ts';
import type { Db } from '../../db/connect.ts';
import { indiaTime, rupees, tidyText } from '../../platform/api-values.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { BagOwner } from '../../platform/bag-owner.ts';
import { conflict, type FieldErrors, InvalidFields, notFound } from '../../platform/errors.ts';
import type { Limit, RateLimits } from '../../platform/rate-limit.ts';
import { apportion } from './apportion.ts';
import * as store from './coupons-store.ts';
import { checkWindow, windowState } from './offer-window.ts';
import { percentInRupees } from './sale-price.ts';
import { coverage, givenScope, type ResolvedScope, resolveStored } from './scope.ts';
import { checkScope } from './scope-check.ts';

export const NO_SUCH_COUPON = 'No such coupon';

/** What a coupon looks at of a line of the bag (priced as the bag is: at any sale price). */
export interface CouponLine {
  productId: number;
  prod: Prod;
  userSegment: string;
  genre: string;
  sellerId: number;
  quantity: number;
  unitPricePaise: number;
  /** the product's own price: a line priced below it is at a sale price */
  ownPricePaise: number;
}

/** What the shop knows of the shopper's past with coupons; a visitor has none yet (checked at payment). */
export interface ShopperHistory {
  /** their orders with this coupon, uses given back not counted */
  uses: (couponId: number) => number;
  placedOrders: boolean;
}

const NO_HISTORY: ShopperHistory = { uses: () => 0, placedOrders: false };

/** A coupon on a bag: the saving and each line's share of it (0 for lines it does not cover), or why not. */
export type Fit = { fits: true; savingPaise: number; shares: number[] } | { fits: false; reason: string };

/** The coupon applied to a bag, priced on its lines now. */
export interface BagOffer {
  couponId: number;
  code: string;
  title: string;
  fit: Fit;
}

/** guessing codes is slow: tries per browser per hour (per browser, not per session: the browser outlives it) */
const APPLY_LIMIT: Limit = {
  bucket: 'coupon-apply:browser',
  max: COUPON_APPLIES_PER_HOUR,
  windowMs: 3600 * 1000,
  message: 'Too many coupon codes tried; please try again in a while',
};

// a moment in a shopper's sentence, as they live it: 1 Dec, 10:00 am
const shownInIndia = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

function couponState(row: store.CouponRow, now: Date): OfferState {
  return row.disabled_at ? 'disabled' : windowState(row.starts_at, row.ends_at, now);
}

/** Why a coupon outside its window (or switched off) cannot be used, or undefined when it is live. */
function notLive(row: store.CouponRow, now: Date): string | undefined {
  const state = couponState(row, now);
  if (state === 'disabled') return `${row.code} is no longer available`;
  if (state === 'scheduled') return `${row.code} can be used from ${shownInIndia.format(row.starts_at)}`;
  if (state === 'ended') return `${row.code} has ended`;
  return undefined;
}

/**
 * The coupon on these lines (decision 043): it covers the lines its scope names, less those
 * at a sale price unless it applies on top of sales. A percentage is of the covered value, capped, to
 * the rupee; a flat amount at most the covered value. The minimum is of the whole bag after sale prices.
 */
export function couponFit(
  row: store.CouponRow,
  scope: ResolvedScope,
  lines: readonly CouponLine[],
  shopper: ShopperHistory,
): Fit {
  const no = (reason: string): Fit => ({ fits: false, reason });
  if (row.total_uses !== null && row.used >= row.total_uses) return no('This code has been used up');
  if (shopper.uses(row.id) >= row.per_shopper) {
    return no(
      row.per_shopper === 1
        ? 'You have already used this code'
        : 'You have used this code as often as it allows',
    );
  }
  if (row.first_order_only && shopper.placedOrders) return no('This code is for your first order');
  const bagPaise = lines.reduce((sum, l) => sum + l.unitPricePaise * l.quantity, 0);
  if (bagPaise < row.min_bag_paise) {
    return no(`Add ${formatRupees(rupees(row.min_bag_paise - bagPaise))} more to use ${row.code}`);
  }
  const covers = coverage(scope);
  const inScope = lines.map((l) =>
    covers({
      id: l.productId,
      prod: l.prod,
      userSegment: l.userSegment,
      genre: l.genre,
      sellerId: l.sellerId,
    }),
  );
  if (!inScope.includes(true)) return no(`Nothing in your bag is covered by ${row.code}`);
  const covered = lines.map(
    (l, i) => inScope[i] && (row.on_sale_prices || l.unitPricePaise >= l.ownPricePaise),
  );
  if (!covered.includes(true)) return no(`${row.code} does not apply to items already on sale`);
  const linePaise = lines.map((l, i) => (covered[i] ? l.unitPricePaise * l.quantity : 0));
  const coveredPaise = linePaise.reduce((sum, paise) => sum + paise, 0);
  const savingPaise = Math.min(
    coveredPaise,
    row.kind === 'flat'
      ? row.value * 100
      : Math.min(
          percentInRupees(coveredPaise, row.value),
          row.max_discount_paise ?? Number.POSITIVE_INFINITY,
        ),
  );
  if (savingPaise <= 0) return no(`Nothing in your bag is covered by ${row.code}`);
  return { fits: true, savingPaise, shares: apportion(savingPaise, linePaise) };
}

function toCoupon(row: store.CouponRow, now: Date): Coupon {
  return {
    id: row.id,
    code: row.code,
    title: row.title,
    kind: row.kind,
    value: row.value,
    maxDiscount: row.max_discount_paise === null ? null : rupees(row.max_discount_paise),
    minBag: rupees(row.min_bag_paise),
    scope: givenScope(row.scope),
    startsAt: indiaTime(row.starts_at),
    endsAt: indiaTime(row.ends_at),
    totalUses: row.total_uses,
    perShopper: row.per_shopper,
    firstOrderOnly: row.first_order_only,
    onSalePrices: row.on_sale_prices,
    uses: row.used,
    state: couponState(row, now),
  };
}

/** The audit entry of a change to a coupon. */
const audit = (actor: string, action: string, id: number, details: Record<string, unknown>) => ({
  actor,
  action,
  subject: `coupon:${id}`,
  details,
});

const codeTaken = (code: string) => new InvalidFields({ code: `Another coupon has the code ${code}` });
const isCodeTaken = (error: unknown) => (error as { code?: string }).code === '23505';

/**
 * Coupon codes: the back office's codes, the bag's list and applied code, and each use,
 * counted when its order is placed (`countUse`, in the placing transaction).
 */
export class Coupons {
  constructor(
    private readonly db: Db,
    private readonly limits: RateLimits,
    /** the bag's lines priced as the bag page prices them (the bag's) */
    private readonly bagLines: (db: Db, owner: BagOwner) => Promise<CouponLine[]>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  // The back office ------------------------------------------------------------------------------------

  async list(): Promise<Coupon[]> {
    const now = this.now();
    return (await store.allCoupons(this.db)).map((row) => toCoupon(row, now));
  }

  async create(body: CouponBody, actor: string): Promise<Coupon> {
    return this.saving(body.code, async (trx) => {
      const columns = await this.columns(trx, body);
      const id = await store.insertCoupon(trx, columns);
      await recordAudit(trx, audit(actor, 'coupon.create', id, { ...body }));
      return this.get(trx, id);
    });
  }

  async update(id: number, body: CouponBody, actor: string): Promise<Coupon> {
    return this.saving(body.code, async (trx) => {
      const existing = await store.lockCoupon(trx, id);
      if (!existing) throw notFound(NO_SUCH_COUPON);
      const columns = await this.columns(trx, body, existing);
      await store.updateCoupon(trx, id, columns);
      await recordAudit(trx, audit(actor, 'coupon.update', id, { ...body }));
      return this.get(trx, id);
    });
  }

  /** Switched off at once: no bag shows it, and create-order refuses an amount that counted it. */
  async disable(id: number, actor: string): Promise<Coupon> {
    return this.db.transaction().execute(async (trx) => {
      const existing = await store.lockCoupon(trx, id);
      if (!existing) throw notFound(NO_SUCH_COUPON);
      await store.disableCoupon(trx, id, this.now());
      await recordAudit(trx, audit(actor, 'coupon.disable', id, { code: existing.code }));
      return this.get(trx, id);
    });
  }

  /** The coupons' lines of GET /admin/api/offers/report. */
  async report(): Promise<OfferReportResponse> {
    const now = this.now();
    const [rows, totals] = await Promise.all([store.allCoupons(this.db), store.couponTotals(this.db)]);
    const byCoupon = new Map(totals.map((t) => [t.coupon_id, t]));
    return rows.map((row) => {
      const total = byCoupon.get(row.id);
      return {
        kind: 'coupon',
        id: row.id,
        title: row.title,
        code: row.code,
        state: couponState(row, now),
        uses: Number(total?.uses ?? 0),
        discountGiven: rupees(Number(total?.saving_paise ?? 0)),
        salesValue: rupees(Number(total?.paid_paise ?? 0)),
      };
    });
  }

  private async get(db: Db, id: number): Promise<Coupon> {
    const row = await store.couponById(db, id);
    if (!row) throw notFound(NO_SUCH_COUPON);
    return toCoupon(row, this.now());
  }

  /** The body as columns, or every field's error at once (nothing is saved). */
  private async columns(db: Db, body: CouponBody, existing?: store.CouponRow): Promise<store.CouponColumns> {
    const now = this.now();
    const errors: FieldErrors = {};
    const title = tidyText(body.title);
    if (title === '') errors.title = 'Required';
    if (body.kind === 'percent' && body.value > MAX_PERCENT_OFF) {
      errors.value = `A percentage is at most ${MAX_PERCENT_OFF}`;
    }
    const taken = await store.couponByCode(db, body.code);
    if (taken && taken.id !== existing?.id) errors.code = `Another coupon has the code ${taken.code}`;
    const window = checkWindow(body, now, existing?.starts_at);
    Object.assign(errors, window.problems);
    if (existing && body.totalUses !== undefined && body.totalUses < existing.used) {
      errors.totalUses = `It has been used ${existing.used} times already`;
    }
    const scope = await checkScope(db, body.scope);
    Object.assign(errors, scope.problems);
    if (Object.keys(errors).length > 0) throw new InvalidFields(errors);
    return {
      code: body.code,
      title,
      kind: body.kind,
      value: body.value,
      max_discount_paise:
        body.kind === 'percent' && body.maxDiscount !== undefined ? body.maxDiscount * 100 : null,
      min_bag_paise: (body.minBag ?? 0) * 100,
      scope: JSON.stringify(scope.stored),
      starts_at: window.startsAt,
      ends_at: window.endsAt,
      total_uses: body.totalUses ?? null,
      per_shopper: body.perShopper ?? 1,
      first_order_only: body.firstOrderOnly ?? false,
      on_sale_prices: body.onSalePrices ?? true,
    };
  }

  /** A change in a transaction; a code taken by a concurrent save is the code's field error too. */
  private async saving<T>(code: string, work: (trx: Db) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction().execute(work);
    } catch (error) {
      if (isCodeTaken(error)) throw codeTaken(code);
      throw error;
    }
  }

  // The shopper's bag ------------------------------------------------------------------------------------

  /** GET /api/coupons: the live coupons on the bag, those that fit first, the best saving first. */
  async forBag(owner: BagOwner | undefined): Promise<BagCouponsResponse> {
    const now = this.now();
    const [live, lines, history] = await Promise.all([
      store.liveCoupons(this.db, now),
      owner ? this.bagLines(this.db, owner) : [],
      this.history(this.db, owner),
    ]);
    const listed = live.map((row) => {
      const fit = couponFit(row, resolveStored(row.scope), lines, history);
      return fit.fits
        ? {
            code: row.code,
            title: row.title,
            saving: rupees(fit.savingPaise),
            applicable: true,
            reason: null,
          }
        : { code: row.code, title: row.title, saving: 0, applicable: false, reason: fit.reason };
    });
    return listed.sort(
      (a, b) =>
        Number(b.applicable) - Number(a.applicable) || b.saving - a.saving || a.code.localeCompare(b.code),
    );
  }

  /**
   * POST /api/coupons/apply: the code (any case) goes on the bag when it fits it now; 404 for a code that
   * does not exist, 409 with the reason for one that does not fit. Every try counts against the browser.
   */
  async apply(owner: BagOwner, code: string, browserId: string): Promise<AppliedCoupon> {
    await this.limits.take([{ limit: APPLY_LIMIT, subject: browserId }]);
    const row = await store.couponByCode(this.db, code.trim());
    if (!row) throw notFound(`There is no coupon ${code.trim().toUpperCase()}`);
    const closed = notLive(row, this.now());
    if (closed) throw conflict(closed);
    const lines = await this.bagLines(this.db, owner);
    const fit = couponFit(row, resolveStored(row.scope), lines, await this.history(this.db, owner));
    if (!fit.fits) throw conflict(fit.reason);
    await store.applyToBag(this.db, owner, row.id);
    return { code: row.code, saving: rupees(fit.savingPaise) };
  }

  async remove(owner: BagOwner): Promise<void> {
    await store.removeFromBag(this.db, owner);
  }

  /**
   * The bag's applied coupon on these lines (`db` may be the transaction that prices a payment); none
   * applied: undefined. One that no longer fits says why, and takes nothing off.
   */
  async onBag(db: Db, owner: BagOwner, lines: readonly CouponLine[]): Promise<BagOffer | undefined> {
    const row = await store.appliedCoupon(db, owner);
    if (!row) return undefined;
    const closed = notLive(row, this.now());
    const fit: Fit = closed
      ? { fits: false, reason: closed }
      : couponFit(row, resolveStored(row.scope), lines, await this.history(db, owner));
    return { couponId: row.id, code: row.code, title: row.title, fit };
  }

  /** At login (in its transaction): the visitor's code goes to the account with their bag. */
  async adopt(trx: Db, sessionId: string, customerId: number): Promise<void> {
    await store.moveToAccount(trx, sessionId, customerId);
  }

  private async history(db: Db, owner: BagOwner | undefined): Promise<ShopperHistory> {
    if (!owner || !('customerId' in owner)) return NO_HISTORY;
    const [uses, placedOrders] = await Promise.all([
      store.usesByCustomer(db, owner.customerId),
      store.hasOrders(db, owner.customerId),
    ]);
    return { uses: (couponId) => uses.get(couponId) ?? 0, placedOrders };
  }

  // Uses, in the transaction that places an order --------------------------------------------------------

  /**
   * Counts the attempt's coupon use as its order is placed, under the shopper's lock (the caller holds
   * it): their own limit and first order are checked again, and one of the coupon's uses is taken if any
   * is left. Answers whether it was counted (true too when there is no coupon). The bag's code goes with
   * the use.
   */
  static async countUse(
    trx: Db,
    attempt: { id: number; customerId: number; couponId: number | null; couponPaise: number },
  ): Promise<boolean> {
    if (attempt.couponId === null) return true;
    const row = await store.couponById(trx, attempt.couponId);
    if (!row) throw new Error(`coupon ${attempt.couponId} of payment order ${attempt.id} vanished`);
    const uses = await store.usesByCustomer(trx, attempt.customerId);
    if ((uses.get(row.id) ?? 0) >= row.per_shopper) return false;
    if (row.first_order_only && (await store.hasOrders(trx, attempt.customerId))) return false;
    // last: a use taken is only given back by a refusal
    if (!(await store.takeUse(trx, row.id))) return false;
    await store.insertUse(trx, {
      couponId: row.id,
      customerId: attempt.customerId,
      paymentOrderId: attempt.id,
      savingPaise: attempt.couponPaise,
    });
    await store.removeFromBag(trx, { customerId: attempt.customerId }, row.id);
    return true;
  }

  /** The attempt's use goes back to its coupon: its order was refused after all. */
  static async giveBack(trx: Db, paymentOrderId: number): Promise<void> {
    await store.giveBack(trx, paymentOrderId);
  }
}
