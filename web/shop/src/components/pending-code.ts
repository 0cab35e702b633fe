import { CODE_VALID_MINUTES } from '../../../../contract/accounts-constants.ts';
import { phoneError } from '../../../shared/lib/account-rules.ts';

/**
 * The number a login code was sent to, kept in sessionStorage while the code is valid, so that a reload
 * of the login page keeps the code box open for the code already on its way (never the code itself).
 */
const KEY = 'pendingLoginCode';

export interface PendingCode {
  phone: string;
  /** when the code stops being valid (ms since the epoch) */
  validUntil: number;
  /** when another code may be asked for (ms since the epoch) */
  resendAt: number;
}

/** The code still valid, if one was sent in this tab. */
export function readPendingCode(): PendingCode | undefined {
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<PendingCode> | null;
    const { phone, validUntil, resendAt } = kept ?? {};
    if (typeof phone !== 'string' || phoneError(phone)) return undefined;
    if (typeof validUntil !== 'number' || validUntil <= Date.now() || typeof resendAt !== 'number')
      return undefined;
    return { phone, validUntil, resendAt };
  } catch {
    return undefined;
  }
}

export function keepPendingCode(phone: string, resendAfterSeconds: number): void {
  const now = Date.now();
  const pending: PendingCode = {
    phone,
    validUntil: now + CODE_VALID_MINUTES * 60_000,
    resendAt: now + resendAfterSeconds * 1000,
  };
  try {
    sessionStorage.setItem(KEY, JSON.stringify(pending));
  } catch {
    // blocked storage: a reload asks for a new code, as before
  }
}

export function forgetPendingCode(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
