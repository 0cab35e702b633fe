const LETTER_SIZES = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL', '3XL', '4XL', '5XL'];

/** Sizes in the order a shopper reads them: XS, S, M, L, XL, …, then 26, 28, 30, …, then the rest. */
export function compareSizes(a: string, b: string): number {
  return sizeRank(a) - sizeRank(b) || leadingNumber(a) - leadingNumber(b) || a.localeCompare(b);
}

function sizeRank(size: string): number {
  const letter = LETTER_SIZES.indexOf(size.toUpperCase());
  if (letter >= 0) return letter;
  return Number.isFinite(leadingNumber(size)) ? LETTER_SIZES.length : LETTER_SIZES.length + 1;
}

function leadingNumber(size: string): number {
  const match = /^\d+(\.\d+)?/.exec(size);
  return match ? Number(match[0]) : Number.POSITIVE_INFINITY;
}
