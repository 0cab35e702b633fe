import { useEffect, useSyncExternalStore } from 'react';
import { apiPaths } from '../../../../contract/paths.ts';
import type { PurchasePageResponse } from '../../../../contract/shopping.ts';
import { api } from '../../../shared/api/client.ts';
import { useSession } from './session.tsx';

/**
 * The number of units in the shopper's bag (a visitor's or a customer's), shown by the header on every
 * page. It is read from GET /api/purchasePage: once at startup and whenever the login state changes, and
 * taken from any bag answer a screen already has. No polling: the screens that change the bag say so.
 */

/** undefined until the first answer */
let units: number | undefined;
/** each read gets a number; an older answer arriving late never overwrites a newer one */
let latest = 0;
const listeners = new Set<() => void>();

function set(value: number) {
  if (value === units) return;
  units = value;
  for (const listener of listeners) listener();
}

/** Takes the count from a bag page the screen fetched anyway, and hands the answer on. */
export function noteBag(answer: PurchasePageResponse): PurchasePageResponse {
  latest += 1;
  set(answer.prods.reduce((sum, line) => sum + line.quantity, 0));
  return answer;
}

/** Reads the bag afresh, after a change made outside the bag page (product page, payment, login). */
export function refreshBag(): void {
  const read = ++latest;
  api.get<PurchasePageResponse>(apiPaths.purchasePage()).then(
    (answer) => {
      if (read === latest) noteBag(answer);
    },
    // the count is a help: a failed read leaves the last one shown
    () => undefined,
  );
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The header's count; it reads the bag again when the shopper logs in or out (a merged or another bag). */
export function useBagUnits(): number | undefined {
  const { isLoggedIn } = useSession();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a login or a logout is what re-reads the bag
  useEffect(() => {
    refreshBag();
  }, [isLoggedIn]);
  return useSyncExternalStore(subscribe, () => units);
}

/** "1 item", "3 items" */
export const itemsText = (count: number) => (count === 1 ? '1 item' : `${count} items`);

/** "3 items in your bag": the header's spoken count. */
export const bagSentence = (count: number) =>
  count === 0 ? 'Your bag is empty' : `${itemsText(count)} in your bag`;
