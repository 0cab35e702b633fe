import type { CodLine } from '../../../../contract/cod.ts';
import { formatPaise } from '../../../../contract/money.ts';

/** Cash on delivery as the shopper reads it: an order line's cash in words, the time left to confirm. */

/** What the confirmation screen keeps after asking for a new code (router state, which a reload keeps). */
export interface CodConfirmState {
  /** when another code may be asked for (ms since the epoch) */
  resendAt: number;
}

export const COD_TITLE = 'Cash on delivery';

/** a COD parcel refused at the door: the online RTO_MESSAGE says a refund, but nothing was paid */
export const COD_RTO_MESSAGE =
  'The courier could not deliver this item and took it back to the seller. Nothing is due for it.';

/** A COD line's cash in words: awaiting the code, to pay at the door, paid, or not collected. */
export function codStateText(cod: NonNullable<CodLine>): string {
  switch (cod.state) {
    case 'awaiting_confirmation':
      return 'Awaiting confirmation with the code we sent to your phone';
    case 'to_collect':
      return `Pay ${formatPaise(cod.collectPaise)} in cash on delivery`;
    case 'cash_due':
    case 'cash_received':
      return `Paid ${formatPaise(cod.collectPaise)} in cash`;
    case 'not_collected':
      return 'Not collected: nothing to pay';
  }
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** Time left as a clock reads it, rounded up to the second: 14:05, 1:02:09; 0:00 once over. */
export function formatTimeLeft(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = `${twoDigits(seconds % 60)}`;
  return hours > 0 ? `${hours}:${twoDigits(minutes)}:${rest}` : `${minutes}:${rest}`;
}
