import { describe, expect, it } from 'vitest';
import { apportion } from './apportion.ts';

describe('a coupon saving shared over its lines', () => {
  it('is in proportion to the prices and adds up to the saving, to the paisa', () => {
    expect(apportion(20_000, [100_000, 100_000])).toEqual([10_000, 10_000]);
    expect(apportion(10_000, [100_000, 100_000, 100_000])).toEqual([3_334, 3_333, 3_333]);
    expect(apportion(20_000, [279_900, 149_900, 59_900])).toEqual([11_432, 6_122, 2_446]);
  });

  it('adds up for any prices', () => {
    for (let run = 0; run < 500; run++) {
      const lines = Array.from(
        { length: 1 + (run % 7) },
        (_, i) => 100 * (1 + ((run * 37 + i * 101) % 5000)),
      );
      const total = lines.reduce((a, b) => a + b, 0);
      const saving = (run * 7919) % total;
      const shares = apportion(saving, lines);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(saving);
      shares.forEach((share, i) => {
        expect(share).toBeGreaterThanOrEqual(0);
        expect(share).toBeLessThanOrEqual(lines[i] as number);
      });
    }
  });

  it('gives nothing to share as nothing, and refuses a saving above the lines', () => {
    expect(apportion(0, [100, 200])).toEqual([0, 0]);
    expect(() => apportion(500, [100, 200])).toThrow();
  });
});
