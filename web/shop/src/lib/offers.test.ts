import { describe, expect, it } from 'vitest';
import { couponPaid, freeDeliveryShortfall, saleEndsAt } from './offers.ts';

describe('a sale’s end', () => {
  it('is told in India time, whatever the offset it comes with', () => {
    expect(saleEndsAt('2026-11-12T23:59:00+05:30')).toBe('12 Nov, 11:59 pm');
    // 18:29 UTC is 11:59 pm in India
    expect(saleEndsAt('2026-11-12T18:29:00Z')).toBe('12 Nov, 11:59 pm');
    // 19:00 UTC is already the next day in India
    expect(saleEndsAt('2026-11-12T19:00:00.000Z')).toBe('13 Nov, 12:30 am');
    expect(saleEndsAt('2026-11-13T06:05:00Z')).toBe('13 Nov, 11:35 am');
  });
});

describe('free delivery', () => {
  const bag = { totalMrp: 1000, discount: -300, coupon: 0, delivery: 50, amount: 750 };

  it('counts the bag after its coupon', () => {
    expect(freeDeliveryShortfall(bag, 999)).toBe(300);
    expect(freeDeliveryShortfall({ ...bag, coupon: -200, amount: 550 }, 999)).toBe(500);
  });

  it('needs a rupee more at the threshold itself, and nothing once delivery is free', () => {
    expect(freeDeliveryShortfall(bag, 700)).toBe(1);
    expect(freeDeliveryShortfall({ ...bag, delivery: 0, amount: 700 }, 500)).toBe(0);
  });
});

describe('an ordered line’s coupon', () => {
  it('names the code and what was paid for the line, with its paise when there are any', () => {
    expect(couponPaid({ couponCode: 'FLAT200', paidPaise: 159_950 })).toBe(
      'Coupon FLAT200 applied · paid ₹1,599.50',
    );
    expect(couponPaid({ couponCode: 'DIWALI10', paidPaise: 12_345_600 })).toBe(
      'Coupon DIWALI10 applied · paid ₹1,23,456',
    );
    expect(couponPaid({ couponCode: 'FLAT200', paidPaise: 5 })).toBe('Coupon FLAT200 applied · paid ₹0.05');
  });

  it('says nothing on a line no coupon took anything off', () => {
    expect(couponPaid({ couponCode: null, paidPaise: 159_950 })).toBeUndefined();
  });
});
