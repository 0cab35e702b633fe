import { type Expression, sql } from 'kysely';
import { INDIA_OFFSET_MS } from '../../../contract/india-time.ts';
import type { Db } from '../../db/connect.ts';
import type { TaxLine } from '../invoices/tax.ts';

/** `from <= at < to`: the moments of a report's India days. */
export interface Bounds {
  from: Date;
  to: Date;
}

/** The India day (`YYYY-MM-DD`) of a timestamp, as SQL groups by it. */
const indiaDayOf = (at: Expression<unknown>) =>
  sql<string>`to_char((${at}) AT TIME ZONE 'UTC' + make_interval(mins => ${sql.lit(INDIA_OFFSET_MS / 60_000)}), 'YYYY-MM-DD')`;

/** The lines sold in the range: placed then, and no exchange's new line (decision 047: it is no sale). */
function linesPlaced(db: Db, { from, to }: Bounds) {
  return db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .where('orders.placed_at', '>=', from)
    .where('orders.placed_at', '<', to)
    .where('order_lines.exchange_of', 'is', null);
}

/**
 * The goods part of the line's refunds: each refund credits the line's goods first, up to what was paid
 * for it, and any more was the delivery charge (as its credit note splits it). A failed refund gave nothing.
 */
const goodsRefunded = sql<string>`coalesce((
  SELECT sum(least(refunds.amount_paise, order_lines.paid_paise)) FROM refunds
  WHERE refunds.order_line_id = order_lines.id AND refunds.status <> 'failed'), 0)`;

/**
 * A cash-on-delivery line whose cash was never taken: cancelled before delivery, or refused at the door and
 * brought back (decision 069's not_collected). Nothing is refunded for it, but nothing was paid either.
 */
const NEVER_PAID = sql<boolean>`(orders.payment_method = 'cod'
  AND order_lines.status IN ('cancelled', 'returned_to_origin'))`;

/** When a COD line's sale fell through: cancelled, or refused at the door (its RTO's last move else). */
const neverPaidAt = sql<Date>`coalesce(order_lines.cancelled_at, order_lines.cod_refused_at, order_lines.updated_at)`;

/** What the line paid and then had back (decision 070): its goods refunds, or all of it for a COD line never paid. */
const takenBack = sql<string>`(${goodsRefunded} + CASE WHEN ${NEVER_PAID} THEN order_lines.paid_paise ELSE 0 END)`;

const units = sql<string>`sum(order_lines.quantity)`;
const net = sql<string>`sum(order_lines.paid_paise - ${takenBack})`;
const orderCount = sql<string>`count(DISTINCT order_lines.order_id)`;

/** Per India day of the range: orders, units, gross (own prices before any sale) and what was paid. */
export function salesByDay(db: Db, bounds: Bounds) {
  const day = indiaDayOf(sql.ref('orders.placed_at'));
  return linesPlaced(db, bounds)
    .select([
      day.as('day'),
      orderCount.as('orders'),
      units.as('units'),
      sql<string>`sum(order_lines.unit_price_paise::bigint * order_lines.quantity + order_lines.sale_saving_paise)`.as(
        'gross',
      ),
      sql<string>`sum(order_lines.paid_paise)`.as('paid'),
    ])
    .groupBy(day)
    .execute();
}

/**
 * Per India day of the range, the goods given back then: refunds issued (whatever day their line was
 * placed), and COD lines never paid, on the day they were cancelled or refused.
 */
export async function takenBackByDay(db: Db, { from, to }: Bounds) {
  const refundDay = indiaDayOf(sql.ref('refunds.created_at'));
  const refunded = db
    .selectFrom('refunds')
    .innerJoin('order_lines', 'order_lines.id', 'refunds.order_line_id')
    .select([
      refundDay.as('day'),
      sql<string>`sum(least(refunds.amount_paise, order_lines.paid_paise))`.as('paise'),
    ])
    .where('refunds.status', '<>', 'failed')
    .where('refunds.created_at', '>=', from)
    .where('refunds.created_at', '<', to)
    .groupBy(refundDay);
  const fellThroughDay = indiaDayOf(neverPaidAt);
  const neverPaid = db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .select([fellThroughDay.as('day'), sql<string>`sum(order_lines.paid_paise)`.as('paise')])
    .where(NEVER_PAID)
    .where('order_lines.exchange_of', 'is', null)
    .where(neverPaidAt, '>=', from)
    .where(neverPaidAt, '<', to)
    .groupBy(fellThroughDay);
  return refunded.unionAll(neverPaid).execute();
}

/** The products of the lines placed in the range, best net first (then by id), at most `limit`. */
export function topProducts(db: Db, bounds: Bounds, limit: number) {
  return linesPlaced(db, bounds)
    .innerJoin('products', 'products.id', 'order_lines.product_id')
    .select(['products.id', 'products.name', units.as('units'), net.as('net')])
    .groupBy(['products.id', 'products.name'])
    .orderBy(net, 'desc')
    .orderBy('products.id')
    .limit(limit)
    .execute();
}

/** Apparel's segments and genres, and the crafts (accessories) as one section, best net first. */
export function topGenres(db: Db, bounds: Bounds, limit: number) {
  const crafts = sql<boolean>`products.prod = 'accessories'`;
  const segment = sql<string | null>`CASE WHEN ${crafts} THEN NULL ELSE products.user_segment END`;
  const genre = sql<string | null>`CASE WHEN ${crafts} THEN NULL ELSE products.genre END`;
  return linesPlaced(db, bounds)
    .innerJoin('products', 'products.id', 'order_lines.product_id')
    .select([crafts.as('crafts'), segment.as('segment'), genre.as('genre'), units.as('units'), net.as('net')])
    .groupBy([crafts, segment, genre])
    .orderBy(net, 'desc')
    .orderBy(crafts)
    .orderBy(segment)
    .orderBy(genre)
    .limit(limit)
    .execute();
}

/** The returns asked in the range, by reason code (null: the spec's free text), with their lines' figures. */
export function returnsByReason(db: Db, { from, to }: Bounds) {
  return db
    .selectFrom('returns')
    .innerJoin('order_lines', 'order_lines.id', 'returns.order_line_id')
    .select([
      'returns.reason_code',
      sql<string>`count(*)`.as('returns'),
      units.as('units'),
      sql<string>`sum(order_lines.paid_paise)`.as('value'),
      sql<string>`count(*) FILTER (WHERE returns.accepted)`.as('accepted'),
      sql<string>`count(*) FILTER (WHERE NOT returns.accepted)`.as('rejected'),
      sql<string>`count(returns.received_at)`.as('received'),
    ])
    .where('returns.requested_at', '>=', from)
    .where('returns.requested_at', '<', to)
    .groupBy('returns.reason_code')
    .execute();
}

/** Each sale that priced a line placed in the range: its orders, units, saving and net. */
export function salesBrought(db: Db, bounds: Bounds) {
  return linesPlaced(db, bounds)
    .innerJoin('sales', 'sales.id', 'order_lines.sale_id')
    .select([
      'sales.id',
      'sales.title',
      orderCount.as('orders'),
      units.as('units'),
      sql<string>`sum(order_lines.sale_saving_paise)`.as('discount'),
      net.as('net'),
    ])
    .groupBy(['sales.id', 'sales.title'])
    .orderBy('sales.id')
    .execute();
}

/** Each coupon that took something off a line placed in the range: its orders, units, share and net. */
export function couponsBrought(db: Db, bounds: Bounds) {
  return linesPlaced(db, bounds)
    .innerJoin('coupons', (join) =>
      join.on(sql`upper(coupons.code)`, '=', sql`upper(order_lines.coupon_code)`),
    )
    .select([
      'coupons.id',
      'coupons.title',
      'coupons.code',
      orderCount.as('orders'),
      units.as('units'),
      // the line's price (after any sale) less what was paid: the coupon's share alone
      sql<string>`sum(order_lines.unit_price_paise::bigint * order_lines.quantity - order_lines.paid_paise)`.as(
        'discount',
      ),
      net.as('net'),
    ])
    .groupBy(['coupons.id', 'coupons.title', 'coupons.code'])
    .orderBy('coupons.id')
    .execute();
}

/** The ids of the lines placed in the range lie between these (null: none placed), read by the orders' day index. */
export function lineSpan(db: Db, bounds: Bounds) {
  return linesPlaced(db, bounds)
    .select((eb) => [eb.fn.min('order_lines.id').as('first'), eb.fn.max('order_lines.id').as('last')])
    .executeTakeFirstOrThrow();
}

/**
 * A batch of the order lines placed in the range (after line `after` up to line `last`, at most `limit`, by
 * id; the span keeps the read of the ids to the range's, not the whole table's) with what the orders CSV writes: the line, its order, product and seller, and its invoice's number, place of supply
 * and its own line of the invoice (the document as issued, so the figures are the PDF's).
 */
export function csvLines(db: Db, bounds: Bounds, span: { after: number; last: number }, limit: number) {
  return linesPlaced(db, bounds)
    .innerJoin('products', 'products.id', 'order_lines.product_id')
    .innerJoin('sellers', 'sellers.id', 'products.seller_id')
    .leftJoin('invoices', (join) =>
      join
        .onRef('invoices.order_id', '=', 'orders.id')
        .onRef('invoices.seller_id', '=', 'products.seller_id'),
    )
    .select([
      'order_lines.id',
      'orders.id as order_id',
      'orders.placed_at',
      'orders.payment_method',
      'order_lines.purchase_id',
      'order_lines.quantity',
      'order_lines.unit_price_paise',
      'order_lines.sale_saving_paise',
      'order_lines.coupon_code',
      'order_lines.paid_paise',
      'order_lines.status',
      'products.name',
      'products.hsn_code',
      'invoices.number as invoice_number',
      // the seller as the invoice names it; a line from before invoices, as the seller is now
      sql<string>`coalesce(invoices.document->'seller'->>'name', sellers.legal_name, sellers.name)`.as(
        'seller',
      ),
      sql<string | null>`coalesce(invoices.document->'seller'->>'gstin', sellers.gstin)`.as('gstin'),
      sql<string | null>`invoices.document->>'placeOfSupply'`.as('place_of_supply'),
      sql<TaxLine | null>`(SELECT line FROM jsonb_array_elements(invoices.document->'lines') AS line
        WHERE (line->>'orderLineId')::int = order_lines.id LIMIT 1)`.as('tax_line'),
      goodsRefunded.as('refunded'),
    ])
    .where('order_lines.id', '>', span.after)
    .where('order_lines.id', '<=', span.last)
    .orderBy('order_lines.id')
    .limit(limit)
    .execute();
}

export type CsvLine = Awaited<ReturnType<typeof csvLines>>[number];
