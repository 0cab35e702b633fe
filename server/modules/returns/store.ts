import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { RefundDestination } from '../../db/schema.ts';

/**
 * Whether the product's genre may be returned: no mark in non_returnable_genres (027_return_reasons.sql).
 * An expression over `products`, for any query that joins them.
 */
export const genreReturnable = sql<boolean>`NOT EXISTS (
  SELECT 1 FROM non_returnable_genres AS marked
  WHERE marked.user_segment = products.user_segment AND marked.genre = products.genre)`;

/** The order line's product and whether it may be returned. */
export async function lineProduct(db: Db, lineId: number) {
  return db
    .selectFrom('order_lines')
    .innerJoin('products', 'products.id', 'order_lines.product_id')
    .select(['products.id', genreReturnable.as('returnable')])
    .where('order_lines.id', '=', lineId)
    .executeTakeFirstOrThrow();
}

/** Every genre of the catalogue with whether it may be returned, by segment then genre. */
export async function genres(db: Db) {
  return db
    .selectFrom('products')
    .select(['products.user_segment', 'products.genre', genreReturnable.as('returnable')])
    .distinct()
    .orderBy('products.user_segment')
    .orderBy('products.genre')
    .execute();
}

/** The ids of the genre's products (none: no such genre). */
export async function productsOfGenre(db: Db, userSegment: string, genre: string): Promise<number[]> {
  const rows = await db
    .selectFrom('products')
    .select('id')
    .where('user_segment', '=', userSegment)
    .where('genre', '=', genre)
    .execute();
  return rows.map((row) => row.id);
}

/** Marks the genre not returnable (again: keeps the first mark); answers whether it changed. */
export async function markNotReturnable(db: Db, userSegment: string, genre: string, actor: string) {
  const rows = await db
    .insertInto('non_returnable_genres')
    .values({ user_segment: userSegment, genre, marked_by: actor })
    .onConflict((oc) => oc.columns(['user_segment', 'genre']).doNothing())
    .returning('genre')
    .execute();
  return rows.length > 0;
}

/** Takes the mark off; answers whether there was one. */
export async function unmark(db: Db, userSegment: string, genre: string): Promise<boolean> {
  const rows = await db
    .deleteFrom('non_returnable_genres')
    .where('user_segment', '=', userSegment)
    .where('genre', '=', genre)
    .returning('genre')
    .execute();
  return rows.length > 0;
}

// Return rates: lines delivered since a moment, and those of them whose return was asked ---------------

function deliveredSince(db: Db, since: Date) {
  return db
    .selectFrom('order_lines')
    .innerJoin('products', 'products.id', 'order_lines.product_id')
    .leftJoin('returns', 'returns.order_line_id', 'order_lines.id')
    .where('order_lines.delivered_at', '>=', since);
}

/** Per genre: lines delivered since then, and how many of them were asked back. */
export async function returnsByGenre(db: Db, since: Date) {
  const rows = await deliveredSince(db, since)
    .select((eb) => [
      'products.user_segment',
      'products.genre',
      eb.fn.countAll<string>().as('delivered'),
      eb.fn.count<string>('returns.order_line_id').as('returned'),
    ])
    .groupBy(['products.user_segment', 'products.genre'])
    .execute();
  return rows.map((row) => ({ ...row, delivered: Number(row.delivered), returned: Number(row.returned) }));
}

/** Per reason code (null: the spec's free text), the delivered lines since then asked back for it. */
export async function returnsByReason(db: Db, since: Date) {
  const rows = await deliveredSince(db, since)
    .select((eb) => ['returns.reason_code', eb.fn.countAll<string>().as('returned')])
    .where('returns.order_line_id', 'is not', null)
    .groupBy('returns.reason_code')
    .execute();
  return rows.map((row) => ({ code: row.reason_code, returned: Number(row.returned) }));
}

// Where a returned COD line's refund goes (039_cash_on_delivery.sql) ------------------------------------

export async function keepRefundTo(db: Db, lineId: number, destination: RefundDestination): Promise<void> {
  await db
    .updateTable('returns')
    .set({ refund_to: JSON.stringify(destination) })
    .where('order_line_id', '=', lineId)
    .execute();
}

/** The destination the shopper gave with the line's return; null for none (an online line, an exchange). */
export async function refundToOf(db: Db, lineId: number): Promise<RefundDestination | null> {
  const row = await db
    .selectFrom('returns')
    .select('refund_to')
    .where('order_line_id', '=', lineId)
    .executeTakeFirst();
  return row?.refund_to ?? null;
}
