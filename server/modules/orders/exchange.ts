import {
  NOT_RETURNABLE_TEXT,
  RETURN_REASON_CODES,
  type ReturnReasonCode,
} from '../../../contract/fit-returns-constants.ts';
import type { ExchangeBody, ExchangeResponse, LineStatus, OrderLine } from '../../../contract/orders.ts';
import type { Db } from '../../db/connect.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { gatewayId } from '../payments/gateway.ts';
import * as exchanges from './exchange-store.ts';
import { type MoveDeps, moveLine, refundWhatWasPaid, transitionRefusal } from './lines.ts';
import type { LockedLine } from './store.ts';
import { type Deliverable, EXCHANGE_WINDOW_CLOSED, exchangeableUntil, windowOpen } from './terms.ts';

/** What deciding whether a line may be exchanged reads of it and its product. */
export interface ExchangeCandidate extends Deliverable {
  status: LineStatus;
  /** set on an exchange's new line */
  exchange_of: number | string | null;
  prod: string;
  /** the product is still sold */
  active: boolean;
}

/**
 * Why a line cannot be exchanged now, as a sentence for the shopper; null when it can. Every rule of
 * whether a line may be exchanged is here, for the list (`exchangeSizes`) and the request alike.
 */
export function exchangeRefusal(line: ExchangeCandidate, now: Date): string | null {
  if (line.exchange_of !== null) {
    return 'This item is already an exchange and cannot be exchanged again; you can still return it';
  }
  if (line.prod !== 'apparel') return 'Only clothes can be exchanged for another size';
  if (!line.returnable) return NOT_RETURNABLE_TEXT;
  const moveRefused = transitionRefusal(line.status, 'exchange_requested');
  if (moveRefused) return moveRefused;
  if (!windowOpen(exchangeableUntil(line), now)) return EXCHANGE_WINDOW_CLOSED;
  if (!line.active) return 'This item is no longer sold, so it cannot be exchanged; you can still return it';
  return null;
}

/** A line's exchange fields in Orders, from its row and the sizes free of each product. */
export function exchangeFields(
  row: ExchangeCandidate & {
    product_id: number;
    size: string;
    exchange_of: string | null;
    exchange_size: string | null;
    refund_note: string | null;
  },
  freeSizes: ReadonlyMap<number, readonly string[]>,
  now: Date,
): Pick<OrderLine, 'exchangeSizes' | 'exchangeOf' | 'exchange'> {
  const exchangeable = exchangeRefusal(row, now) === null;
  return {
    exchangeSizes: exchangeable ? (freeSizes.get(row.product_id) ?? []).filter((s) => s !== row.size) : [],
    ...(row.exchange_of !== null && { exchangeOf: row.exchange_of }),
    ...(row.exchange_size !== null && {
      exchange: { size: row.exchange_size, status: row.status, note: row.refund_note },
    }),
  };
}

const isReasonCode = (code: string): code is ReturnReasonCode =>
  (RETURN_REASON_CODES as readonly string[]).includes(code);

/**
 * The shopper asks to exchange their line for another size (decision 047): the size's units are held at
 * once, in the move's transaction. 400 for a bad code or size, 409 when the line cannot be exchanged or
 * the size is no longer free; nothing changes then.
 */
export async function requestExchange(
  deps: MoveDeps,
  customerId: number,
  purchaseId: string,
  body: ExchangeBody,
): Promise<ExchangeResponse> {
  if (!isReasonCode(body.reasonCode)) {
    throw badRequest(`reasonCode must be one of ${RETURN_REASON_CODES.join(', ')}`);
  }
  const reasonCode = body.reasonCode;
  const size = body.size.trim();
  await moveLine(deps, {
    purchaseId,
    customerId,
    to: 'exchange_requested',
    actor: `customer:${customerId}`,
    action: 'exchange.request',
    apply: async (trx, line, now) => {
      const product = await exchanges.productOf(trx, line.product_id);
      const refusal = exchangeRefusal({ ...line, ...product }, now);
      if (refusal) throw conflict(refusal);
      if (size === line.size) throw badRequest(`This item is already size ${size}: please pick another size`);
      const skuId = await exchanges.skuOf(trx, line.product_id, size);
      if (skuId === undefined) throw badRequest(`"${product.name}" has no size "${size}"`);
      const holdId = await deps.inventory.holdForExchange(trx, {
        skuId,
        quantity: line.quantity,
        name: product.name,
        size,
      });
      await exchanges.insertExchange(trx, { lineId: line.id, size, holdId, reasonCode, at: now });
      return { details: { size, reasonCode } };
    },
  });
  return { exchange: { size, status: 'exchange_requested' } };
}

export const isExchange = exchanges.isExchange;

/** The back office accepts the exchange (the courier picks the item up) or refuses it (the hold ends). */
export async function decideExchange(
  deps: MoveDeps,
  purchaseId: string,
  accept: boolean,
  actor: string,
): Promise<void> {
  await moveLine(deps, {
    purchaseId,
    to: accept ? 'exchanging' : 'exchange_rejected',
    actor,
    action: accept ? 'exchange.accept' : 'exchange.reject',
    apply: async (trx, line, now) => {
      const exchange = await exchanges.exchangeOf(trx, line.id);
      if (!accept && exchange.hold_id !== null) await deps.inventory.releaseHeld(trx, exchange.hold_id);
      await exchanges.decideExchange(trx, line.id, accept, now);
      return {};
    },
  });
}

/**
 * Why the held size cannot be sent, as a sentence for the shopper; null when it can: the product is
 * withdrawn or paused, or its hold is gone.
 */
async function notSendable(deps: MoveDeps, trx: Db, line: LockedLine): Promise<string | null> {
  const product = await exchanges.productOf(trx, line.product_id);
  const { size, hold_id } = await exchanges.exchangeOf(trx, line.id);
  // a COD line's refund is paid by hand, once staff have asked the shopper where (decision 069)
  const refunded =
    line.payment_id === null
      ? 'so we will pay back what you paid for this item: we will ask you where to send it'
      : 'so we have refunded what you paid for this item';
  if (!product.active)
    return `"${product.name}" is no longer sold, so size ${size} could not be sent: ${refunded}`;
  if (hold_id === null || !(await deps.inventory.held(trx, hold_id))) {
    return `Size ${size} of "${product.name}" could no longer be kept for you, ${refunded}`;
  }
  return null;
}

/**
 * The old unit is back (decision 047): it goes back to stock, and the held size becomes a new line of the
 * order (placed, no payment), or, when it can no longer be sent, what was paid for the line is refunded
 * once with a sentence saying why.
 */
export async function receiveExchange(deps: MoveDeps, purchaseId: string, actor: string): Promise<void> {
  let why: string | null = null;
  await moveLine(deps, {
    purchaseId,
    to: async (trx, line) => {
      why = line.status === 'exchanging' ? await notSendable(deps, trx, line) : null;
      return why === null ? 'exchanged' : 'returned';
    },
    actor,
    action: 'exchange.receive',
    apply: async (trx, line, now) => {
      const exchange = await exchanges.exchangeOf(trx, line.id);
      await deps.inventory.restock(trx, line.sku_id, line.quantity);
      await exchanges.receiveExchange(trx, line.id, now, why);
      if (why !== null) return refundUnsent(deps, trx, line, exchange.hold_id, why);
      const skuId =
        exchange.hold_id === null ? undefined : await deps.inventory.takeHeld(trx, exchange.hold_id);
      if (skuId === undefined) throw new Error(`the hold of exchange ${purchaseId} was live a moment ago`);
      const newLine = gatewayId('pur');
      await exchanges.insertExchangeLine(trx, line, { purchaseId: newLine, skuId, size: exchange.size });
      return { details: { size: exchange.size, newLine } };
    },
  });
}

/** The held size cannot go: its hold (if any) ends and the line is refunded what was paid for it. */
async function refundUnsent(deps: MoveDeps, trx: Db, line: LockedLine, holdId: number | null, why: string) {
  if (holdId !== null) await deps.inventory.releaseHeld(trx, holdId);
  const { refundPaise, refundIds } = await refundWhatWasPaid(trx, line);
  return { details: { refundPaise, notSent: why }, refundIds };
}
