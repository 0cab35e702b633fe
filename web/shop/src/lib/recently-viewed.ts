import { PRODUCT_ROW_SIZE } from '../../../../contract/catalogue-constants.ts';

/** The products this browser viewed last: ids only, newest first, no repeats (localStorage). */

const KEY = 'recentlyViewed';

export function recentlyViewed(): number[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    if (!Array.isArray(stored)) return [];
    return stored.filter((id): id is number => Number.isSafeInteger(id) && id > 0).slice(0, PRODUCT_ROW_SIZE);
  } catch {
    // blocked storage, or a value this app did not write: nothing viewed
    return [];
  }
}

export function rememberViewed(productId: number): void {
  const ids = [productId, ...recentlyViewed().filter((id) => id !== productId)].slice(0, PRODUCT_ROW_SIZE);
  try {
    localStorage.setItem(KEY, JSON.stringify(ids));
  } catch {
    // blocked storage: the row is simply not shown
  }
}
