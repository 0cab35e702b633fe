import type { CodLine, CodState } from '../../../contract/cod.ts';
import type { LineStatus } from '../../../contract/orders.ts';
import type { Db } from '../../db/connect.ts';
import type { PaymentMethod } from '../../db/schema.ts';
import { conflict } from '../../platform/errors.ts';

/** What a line's COD state is derived from (decision 069): nothing about it is stored as a state. */
export interface CodFacts {
  payment_method: PaymentMethod;
  status: LineStatus;
  delivered_at: Date | null;
  paid_paise: number;
  cod_collect_paise: number | null;
  cod_confirm_by: Date | null;
  cod_confirmed_at: Date | null;
  /** the courier's remittance of the line's cash was applied */
  cod_remitted: boolean;
}

function codState(line: CodFacts): CodState {
  if (line.status === 'cancelled' || line.status === 'returned_to_origin') return 'not_collected';
  if (line.cod_remitted) return 'cash_received';
  // delivered, and whatever followed (a return, an exchange): the courier took the cash at the door
  if (line.delivered_at !== null) return 'cash_due';
  return line.cod_confirmed_at === null && line.status === 'placed' ? 'awaiting_confirmation' : 'to_collect';
}

/** `cod` of an order line: null for an online order. */
export function codLine(line: CodFacts): CodLine {
  if (line.payment_method !== 'cod') return null;
  return {
    state: codState(line),
    confirmBy: (line.cod_confirm_by ?? new Date(0)).toISOString(),
    // an exchange's new line was never placed as COD: its parcel collects nothing
    collectPaise: line.cod_collect_paise ?? 0,
  };
}

export const AWAITING_CODE_MESSAGE =
  "This cash on delivery order is awaiting the shopper's confirmation code and cannot be shipped yet";

/**
 * 409 for a COD line whose order still awaits its confirmation code: the back office ships (by hand or
 * through the courier partner) only confirmed COD orders.
 */
export async function assertNotAwaitingCode(db: Db, lineId: number): Promise<void> {
  const row = await db
    .selectFrom('order_lines')
    .innerJoin('cod_confirmations', 'cod_confirmations.order_id', 'order_lines.order_id')
    .select('cod_confirmations.confirmed_at')
    .where('order_lines.id', '=', lineId)
    .where('order_lines.exchange_of', 'is', null)
    .executeTakeFirst();
  if (row && row.confirmed_at === null) throw conflict(AWAITING_CODE_MESSAGE);
}
