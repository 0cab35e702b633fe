import { useSyncExternalStore } from 'react';

/**
 * The shopper's login state, kept where the spec keeps it: localStorage isLoggedIn ('true'/'false')
 * and uname. One store for the whole app; login, sign-up and sign-out change it through these functions.
 */

export interface Session {
  isLoggedIn: boolean;
  uname: string;
}

const LOGGED_IN_KEY = 'isLoggedIn';
const UNAME_KEY = 'uname';

function read(): Session {
  try {
    return {
      isLoggedIn: localStorage.getItem(LOGGED_IN_KEY) === 'true',
      uname: localStorage.getItem(UNAME_KEY) ?? '',
    };
  } catch {
    // storage can be blocked (private modes, policies): the shopper is then a visitor
    return { isLoggedIn: false, uname: '' };
  }
}

let session = read();
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

function store(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // the in-memory state still changes for this tab
  }
}

export function setLoggedIn(isLoggedIn: boolean) {
  store(LOGGED_IN_KEY, String(isLoggedIn));
  session = { ...session, isLoggedIn };
  notify();
}

export function setUname(uname: string) {
  store(UNAME_KEY, uname);
  session = { ...session, uname };
  notify();
}

/** Login and sign-up (the spec's two app-shell callbacks, in one change so the header never sees half). */
export function login(uname: string) {
  store(LOGGED_IN_KEY, 'true');
  store(UNAME_KEY, uname);
  session = { isLoggedIn: true, uname };
  notify();
}

/** Sign-out: logged out, and the stored name is cleared (the spec's states and transitions). */
export function logout() {
  store(LOGGED_IN_KEY, 'false');
  store(UNAME_KEY, null);
  session = { isLoggedIn: false, uname: '' };
  notify();
}

/** Any 403 (the API client's onSessionLost) and a failed session check land here. */
export function markLoggedOut() {
  if (session.isLoggedIn) setLoggedIn(false);
  else store(LOGGED_IN_KEY, 'false');
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // another tab logging in or out changes this one too
  const onStorage = (event: StorageEvent) => {
    if (event.key !== LOGGED_IN_KEY && event.key !== UNAME_KEY) return;
    session = read();
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSession(): Session {
  return useSyncExternalStore(subscribe, () => session);
}
