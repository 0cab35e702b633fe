import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { AVAILABLE_UNITS } from '../inventory/service.ts';

/**
 * A product's size with its units free to sell, the row locked for share: stock cannot rise in between
 * (a restock waits for the request to commit, and then sees it), so no request misses its restock.
 */
export async function lockedSize(db: Db, productId: number, size: string) {
  return db
    .selectFrom('skus')
    .select(['skus.id', AVAILABLE_UNITS.as('available')])
    .where('skus.product_id', '=', productId)
    .where('skus.size', '=', size)
    .forShare()
    .executeTakeFirst();
}

export async function productExists(db: Db, productId: number): Promise<boolean> {
  const row = await db.selectFrom('products').select('id').where('id', '=', productId).executeTakeFirst();
  return row !== undefined;
}

export async function openCount(db: Db, customerId: number): Promise<number> {
  const row = await db
    .selectFrom('back_in_stock_requests')
    .select((eb) => eb.fn.countAll<string>().as('open'))
    .where('customer_id', '=', customerId)
    .where('notified_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.open);
}

/** Answers whether a request was made; false when the customer was already waiting for the size. */
export async function insertRequest(db: Db, customerId: number, skuId: number): Promise<boolean> {
  const rows = await db
    .insertInto('back_in_stock_requests')
    .values({ customer_id: customerId, sku_id: skuId })
    .onConflict((oc) => oc.columns(['customer_id', 'sku_id']).where('notified_at', 'is', null).doNothing())
    .returning('id')
    .execute();
  return rows.length > 0;
}

export async function deleteOpen(db: Db, customerId: number, productId: number, size: string): Promise<void> {
  await db
    .deleteFrom('back_in_stock_requests')
    .where('customer_id', '=', customerId)
    .where('notified_at', 'is', null)
    .where('sku_id', 'in', (eb) =>
      eb
        .selectFrom('skus')
        .select('skus.id')
        .where('skus.product_id', '=', productId)
        .where('skus.size', '=', size),
    )
    .execute();
}

/** The sizes of the product the customer is waiting for, in the product's order. */
export async function openSizes(db: Db, customerId: number, productId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('back_in_stock_requests')
    .innerJoin('skus', 'skus.id', 'back_in_stock_requests.sku_id')
    .select('skus.size')
    .where('back_in_stock_requests.customer_id', '=', customerId)
    .where('back_in_stock_requests.notified_at', 'is', null)
    .where('skus.product_id', '=', productId)
    .orderBy('skus.position')
    .orderBy('skus.id')
    .execute();
  return rows.map((row) => row.size);
}

/**
 * Marks notified the open requests for sizes of these products that can be sold now, and answers them
 * with what the SMS names. Each row is taken by one transaction only: a concurrent one waits for its
 * lock, then finds it notified and passes it by.
 */
export async function takeAnswered(db: Db, productIds: readonly number[]) {
  return db
    .updateTable('back_in_stock_requests')
    .from(['skus', 'products'])
    .set({ notified_at: sql`now()` })
    .whereRef('skus.id', '=', 'back_in_stock_requests.sku_id')
    .whereRef('products.id', '=', 'skus.product_id')
    .where('skus.product_id', 'in', productIds)
    .where('back_in_stock_requests.notified_at', 'is', null)
    .where(sql<boolean>`${AVAILABLE_UNITS} > 0`)
    .returning([
      'back_in_stock_requests.id',
      'back_in_stock_requests.customer_id',
      'skus.size',
      'products.name',
    ])
    .execute();
}
