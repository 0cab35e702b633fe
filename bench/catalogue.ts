/**
 * The shape of the large benchmark catalogue, taken from the demo shop's genres (server/demo): the
 * same segments, genres, colours, fabrics, patterns, feature values and price bands, in the demo's
 * proportions. Only the size runs are widened (XS to 5XL, waist 26 to 42), as a large shop stocks
 * them, so that a product averages about five SKUs.
 */
import { GENRES, type GenreSpec } from '../server/demo/catalogue/genres.ts';
import { SELLERS } from '../server/demo/catalogue/sellers.ts';

const LETTER_RUN = ['XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL', '5XL'];
const WAIST_RUN = ['26', '28', '30', '32', '34', '36', '38', '40', '42'];

export interface BenchGenre {
  spec: GenreSpec;
  /** share of the catalogue: the demo's expected products in this genre (twice, to keep it whole) */
  weight: number;
  sizeRun: string[];
  /** 1-based ids of the demo sellers that sell this genre */
  sellerIds: number[];
  /** the ways a block of four products may split into colour siblings within the genre's range */
  siblingMasks: number[];
}

function sizeRun(sizes: readonly string[]): string[] {
  if (sizes.length <= 1) return [...sizes];
  if (sizes.every((s) => /^\d+$/.test(s))) return WAIST_RUN;
  if (sizes.every((s) => LETTER_RUN.includes(s))) return LETTER_RUN;
  return [...sizes];
}

/**
 * A mask's bits 0..2 say whether the products at positions 1..3 of a block start a new design; the
 * mask fits when every design's number of colours lies within [min, max].
 */
export function siblingMasks([min, max]: readonly [number, number]): number[] {
  const fits = (mask: number) => {
    const starts = [0, 1, 2, 3].filter((q) => q === 0 || mask & (1 << (q - 1)));
    return starts.every((start, i) => {
      const size = (starts[i + 1] ?? 4) - start;
      return size >= min && size <= max;
    });
  };
  const masks = [0, 1, 2, 3, 4, 5, 6, 7].filter(fits);
  // a range that cannot tile four (e.g. exactly 3) falls back to single products
  return masks.length > 0 ? masks : [7];
}

export function benchGenres(): BenchGenre[] {
  return GENRES.map((spec) => {
    const sellerIds = SELLERS.flatMap((s, i) => (s.genres.includes(spec.genre) ? [i + 1] : []));
    return {
      spec,
      weight: spec.designs * (spec.siblings[0] + spec.siblings[1]),
      sizeRun: sizeRun(spec.sizes),
      sellerIds: sellerIds.length > 0 ? sellerIds : SELLERS.map((_, i) => i + 1),
      siblingMasks: siblingMasks(spec.siblings),
    };
  });
}

export const REVIEW_TEXTS = [
  'Lovely colour and the fabric feels good.',
  'Fits well, true to size.',
  'Good value for the price.',
  'Delivery was quick and the packing neat.',
  'Looks just like the photos.',
];
export const FIRST_NAMES = ['Asha', 'Priya', 'Rahul', 'Arjun', 'Meera', 'Kavya', 'Rohan', 'Ananya'];
export const LAST_NAMES = ['Das', 'Sharma', 'Iyer', 'Khan', 'Patel', 'Reddy', 'Singh', 'Bose'];
