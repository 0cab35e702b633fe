import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { genreReturnable } from '../returns/service.ts';

/** Whose ledger, for which deliveries: one seller's or every seller's, delivered `from <= at < to`. */
export interface LedgerScope {
  sellerId?: number;
  from: Date;
  to: Date;
}

/**
 * The invoice line of an order line, from the invoice of its order that lists it: its seller is the line's
 * seller (the invoice named it at placement, whatever the product's seller becomes), its taxablePaise the
 * line's taxable value. A lateral lookup per line, each invoice's lines unnested once: a plain join makes the
 * planner hash every invoice of the month for each batch (2 s a batch on 100,000 lines).
 */
function invoiceLine(db: Db, sellerId: number | undefined) {
  let query = db
    .selectFrom([
      'invoices',
      sql<{ value: unknown }>`jsonb_array_elements(invoices.document->'lines')`.as('line'),
    ])
    .select(['invoices.seller_id', sql<number>`(line.value->>'taxablePaise')::bigint`.as('taxable_paise')])
    // the order line outside, by name: a lateral subquery sees it
    .where(sql<boolean>`invoices.order_id = order_lines.order_id`)
    .where(sql<boolean>`(line.value->>'orderLineId')::int = order_lines.id`);
  if (sellerId !== undefined) query = query.where('invoices.seller_id', '=', sellerId);
  return query.limit(1).as('invoices');
}

/**
 * A batch of the scope's ledger: its delivered lines (an exchange's new line is none: the line it replaced
 * is the sale) after line `after`, in line order, with what a ledger row is made of (ledger.ts).
 */
export function ledgerLines(db: Db, scope: LedgerScope, after: number, limit: number) {
  return (
    db
      .selectFrom('order_lines')
      .innerJoin('orders', 'orders.id', 'order_lines.order_id')
      .innerJoin('products', 'products.id', 'order_lines.product_id')
      .innerJoinLateral(invoiceLine(db, scope.sellerId), (join) => join.onTrue())
      .leftJoin('payout_lines', 'payout_lines.order_line_id', 'order_lines.id')
      // an exchange's new line (never exchanged again: one at most) carries the sale on
      .leftJoin('order_lines as replacement', 'replacement.exchange_of', 'order_lines.id')
      .select([
        'order_lines.id',
        'order_lines.purchase_id',
        'order_lines.order_id',
        'order_lines.product_id',
        'products.name',
        'order_lines.quantity',
        'order_lines.status',
        'replacement.status as replacement_status',
        'order_lines.paid_paise',
        'order_lines.commission_bp',
        'order_lines.delivered_at',
        'order_lines.return_window_ended_at',
        'orders.return_window_days',
        'orders.exchange_window_days',
        'invoices.seller_id',
        'invoices.taxable_paise',
        genreReturnable.as('returnable'),
        'payout_lines.payout_id',
      ])
      .where('order_lines.delivered_at', '>=', scope.from)
      .where('order_lines.delivered_at', '<', scope.to)
      .where('order_lines.exchange_of', 'is', null)
      .where('order_lines.id', '>', after)
      .orderBy('order_lines.id')
      .limit(limit)
      .execute()
  );
}
export type LedgerLineRow = Awaited<ReturnType<typeof ledgerLines>>[number];

/** The seller's payouts for the period, oldest first, each with how many lines it paid. */
export function payoutsOf(db: Db, sellerId: number, period: string) {
  return db
    .selectFrom('seller_payouts')
    .select((eb) => [
      'seller_payouts.id',
      'seller_payouts.amount_paise',
      'seller_payouts.utr',
      'seller_payouts.paid_at',
      eb
        .selectFrom('payout_lines')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('payout_lines.payout_id', '=', 'seller_payouts.id')
        .as('lines'),
    ])
    .where('seller_payouts.seller_id', '=', sellerId)
    .where('seller_payouts.period', '=', period)
    .orderBy('seller_payouts.id')
    .execute();
}
export type PayoutRow = Awaited<ReturnType<typeof payoutsOf>>[number];

export async function utrTaken(db: Db, utr: string): Promise<boolean> {
  const row = await db.selectFrom('seller_payouts').select('id').where('utr', '=', utr).executeTakeFirst();
  return row !== undefined;
}

/** A payout with nothing in it yet: its lines go in batch by batch, then its amount. */
export function insertPayout(
  db: Db,
  payout: { sellerId: number; period: string; utr: string; paidBy: string },
) {
  return db
    .insertInto('seller_payouts')
    .values({
      seller_id: payout.sellerId,
      period: payout.period,
      utr: payout.utr,
      amount_paise: 0,
      paid_by: payout.paidBy,
    })
    .returning(['id', 'paid_at'])
    .executeTakeFirstOrThrow();
}

export async function insertPayoutLines(
  db: Db,
  payoutId: number,
  lines: readonly { lineId: number; netPaise: number }[],
): Promise<void> {
  if (lines.length === 0) return;
  await db
    .insertInto('payout_lines')
    .values(
      lines.map((line) => ({ order_line_id: line.lineId, payout_id: payoutId, net_paise: line.netPaise })),
    )
    .execute();
}

export async function setPayoutAmount(db: Db, payoutId: number, amountPaise: number): Promise<void> {
  await db
    .updateTable('seller_payouts')
    .set({ amount_paise: amountPaise })
    .where('id', '=', payoutId)
    .execute();
}

/** PostgreSQL's unique violation of the payouts' UTRs, lost to a concurrent payout with the same UTR. */
export const isUtrTaken = (error: unknown) =>
  (error as { code?: string }).code === '23505' &&
  (error as { constraint?: string }).constraint === 'seller_payouts_utr_key';
