/**
 * What the range filters' values mean: a price range in whole rupees and a least discount. Apart from
 * filters.ts so that the facet index's thread loads them alone.
 */

const MAX_RUPEES = 10_000_000;

/** "<min>-<max>" in whole rupees, min <= max; undefined when it is not one. */
export function parsePriceRange(value: string): { min: number; max: number } | undefined {
  const match = /^(\d{1,8})-(\d{1,8})$/.exec(value);
  if (!match) return undefined;
  const [min, max] = [Number(match[1]), Number(match[2])];
  return min <= max && max <= MAX_RUPEES ? { min, max } : undefined;
}

/**
 * The paise whose whole rupees (rounded half up, as a card shows them) lie in the range, both edges
 * included: "500-999" is 49,950 to 99,949 paise.
 */
export const paiseBetween = ({ min, max }: { min: number; max: number }) =>
  [Math.max(0, min * 100 - 50), max * 100 + 49] as const;

/** "<n>", n% and above, 0 to 100. */
export function parseDiscount(value: string): number | undefined {
  if (!/^\d{1,3}$/.test(value)) return undefined;
  const n = Number(value);
  return n <= 100 ? n : undefined;
}
