import type { SignUpRecord } from '../../../../../contract/accounts.ts';
import { VERIFIED_FOR_MINUTES } from '../../../../../contract/accounts-constants.ts';
import { phoneError } from '../../../../shared/lib/account-rules.ts';
import { type Field, STEPS } from './fields.ts';

/**
 * Sign-up's progress after the phone is verified, kept in sessionStorage so a reload does not send the
 * shopper back to a new code while the server still holds the verification (never the code itself).
 */
const KEY = 'signUpProgress';

export interface Progress {
  record: SignUpRecord;
  /** the step the shopper is on: after the phone */
  field: Field;
}

interface Kept extends Progress {
  /** when the server's verification lapses (ms since the epoch) */
  until: number;
}

function read(): Kept | undefined {
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<Kept> | null;
    const record = kept?.record;
    if (!kept || !record || typeof kept.until !== 'number' || kept.until <= Date.now()) return undefined;
    if (phoneError(record.phone) || !STEPS.includes(kept.field as Field) || kept.field === 'phone')
      return undefined;
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    return {
      record: {
        phone: record.phone,
        mail: text(record.mail),
        fname: text(record.fname),
        lname: text(record.lname),
      },
      field: kept.field as Field,
      until: kept.until,
    };
  } catch {
    return undefined;
  }
}

function write(kept: Kept): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(kept));
  } catch {
    // blocked storage: a reload starts over, as before
  }
}

/** The progress to pick up, while the verification it needs lasts. */
export const keptProgress = (): Progress | undefined => read();

/** The phone was just verified: its progress is kept from now for the verification's time. */
export function startProgress(progress: Progress): void {
  write({ ...progress, until: Date.now() + VERIFIED_FOR_MINUTES * 60_000 });
}

/** A later step or value, kept until the same moment. */
export function keepProgress(progress: Progress): void {
  const kept = read();
  if (kept && kept.record.phone === progress.record.phone) write({ ...progress, until: kept.until });
}

export function forgetProgress(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing was kept
  }
}
