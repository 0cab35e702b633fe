import { INDIA_OFFSET_MS } from '../../contract/india-time.ts';
/** Money and ids as the public API writes them: one rounding and one id rule for every module. */

import { badRequest } from './errors.ts';

/** Whole rupees for the public API, from integer paise; listings, product pages, bags and orders agree. */
export const rupees = (paise: number) => Math.round(paise / 100);

/** A product id from a path: a positive 32-bit integer, or undefined. */
export function parseProductId(text: string): number | undefined {
  if (!/^[1-9][0-9]{0,9}$/.test(text)) return undefined;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : undefined;
}

/** An id from a path or query the contract's pattern let through, as a number: one past 32 bits is bad input. */
export function idParam(text: string, field: string): number {
  const id = parseProductId(text);
  if (id === undefined) throw badRequest(`${field} is not an id`);
  return id;
}

/** A page's `before` cursor (an id), when given. */
export const cursorParam = (before: string | undefined) =>
  before === undefined ? undefined : idParam(before, 'before');

/** A name or title as typed, without spaces around it and with each run of spaces inside made one. */
export const tidyText = (text: string) => text.trim().replace(/\s+/g, ' ');

/** A moment as the back office reads it: ISO 8601 in India's time, `2026-11-01T00:00:00.000+05:30`. */
export function indiaTime(at: Date): string {
  return `${new Date(at.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 23)}+05:30`;
}

/** The API's 'Y' / 'N' of a yes or no (the spec's flags). */
export const yesNo = (value: boolean): 'Y' | 'N' => (value ? 'Y' : 'N');
