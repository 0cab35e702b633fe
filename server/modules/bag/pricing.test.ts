import { describe, expect, it } from 'vitest';
import { priceBreakdown } from './pricing.ts';

/** the spec's terms: ₹50, free above ₹500 */
const SPEC = { chargePaise: 5_000, freeAbovePaise: 50_000 };

const line = (rupees: number, oldRupees: number, quantity = 1) => ({
  unitPricePaise: rupees * 100,
  unitOldPricePaise: oldRupees * 100,
  quantity,
});

describe('priceBreakdown', () => {
  it('totals old prices, gives the discount as a negative, and adds delivery up to 500', () => {
    expect(priceBreakdown([line(200, 300, 2)], SPEC)).toEqual({
      totalPaise: 60_000,
      discountPaise: -20_000,
      couponPaise: 0,
      deliveryChargePaise: 5_000,
      amountToPayPaise: 45_000,
    });
  });

  it('charges delivery at exactly 500 after discount: free is "above 500"', () => {
    expect(priceBreakdown([line(500, 800)], SPEC).deliveryChargePaise).toBe(5_000);
    expect(priceBreakdown([line(500, 800)], SPEC).amountToPayPaise).toBe(55_000);
  });

  it('delivers free from 501 after discount, whatever the total before it', () => {
    const breakdown = priceBreakdown([line(501, 501)], SPEC);
    expect(breakdown.deliveryChargePaise).toBe(0);
    expect(breakdown.discountPaise).toBe(0);
    expect(breakdown.amountToPayPaise).toBe(50_100);
    expect(
      priceBreakdown([{ unitPricePaise: 50_001, unitOldPricePaise: 60_000, quantity: 1 }], SPEC)
        .deliveryChargePaise,
    ).toBe(0);
  });

  it('sums several lines', () => {
    const breakdown = priceBreakdown([line(100, 200, 3), line(150, 150, 1)], SPEC);
    expect(breakdown).toEqual({
      totalPaise: 75_000,
      discountPaise: -30_000,
      couponPaise: 0,
      deliveryChargePaise: 5_000,
      amountToPayPaise: 50_000,
    });
  });

  it('is all zero for an empty cart, with no delivery charge', () => {
    expect(priceBreakdown([], SPEC)).toEqual({
      totalPaise: 0,
      discountPaise: 0,
      couponPaise: 0,
      deliveryChargePaise: 0,
      amountToPayPaise: 0,
    });
  });

  it('takes the owner’s charge and threshold: free delivery only strictly above it', () => {
    const owners = { chargePaise: 9_900, freeAbovePaise: 100_000 };
    expect(priceBreakdown([line(999, 999)], owners).amountToPayPaise).toBe(109_800);
    expect(priceBreakdown([line(1_000, 1_000)], owners).deliveryChargePaise).toBe(9_900);
    expect(priceBreakdown([line(1_001, 1_001)], owners).deliveryChargePaise).toBe(0);
    expect(priceBreakdown([line(10, 10)], { chargePaise: 0, freeAbovePaise: 0 }).amountToPayPaise).toBe(
      1_000,
    );
  });

  it('takes the coupon off after the discount, and counts the bag after it for free delivery', () => {
    expect(priceBreakdown([line(600, 900)], SPEC, 20_000)).toEqual({
      totalPaise: 90_000,
      discountPaise: -30_000,
      couponPaise: 20_000,
      deliveryChargePaise: 5_000,
      amountToPayPaise: 45_000,
    });
    expect(priceBreakdown([line(800, 900)], SPEC, 20_000).deliveryChargePaise).toBe(0);
  });
});
