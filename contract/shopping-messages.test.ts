import { describe, expect, it } from 'vitest';
import { orderLimitRefusal } from './shopping-messages.ts';

const limits = { maxUnits: 20, maxRupees: 200_000 };
const bag = (...quantities: number[]) => quantities.map((quantity) => ({ quantity }));

describe("the order limits' sentence, shown on the bag page and refused with at create-order", () => {
  it('says nothing up to 20 units and ₹2,00,000', () => {
    expect(orderLimitRefusal(limits, bag(4, 4, 4, 4, 4), 200_000_00)).toBeUndefined();
  });

  it('names the limit a bag is over, units first', () => {
    const units = 'An order can have at most 20 items: please remove some from your bag';
    expect(orderLimitRefusal(limits, bag(4, 4, 4, 4, 4, 1), 1_000_00)).toBe(units);
    expect(orderLimitRefusal(limits, bag(...Array<number>(30).fill(4)), 4_88_101_00)).toBe(units);
    expect(orderLimitRefusal(limits, bag(1), 200_000_01)).toBe(
      'An order can be at most ₹2,00,000: please remove some items from your bag',
    );
  });

  it('follows the limits the shop set', () => {
    expect(orderLimitRefusal({ maxUnits: 2, maxRupees: 1000 }, bag(3), 100)).toBe(
      'An order can have at most 2 items: please remove some from your bag',
    );
  });
});
