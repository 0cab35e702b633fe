/** Money and ids as the public API writes them: one rounding and one id rule for every module. */

/** Whole rupees for the public API, from integer paise; listings, product pages, carts and orders agree. */
export const rupees = (paise: number) => Math.round(paise / 100);

/** A product id from a path: a positive 32-bit integer, or undefined. */
export function parseProductId(text: string): number | undefined {
  if (!/^[1-9][0-9]{0,9}$/.test(text)) return undefined;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : undefined;
}
