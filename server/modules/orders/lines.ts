import type { LineStatus } from '../../../contract/orders.ts';
import { daysText } from '../../../contract/shopping-rules.ts';
import type { Db } from '../../db/connect.ts';
import { recordAudit } from '../../platform/audit.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { type MessageKind, smsRupees } from '../../platform/sms/templates.ts';
import type { Inventory } from '../inventory/service.ts';
import { Notifications } from '../notifications/service.ts';
import { Refunds } from '../payments/refunds.ts';
import { lineProduct, refundToOf } from '../returns/service.ts';
import { codCollectOf, takeCodCharges } from './cod-lines.ts';
import { assertNotAwaitingCode } from './cod-state.ts';
import type { LineFields, LockedLine } from './store.ts';
import * as store from './store.ts';
import { paidForLine, returnableUntil } from './terms.ts';

/**
 * Every move an order line may make, and nothing else (Vendure's order process): the shopper cancels
 * (placed | shipped -> cancelled) and asks to return (delivered -> return_requested); the back office
 * ships, delivers, decides a return and receives it back. An exchange (decision 047) goes delivered ->
 * exchange_requested -> exchanging (accepted) -> exchanged (received; its new line ships the size asked
 * for), or is refused (exchange_rejected), or comes back when the size can no longer go (returned, refunded).
 * Each change of status is checked here.
 */
export const TRANSITIONS: Record<LineStatus, readonly LineStatus[]> = {
  placed: ['shipped', 'cancelled'],
  shipped: ['delivered', 'cancelled', 'returned_to_origin'],
  delivered: ['return_requested', 'exchange_requested'],
  cancelled: [],
  return_requested: ['returning', 'return_rejected'],
  returning: ['returned'],
  returned: [],
  return_rejected: [],
  exchange_requested: ['exchanging', 'exchange_rejected'],
  exchanging: ['exchanged', 'returned'],
  exchanged: [],
  exchange_rejected: [],
  returned_to_origin: [],
};

/** how a line in each state is described to whoever tries to move it */
const STATE_TEXT: Record<LineStatus, string> = {
  placed: 'awaiting shipment',
  shipped: 'on its way',
  delivered: 'delivered',
  cancelled: 'cancelled',
  return_requested: 'awaiting a return decision',
  returning: 'being returned',
  returned: 'returned',
  return_rejected: 'refused for return',
  exchange_requested: 'awaiting an exchange decision',
  exchanging: 'being exchanged',
  exchanged: 'exchanged',
  exchange_rejected: 'refused for exchange',
  returned_to_origin: 'returned to the shop undelivered',
};

const MOVE_TEXT: Record<LineStatus, string> = {
  placed: 'placed again',
  shipped: 'shipped',
  delivered: 'marked delivered',
  cancelled: 'cancelled',
  return_requested: 'returned',
  returning: 'accepted for return',
  returned: 'received back',
  return_rejected: 'refused for return',
  exchange_requested: 'exchanged',
  exchanging: 'accepted for exchange',
  exchanged: 'received back',
  exchange_rejected: 'refused for exchange',
  returned_to_origin: 'returned to the shop undelivered',
};

/** the SMS a move sends the shopper, in its transaction; the other moves send none */
const MOVE_MESSAGES: Partial<Record<LineStatus, MessageKind>> = {
  shipped: 'order_shipped',
  delivered: 'order_delivered',
  cancelled: 'order_cancelled',
  returning: 'return_accepted',
  exchange_requested: 'exchange_requested',
  exchanging: 'exchange_accepted',
  exchanged: 'exchange_received',
};

/** an exchange's new line says so when it ships */
const messageOf = (line: LockedLine, to: LineStatus): MessageKind | undefined =>
  to === 'shipped' && line.exchange_of !== null ? 'exchange_shipped' : MOVE_MESSAGES[to];

export function canMove(from: LineStatus, to: LineStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** Why the table refuses the move, as a sentence; null when it allows it. */
export function transitionRefusal(from: LineStatus, to: LineStatus): string | null {
  if (canMove(from, to)) return null;
  const again =
    from === to ||
    (from === 'returning' && to === 'return_requested') ||
    (from === 'exchanging' && to === 'exchange_requested');
  if (again) return `This item is already ${STATE_TEXT[from]}`;
  return `This item is ${STATE_TEXT[from]} and cannot be ${MOVE_TEXT[to]}`;
}

/** 409 unless the table allows the move. */
export function assertTransition(from: LineStatus, to: LineStatus): void {
  const refusal = transitionRefusal(from, to);
  if (refusal) throw conflict(refusal);
}

export interface Effects {
  /** further fields of the line that go with its new status */
  fields?: LineFields;
  /** what the audit log keeps beside who, what and when */
  details?: Record<string, unknown>;
  /** refunds owed by the move, sent once it commits */
  refundIds?: number[];
}

export interface Move {
  purchaseId: string;
  /** the new status, or how to choose it from the locked line (an exchange received: exchanged or returned) */
  to: LineStatus | ((trx: Db, line: LockedLine) => Promise<LineStatus>);
  /** only this shopper's line may move (another's answers 404); the back office moves any */
  customerId?: number;
  /** 'admin' or 'customer:<id>' */
  actor: string;
  action: string;
  /** checks beyond the table, and writes that go with the move, in its transaction (stock: Inventory's) */
  apply?: (trx: Db, line: LockedLine, now: Date, to: LineStatus) => Promise<Effects>;
}

/**
 * A returned line's effects: all it paid (paidForLine) owed back to the shopper as a return's refund, in
 * the move's transaction; a received return and an exchange that cannot be sent alike. A COD line has no
 * payment: its refund is paid by hand to where the shopper's return said (an exchange said nowhere).
 */
export async function refundWhatWasPaid(
  trx: Db,
  line: LockedLine,
): Promise<Effects & { refundPaise: number }> {
  const refundPaise = paidForLine(line);
  const refundId = await Refunds.owe(trx, {
    paymentId: line.payment_id,
    destination: line.payment_id === null ? await refundToOf(trx, line.id) : null,
    orderLineId: line.id,
    amountPaise: refundPaise,
    reason: 'return',
  });
  return { refundPaise, details: { refundPaise }, refundIds: [refundId] };
}

export interface MoveDeps {
  db: Db;
  refunds: Refunds;
  inventory: Inventory;
}

/**
 * The one way a line changes state: locked, checked against TRANSITIONS, changed and audited in one
 * transaction (Inventory's, so any stock the move changed is announced once it commits); refunds go to
 * the gateway after it commits. Of two racing moves the second sees the first's outcome, so a line is
 * cancelled (and refunded) once.
 */
export async function moveLine(deps: MoveDeps, move: Move): Promise<Effects> {
  const effects = await deps.inventory.transaction(async (trx) => {
    const line = await store.lockLine(trx, move.purchaseId, move.customerId);
    if (!line) throw notFound(`No order line "${move.purchaseId}"`);
    const to = typeof move.to === 'function' ? await move.to(trx, line) : move.to;
    assertTransition(line.status, to);
    if (to === 'shipped') {
      // a cash-on-delivery order ships once confirmed, its first line to ship collecting the order's
      // charges (decision 069)
      await assertNotAwaitingCode(trx, line.id);
      await takeCodCharges(trx, line.id);
    }
    const now = new Date();
    const done = (await move.apply?.(trx, line, now, to)) ?? {};
    await store.setLineStatus(trx, line.id, to, done.fields);
    await recordAudit(trx, {
      actor: move.actor,
      action: move.action,
      subject: `purchase:${move.purchaseId}`,
      details: { from: line.status, to, ...done.details },
    });
    await notifyMove(trx, line, to, done.fields);
    return done;
  });
  await deps.refunds.send(effects.refundIds ?? []);
  return effects;
}

async function notifyMove(trx: Db, line: LockedLine, to: LineStatus, fields: LineFields = {}): Promise<void> {
  if (to === 'delivered') await notifyCashCollected(trx, line);
  const kind = messageOf(line, to);
  if (!kind) return;
  const variables: Record<string, string> = {
    purchase: line.purchase_id,
    ...(fields.tracking_id && { tracking: fields.tracking_id }),
  };
  await Notifications.queue(trx, {
    kind: kind === 'order_delivered' ? await deliveredKind(trx, line, variables) : kind,
    customerId: line.customer_id,
    subject: line.purchase_id,
    variables,
  });
}

/**
 * The delivered SMS names the line's return window as its order keeps it (`days`); a line with none (0
 * days, a genre not returnable) is told only that it is delivered.
 */
async function deliveredKind(
  trx: Db,
  line: LockedLine,
  variables: Record<string, string>,
): Promise<MessageKind> {
  const { returnable } = await lineProduct(trx, line.id);
  if (returnableUntil({ ...line, returnable, delivered_at: new Date() }) === null)
    return 'order_delivered_final';
  variables.days = daysText(line.return_window_days);
  return 'order_delivered';
}

/**
 * A cash-on-delivery line delivered: the shopper's receipt for the cash the courier took. It is about
 * their money, so it goes beside the delivered SMS, which they may turn off (decision 069).
 */
async function notifyCashCollected(trx: Db, line: LockedLine): Promise<void> {
  const collectPaise = await codCollectOf(trx, line.id);
  if (collectPaise === null) return;
  await Notifications.queue(trx, {
    kind: 'cod_cash_collected',
    customerId: line.customer_id,
    subject: line.purchase_id,
    variables: { purchase: line.purchase_id, amount: smsRupees(collectPaise) },
  });
}
