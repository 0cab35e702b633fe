import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { type Database, UNPAID } from '../../db/schema.ts';

/**
 * An account's unpaid attempts of the last hour (or of twice the hold time, when that is longer) since
 * its last paid one are one run: their holds end with the first's (decision 054).
 */
const RUN_MINUTES = 60;

/** For a query over `skus`: a size's stock less the units held for shoppers who are paying now. */
export const AVAILABLE_UNITS = sql<number>`greatest(skus.stock - coalesce((
  SELECT sum(h.quantity) FROM stock_holds h
  WHERE h.sku_id = skus.id AND h.released_at IS NULL AND h.expires_at > now()), 0), 0)::int`;

type Holds = ExpressionBuilder<Database, 'stock_holds'>;

/** A hold counts against stock until it is released or expires. */
const live = (eb: Holds) =>
  eb.and([eb('stock_holds.released_at', 'is', null), eb('stock_holds.expires_at', '>', sql<Date>`now()`)]);

/** The product of the hold's size: every change answers the products it touched, to be announced. */
const holdProduct = (eb: Holds) =>
  eb.selectFrom('skus').select('skus.product_id').whereRef('skus.id', '=', 'stock_holds.sku_id');

const productIds = (rows: { product_id: number | null }[]) =>
  rows.flatMap((row) => (row.product_id === null ? [] : [row.product_id]));

/** Locks the sizes in id order, so two checkouts or placements never deadlock. */
export async function lockSkus(db: Db, skuIds: readonly number[]): Promise<void> {
  await db.selectFrom('skus').select('id').where('id', 'in', skuIds).orderBy('id').forUpdate().execute();
}

/** Each size's units free to sell: stock less the live holds. */
export async function availableUnits(db: Db, skuIds: readonly number[]): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('skus')
    .select(['id', AVAILABLE_UNITS.as('available')])
    .where('id', 'in', skuIds)
    .execute();
  return new Map(rows.map((s) => [s.id, s.available]));
}

/** Units each size of the products can still sell, each product's in display order. */
export async function sizeAvailability(db: Db, productIds: readonly number[]) {
  if (productIds.length === 0) return [];
  return db
    .selectFrom('skus')
    .select(['skus.id as sku_id', 'skus.product_id', 'skus.size', AVAILABLE_UNITS.as('available')])
    .where('skus.product_id', 'in', productIds)
    .orderBy('skus.product_id')
    .orderBy('skus.position')
    .orderBy('skus.id')
    .execute();
}

/** Units of each size still held for the attempt (not released, not expired). */
export async function liveHolds(db: Db, paymentOrderId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('stock_holds')
    .select(['sku_id', (eb) => eb.fn.sum<number>('quantity').as('units')])
    .where('payment_order_id', '=', paymentOrderId)
    .where(live)
    .groupBy('sku_id')
    .execute();
  return new Map(rows.map((r) => [r.sku_id, Number(r.units)]));
}

export interface NewHolds {
  paymentOrderId: number;
  customerId: number;
  lines: readonly { skuId: number; quantity: number }[];
}

/** The attempt's holds, all ending at `endsAt`; answers their products. */
export async function insertHolds(db: Db, holds: NewHolds, endsAt: Date): Promise<number[]> {
  const rows = await db
    .insertInto('stock_holds')
    .values(
      holds.lines.map((line) => ({
        payment_order_id: holds.paymentOrderId,
        sku_id: line.skuId,
        quantity: line.quantity,
        expires_at: endsAt,
      })),
    )
    .returning((eb) => holdProduct(eb).as('product_id'))
    .execute();
  return productIds(rows);
}

/**
 * When the account's holds end: `minutes` after the first unpaid attempt of its run (now, when there is
 * none), so trying again, or releasing and trying again, never holds units longer; and as long as the
 * account keeps trying, a new run, and a fresh hold, never starts (decision 054). Attempts count from
 * their creation, so the caller's new attempt, created in this transaction, is one of them.
 */
export async function holdEnd(db: Db, customerId: number, minutes: number): Promise<Date> {
  const run = Math.max(RUN_MINUTES, 2 * minutes);
  const row = await db
    .selectFrom('payment_orders as p')
    .select(sql<Date>`coalesce(min(p.created_at), now()) + make_interval(mins => ${minutes})`.as('ends_at'))
    .where('p.customer_id', '=', customerId)
    .where('p.status', 'in', UNPAID)
    .where('p.created_at', '>', sql<Date>`now() - make_interval(mins => ${run})`)
    .where(({ eb, selectFrom }) =>
      eb.not(
        eb.exists(
          selectFrom('payment_orders as paid')
            .select('paid.id')
            .where('paid.customer_id', '=', customerId)
            .where('paid.status', 'not in', UNPAID)
            .whereRef('paid.created_at', '>=', 'p.created_at'),
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  return new Date(row.ends_at);
}

/**
 * Each size's units held by shoppers' unpaid checkouts (not exchanges) and when the first of those
 * holds ends, for the products' sizes that have any.
 */
export async function checkoutHolds(db: Db, productIds: readonly number[]) {
  if (productIds.length === 0) return [];
  const rows = await db
    .selectFrom('stock_holds')
    .innerJoin('skus', 'skus.id', 'stock_holds.sku_id')
    .select([
      'stock_holds.sku_id',
      (eb) => eb.fn.sum<number>('stock_holds.quantity').as('units'),
      (eb) => eb.fn.min<Date>('stock_holds.expires_at').as('until'),
    ])
    .where('skus.product_id', 'in', productIds)
    .where('stock_holds.payment_order_id', 'is not', null)
    .where(live)
    .groupBy('stock_holds.sku_id')
    .execute();
  return rows.map((row) => ({ skuId: row.sku_id, units: Number(row.units), until: new Date(row.until) }));
}

/** Marks the holds `which` picks as released now; answers their products. */
async function releaseHolds(db: Db, which: (eb: Holds) => Expression<SqlBool>): Promise<number[]> {
  const rows = await db
    .updateTable('stock_holds')
    .set({ released_at: sql`now()` })
    .where(which)
    .returning((eb) => holdProduct(eb).as('product_id'))
    .execute();
  return productIds(rows);
}

/** Holds units of a size for an exchange: no checkout attempt, no end (decision 047); answers its id and product. */
export async function insertExchangeHold(db: Db, skuId: number, quantity: number) {
  return db
    .insertInto('stock_holds')
    .values({ payment_order_id: null, sku_id: skuId, quantity, expires_at: 'infinity' })
    .returning(['id', (eb) => holdProduct(eb).as('product_id')])
    .executeTakeFirstOrThrow();
}

/** One hold's size and units while it is live; undefined once released. */
export async function liveHold(db: Db, holdId: number) {
  return db
    .selectFrom('stock_holds')
    .select(['sku_id', 'quantity'])
    .where('id', '=', holdId)
    .where(live)
    .executeTakeFirst();
}

/** Frees one hold if it is live; answers its product. */
export function releaseHold(db: Db, holdId: number): Promise<number[]> {
  return releaseHolds(db, (eb) => eb.and([eb('id', '=', holdId), live(eb)]));
}

/** Frees the holds of the shopper's unpaid attempts (status created); answers their products. */
export function releaseUnpaidHolds(db: Db, customerId: number): Promise<number[]> {
  return releaseHolds(db, (eb) =>
    eb.and([
      eb('released_at', 'is', null),
      eb(
        'payment_order_id',
        'in',
        eb
          .selectFrom('payment_orders')
          .select('id')
          .where('customer_id', '=', customerId)
          .where('status', '=', 'created'),
      ),
    ]),
  );
}

/** Frees the attempt's live holds; answers their products. */
export function releaseLiveHolds(db: Db, paymentOrderId: number): Promise<number[]> {
  return releaseHolds(db, (eb) => eb.and([eb('payment_order_id', '=', paymentOrderId), live(eb)]));
}

/** Ends every hold of the attempt, live or lapsed: its units are sold or void. Answers their products. */
export function endHolds(db: Db, paymentOrderId: number): Promise<number[]> {
  return releaseHolds(db, (eb) =>
    eb.and([eb('payment_order_id', '=', paymentOrderId), eb('released_at', 'is', null)]),
  );
}

/** Takes units off a size's stock; answers its product, or none (and nothing taken) when fewer are left. */
export async function takeStock(db: Db, skuId: number, quantity: number): Promise<number[]> {
  const rows = await db
    .updateTable('skus')
    .set((eb) => ({ stock: eb('stock', '-', quantity) }))
    .where('id', '=', skuId)
    .where('stock', '>=', quantity)
    .returning('product_id')
    .execute();
  return productIds(rows);
}

/** Puts units back on a size's stock; answers its product. */
export async function addStock(db: Db, skuId: number, quantity: number): Promise<number[]> {
  const rows = await db
    .updateTable('skus')
    .set((eb) => ({ stock: eb('stock', '+', quantity) }))
    .where('id', '=', skuId)
    .returning('product_id')
    .execute();
  return productIds(rows);
}

/**
 * Sets one size's stock, locked; the stock before and after and the units held for shoppers paying now,
 * or undefined when the product has no such size. Below the held units nothing changes (`refused`).
 */
export async function setSizeStock(db: Db, productId: number, size: string, quantity: number) {
  const before = await db
    .selectFrom('skus')
    .select(['id', 'stock'])
    .where('product_id', '=', productId)
    .where('size', '=', size)
    .forUpdate()
    .executeTakeFirst();
  if (!before) return undefined;
  const held = await heldUnits(db, before.id);
  if (quantity < held) return { oldStock: before.stock, stock: before.stock, held, refused: true };
  await db.updateTable('skus').set({ stock: quantity }).where('id', '=', before.id).execute();
  return { oldStock: before.stock, stock: quantity, held, refused: false };
}

/** Units of one size held by live holds. */
async function heldUnits(db: Db, skuId: number): Promise<number> {
  const row = await db
    .selectFrom('stock_holds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('quantity'), sql<number>`0`).as('units'))
    .where('sku_id', '=', skuId)
    .where(live)
    .executeTakeFirstOrThrow();
  return Number(row.units);
}

export async function productExists(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom('products').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** A product's sizes, locked in id order, with the units of each held for shoppers paying now. */
export async function lockedSizes(db: Db, productId: number) {
  const rows = await db
    .selectFrom('skus')
    .select(['id', 'size', 'stock', 'position'])
    .where('product_id', '=', productId)
    .orderBy('id')
    .forUpdate()
    .execute();
  return Promise.all(rows.map(async (row) => ({ ...row, held: await heldUnits(db, row.id) })));
}

export async function insertSizes(
  db: Db,
  rows: { product_id: number; size: string; position: number; stock: number }[],
) {
  if (rows.length > 0) await db.insertInto('skus').values(rows).execute();
}

export async function updateSize(db: Db, skuId: number, stock: number, position: number): Promise<void> {
  await db.updateTable('skus').set({ stock, position }).where('id', '=', skuId).execute();
}

/** Deletes a size nobody ordered; answers false (nothing deleted) when an order line names it. */
export async function deleteUnorderedSize(db: Db, skuId: number): Promise<boolean> {
  const ordered = await db
    .selectFrom('order_lines')
    .select('id')
    .where('sku_id', '=', skuId)
    .executeTakeFirst();
  if (ordered) return false;
  await db.deleteFrom('skus').where('id', '=', skuId).execute();
  return true;
}
