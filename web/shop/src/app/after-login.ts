import { useLocation } from 'react-router';
import { paths } from '../../../../contract/paths.ts';

/**
 * Router state of a trip to /login that should come back (the bag's checkout sends a visitor there):
 * state, not a query parameter, so no link from elsewhere can send a shopper off the shop after login.
 */
export interface ReturnTo {
  next?: string;
}

/** The in-shop path the trip to /login came from, if any. */
export function returnPath(state: unknown): string | undefined {
  const next = (state as ReturnTo | null)?.next;
  return typeof next === 'string' && next.startsWith('/') && !next.startsWith('//') ? next : undefined;
}

/**
 * The router state for a link to /login from the page shown: after login or sign-up the shopper comes
 * back here (the bag's checkout above all). On the login and sign-up pages the trip's own return is kept.
 */
export function useReturnHere(): ReturnTo {
  const { pathname, search, state } = useLocation();
  if (pathname === paths.login() || pathname === paths.signUp()) return { next: returnPath(state) };
  return { next: `${pathname}${search}` };
}

/** After login or sign-up: back where the shopper came from; the bag when its lines changed; else home. */
export function pathAfterLogin(state: unknown, bagChanges: readonly string[]): string {
  return returnPath(state) ?? (bagChanges.length > 0 ? paths.checkout() : paths.home());
}

const BAG_CHANGES_KEY = 'bagChanges';

/** What login said of the visitor's bag lines it could not keep as they were, for the bag page to show once. */
export function keepBagChanges(changes: readonly string[]): void {
  try {
    if (changes.length > 0) sessionStorage.setItem(BAG_CHANGES_KEY, JSON.stringify(changes));
    else sessionStorage.removeItem(BAG_CHANGES_KEY);
  } catch {
    // storage can be blocked: the bag then shows its lines without the notice
  }
}

export function readBagChanges(): string[] {
  try {
    const kept: unknown = JSON.parse(sessionStorage.getItem(BAG_CHANGES_KEY) ?? '[]');
    return Array.isArray(kept) ? kept.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

export function forgetBagChanges(): void {
  keepBagChanges([]);
}
