import type { CodLine } from '../../../../contract/cod.ts';
import { formatPaise } from '../../../../contract/money.ts';
import type { OrderLine } from '../../../../contract/orders.ts';

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

/** a COD line cancelled: the online CANCELLED_MESSAGE says a refund, but nothing was paid */
export const COD_CANCELLED_MESSAGE = 'Your item has been cancelled! Nothing is due for it.';

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

/**
 * Where a COD order stands for its confirmation, from its lines: awaiting the code, confirmed (the code
 * was given), or cancelled before it was (lapsed, or cancelled); undefined without a COD line.
 */
export function codStage(
  lines: readonly Pick<OrderLine, 'cod' | 'timeline'>[],
): 'awaiting' | 'confirmed' | 'cancelled' | undefined {
  const cod = lines.filter((line) => line.cod);
  if (cod.length === 0) return undefined;
  if (cod.some((line) => line.cod?.state === 'awaiting_confirmation')) return 'awaiting';
  const confirmed = cod.some((line) => line.timeline.some((step) => step.event === 'cod_confirmed'));
  return confirmed ? 'confirmed' : 'cancelled';
}

/** The cash a COD order's parcels collect together: its amount, while none of its lines is cancelled. */
export const codAmountPaise = (lines: readonly Pick<OrderLine, 'cod'>[]): number =>
  lines.reduce((sum, line) => sum + (line.cod?.collectPaise ?? 0), 0);

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** Time left as a clock reads it, rounded up to the second: 14:05, 1:02:09; 0:00 once over. */
export function formatTimeLeft(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = `${twoDigits(seconds % 60)}`;
  return hours > 0 ? `${hours}:${twoDigits(minutes)}:${rest}` : `${minutes}:${rest}`;
}
