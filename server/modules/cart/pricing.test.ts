import { describe, expect, it } from 'vitest';
import { priceBreakdown } from './pricing.ts';

const line = (rupees: number, oldRupees: number, quantity = 1) => ({
  unitPricePaise: rupees * 100,
  unitOldPricePaise: oldRupees * 100,
  quantity,
});

describe('priceBreakdown', () => {
  it('totals old prices, gives the discount as a negative, and adds delivery up to 500', () => {
    expect(priceBreakdown([line(200, 300, 2)])).toEqual({
      totalPaise: 60_000,
      discountPaise: -20_000,
      deliveryChargePaise: 5_000,
      amountToPayPaise: 45_000,
    });
  });

  it('charges delivery at exactly 500 after discount: free is "above 500"', () => {
    expect(priceBreakdown([line(500, 800)]).deliveryChargePaise).toBe(5_000);
    expect(priceBreakdown([line(500, 800)]).amountToPayPaise).toBe(55_000);
  });

  it('delivers free from 501 after discount, whatever the total before it', () => {
    const breakdown = priceBreakdown([line(501, 501)]);
    expect(breakdown.deliveryChargePaise).toBe(0);
    expect(breakdown.discountPaise).toBe(0);
    expect(breakdown.amountToPayPaise).toBe(50_100);
    expect(
      priceBreakdown([{ unitPricePaise: 50_001, unitOldPricePaise: 60_000, quantity: 1 }])
        .deliveryChargePaise,
    ).toBe(0);
  });

  it('sums several lines', () => {
    const breakdown = priceBreakdown([line(100, 200, 3), line(150, 150, 1)]);
    expect(breakdown).toEqual({
      totalPaise: 75_000,
      discountPaise: -30_000,
      deliveryChargePaise: 5_000,
      amountToPayPaise: 50_000,
    });
  });

  it('is all zero for an empty cart, with no delivery charge', () => {
    expect(priceBreakdown([])).toEqual({
      totalPaise: 0,
      discountPaise: 0,
      deliveryChargePaise: 0,
      amountToPayPaise: 0,
    });
  });
});
