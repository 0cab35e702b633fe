import { describe, expect, it } from 'vitest';
import { type CouponLine, couponFit, type ShopperHistory } from './coupons.ts';
import type { CouponRow } from './coupons-store.ts';
import { resolveScope } from './scope.ts';

const coupon = (over: Partial<CouponRow> = {}): CouponRow => ({
  id: 1,
  code: 'FLAT200',
  title: 'Flat ₹200 off',
  kind: 'flat',
  value: 200,
  max_discount_paise: null,
  min_bag_paise: 0,
  scope: { all: true },
  starts_at: new Date('2026-01-01T00:00:00Z'),
  ends_at: new Date('2027-01-01T00:00:00Z'),
  total_uses: null,
  per_shopper: 1,
  first_order_only: false,
  on_sale_prices: true,
  disabled_at: null,
  used: 0,
  created_at: new Date(),
  updated_at: new Date(),
  ...over,
});

/** a line of `quantity` at `rupees` each; `ownRupees` above the price: at a sale price */
const line = (productId: number, rupees: number, quantity = 1, ownRupees = rupees): CouponLine => ({
  productId,
  prod: 'apparel',
  userSegment: 'Women',
  genre: 'Kurti',
  sellerId: 7,
  quantity,
  unitPricePaise: rupees * 100,
  ownPricePaise: ownRupees * 100,
});

const NEW_SHOPPER: ShopperHistory = { uses: () => 0, placedOrders: false };
const fitOf = (row: CouponRow, lines: CouponLine[], shopper = NEW_SHOPPER) =>
  couponFit(
    row,
    resolveScope(row.scope, () => []),
    lines,
    shopper,
  );

describe('a coupon on a bag', () => {
  it('takes a flat amount off, at most the covered value, shared over the covered lines to the paisa', () => {
    expect(fitOf(coupon(), [line(1, 999), line(2, 499, 2)])).toEqual({
      fits: true,
      savingPaise: 20_000,
      shares: [10_005, 9_995],
    });
    expect(fitOf(coupon({ value: 5_000 }), [line(1, 300)])).toMatchObject({ savingPaise: 30_000 });
  });

  it('takes a percentage of the covered lines, capped, rounded to the rupee half up', () => {
    const tenPercent = coupon({ code: 'TEN', kind: 'percent', value: 10 });
    expect(fitOf(tenPercent, [line(1, 1_005)])).toMatchObject({ savingPaise: 10_100 });
    expect(fitOf(tenPercent, [line(1, 1_004)])).toMatchObject({ savingPaise: 10_000 });
    expect(fitOf({ ...tenPercent, max_discount_paise: 5_000 }, [line(1, 1_005)])).toMatchObject({
      savingPaise: 5_000,
    });
  });

  it('covers only what its scope names, and lines at a sale price only when it applies on top of sales', () => {
    const kurtis = coupon({ kind: 'percent', value: 50, scope: { productIds: [1, 2] } });
    expect(fitOf(kurtis, [line(1, 1_000), line(2, 800, 1, 1_000), line(3, 2_000)])).toEqual({
      fits: true,
      savingPaise: 90_000,
      shares: [50_000, 40_000, 0],
    });
    const notOnSale = { ...kurtis, on_sale_prices: false };
    expect(fitOf(notOnSale, [line(1, 1_000), line(2, 800, 1, 1_000)])).toEqual({
      fits: true,
      savingPaise: 50_000,
      shares: [50_000, 0],
    });
    expect(fitOf(notOnSale, [line(2, 800, 1, 1_000)])).toEqual({
      fits: false,
      reason: 'FLAT200 does not apply to items already on sale',
    });
    expect(fitOf(kurtis, [line(3, 2_000)])).toEqual({
      fits: false,
      reason: 'Nothing in your bag is covered by FLAT200',
    });
  });

  it('says what is missing: the minimum, uses, the shopper’s own limit, a first order', () => {
    const min = coupon({ min_bag_paise: 149_900 });
    expect(fitOf(min, [line(1, 1_259)])).toEqual({ fits: false, reason: 'Add ₹240 more to use FLAT200' });
    expect(fitOf(min, [line(1, 1_499)])).toMatchObject({ fits: true });
    expect(fitOf(coupon({ total_uses: 3, used: 3 }), [line(1, 999)])).toEqual({
      fits: false,
      reason: 'This code has been used up',
    });
    expect(fitOf(coupon(), [line(1, 999)], { uses: () => 1, placedOrders: true })).toEqual({
      fits: false,
      reason: 'You have already used this code',
    });
    expect(
      fitOf(coupon({ first_order_only: true }), [line(1, 999)], { uses: () => 0, placedOrders: true }),
    ).toEqual({
      fits: false,
      reason: 'This code is for your first order',
    });
  });
});
