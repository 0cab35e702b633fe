import { describe, expect, it } from 'vitest';
import { orderLimitWarning } from './order-limits.ts';

describe('the bag page’s warning of the order limits', () => {
  it('says nothing up to 20 units and ₹2,00,000', () => {
    expect(orderLimitWarning(20, 200_000)).toBeUndefined();
  });

  it('names the limit a bag is over, units first', () => {
    expect(orderLimitWarning(21, 1_000)).toBe(
      'An order can have at most 20 items: please remove some from your bag',
    );
    expect(orderLimitWarning(120, 4_88_101)).toBe(
      'An order can have at most 20 items: please remove some from your bag',
    );
    expect(orderLimitWarning(1, 200_001)).toBe(
      'An order can be at most ₹2,00,000: please remove some items from your bag',
    );
  });
});
