/**
 * Money in the owner's books: integer paise throughout, rounded per line to the paisa, half up (a half
 * paisa goes away from zero), and turned into rupees only when written out.
 */

/** n / d rounded to the nearest integer, a half away from zero; n and d integers, d > 0. Exact: no float. */
export function roundDiv(n: number, d: number): number {
  const quotient = Math.trunc(n / d);
  const rest = n - quotient * d;
  return 2 * Math.abs(rest) >= d ? quotient + Math.sign(n) : quotient;
}

/** A share of an amount in basis points (50 is 0.5%), rounded half up to the paisa. */
export const basisPointsOf = (paise: number, bp: number): number => roundDiv(paise * bp, 10_000);

/** Rupees as the JSON answers write them: a number with at most two decimals (`1000.5`). */
export const rupees = (paise: number): number => paise / 100;
