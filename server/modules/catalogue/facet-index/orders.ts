/**
 * The listings' sorts: each sort's order of two products, which may lie in different shards (the page
 * is merged across them), and the radix sort that makes the price and discount orders without it.
 */
import type { SortCode } from '../../../../contract/catalogue.ts';

/** The same figures by product id, as the sorts read them. */
export interface Popularity {
  units: Map<number, number>;
  rating: Map<number, number>;
}

/** the sorts that read the current price or discount: made again when a sale moves them */
export const PRICED_SORTS: ReadonlySet<SortCode> = new Set([1, 2, 5]);

/** What the sorts read of a shard's products, by ordinal (see shards.ts). */
interface SortColumns {
  ids: Int32Array;
  price: Int32Array;
  discount: Uint8Array;
  launched: Float64Array;
  created: Float64Array;
  /** each ordinal's units sold and average rating under these figures */
  figures(popularity: Popularity): { units: Float64Array; rating: Float64Array };
}

type Compare = (sa: SortColumns, a: number, sb: SortColumns, b: number) => number;

/** Each sort's order (design.md, "Discovery"), ending on the id: descending, or ascending for sort 1. */
export function comparator(sort: SortCode, popularity: Popularity): Compare {
  const byId: Compare = (sa, a, sb, b) => (sb.ids[b] as number) - (sa.ids[a] as number);
  const descending =
    (column: (s: SortColumns, o: number) => number): Compare =>
    (sa, a, sb, b) =>
      column(sb, b) - column(sa, a) || byId(sa, a, sb, b);
  switch (sort) {
    case 0:
      return descending((s, o) => s.launched[o] as number);
    case 1:
      return (sa, a, sb, b) =>
        (sa.price[a] as number) - (sb.price[b] as number) || (sa.ids[a] as number) - (sb.ids[b] as number);
    case 2:
      return descending((s, o) => s.price[o] as number);
    case 3: {
      const units = (s: SortColumns, o: number) => s.figures(popularity).units[o] as number;
      const rating = (s: SortColumns, o: number) => s.figures(popularity).rating[o] as number;
      return (sa, a, sb, b) =>
        units(sb, b) - units(sa, a) || rating(sb, b) - rating(sa, a) || byId(sa, a, sb, b);
    }
    case 4:
      return descending((s, o) => s.created[o] as number);
    case 5:
      return descending((s, o) => s.discount[o] as number);
  }
}

/**
 * The ordinals of `order` sorted by the column's values (integers from 0 to 2^31, of the first `size`
 * ordinals), ascending; equal values keep their order in `order`. A radix sort, 16 bits a pass (one
 * pass when every value is below 2^16), so a million ordinals take milliseconds. `order` is written
 * over.
 */
export function sortedBy(column: Int32Array | Uint8Array, size: number, order: Int32Array): Int32Array {
  let max = 0;
  for (let o = 0; o < size; o++) max = Math.max(max, column[o] as number);
  let from: Int32Array = order;
  let to: Int32Array = new Int32Array(order.length);
  for (let shift = 0; shift < 32 && (shift === 0 || max >>> shift > 0); shift += 16) {
    const starts = new Int32Array(0x10001);
    for (let i = 0; i < from.length; i++) {
      const digit = ((column[from[i] as number] as number) >>> shift) & 0xffff;
      starts[digit + 1] = (starts[digit + 1] as number) + 1;
    }
    for (let d = 1; d <= 0x10000; d++) starts[d] = (starts[d] as number) + (starts[d - 1] as number);
    for (let i = 0; i < from.length; i++) {
      const o = from[i] as number;
      const digit = ((column[o] as number) >>> shift) & 0xffff;
      to[starts[digit] as number] = o;
      starts[digit] = (starts[digit] as number) + 1;
    }
    [from, to] = [to, from];
  }
  return from;
}

/** A copy, last first. */
export function reversed(order: Int32Array): Int32Array {
  return Int32Array.from(order).reverse();
}
