import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';

/**
 * Until the removal commits, no order can be placed: placing one would name the demo's products,
 * and whether the shop has orders is what decides.
 */
export async function lockOrders(db: Db): Promise<void> {
  await sql`LOCK TABLE orders IN SHARE MODE`.execute(db);
}

export async function hasOrders(db: Db): Promise<boolean> {
  return (await db.selectFrom('orders').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** A shopper has paid and the order is still being placed (by the browser, webhook or reconciler). */
export async function hasPaymentsBeingPlaced(db: Db): Promise<boolean> {
  const paid = await db
    .selectFrom('payment_orders')
    .select('id')
    .where('status', '=', 'paid')
    .limit(1)
    .executeTakeFirst();
  return paid !== undefined;
}

/**
 * The demo's sellers and partners, locked until the removal commits: a product saved meanwhile cannot
 * take one of them (its key check waits, then finds it gone).
 */
export async function lockDemoOwners(db: Db): Promise<void> {
  await db.selectFrom('sellers').select('id').where('demo', '=', true).forUpdate().execute();
  await db.selectFrom('delivery_partners').select('id').where('demo', '=', true).forUpdate().execute();
}

/**
 * The first of the shop's own products sold by a demo seller or delivered by a demo partner, with how
 * many there are; undefined when none is.
 */
export function ownProductOnDemoOwners(db: Db) {
  return db
    .selectFrom('products')
    .innerJoin('sellers', 'sellers.id', 'products.seller_id')
    .innerJoin('delivery_partners', 'delivery_partners.id', 'products.partner_id')
    .select((eb) => [
      'products.name',
      'sellers.name as seller',
      'sellers.demo as demoSeller',
      'delivery_partners.name as partner',
      eb.fn.countAll<string>().over().as('total'),
    ])
    .where('products.demo', '=', false)
    .where((eb) => eb.or([eb('sellers.demo', '=', true), eb('delivery_partners.demo', '=', true)]))
    .orderBy('products.id')
    .limit(1)
    .executeTakeFirst();
}

/**
 * The demo's customers that can go: not one who has tried to pay (a payment's record keeps its
 * customer; someone signed in with that number and is a shopper of the shop now).
 */
const removableCustomers = (db: Db) =>
  db
    .selectFrom('customers')
    .select('id')
    .where('demo', '=', true)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('payment_orders')
            .select('id')
            .whereRef('payment_orders.customer_id', '=', 'customers.id'),
        ),
      ),
    );

/**
 * Deletes the demo's reviews and every review of a demo product or by a demo customer (they cannot
 * outlive them); answers their photos.
 */
export async function deleteReviews(db: Db): Promise<(string | null)[]> {
  const rows = await db
    .deleteFrom('reviews')
    .where((eb) =>
      eb.or([
        eb('demo', '=', true),
        eb('product_id', 'in', eb.selectFrom('products').select('id').where('demo', '=', true)),
        eb('customer_id', 'in', removableCustomers(db)),
      ]),
    )
    .returning('photo')
    .execute();
  return rows.map((row) => row.photo);
}

/**
 * Deletes the demo's products; their sizes, holds, bag lines and wishes go with them (ON DELETE
 * CASCADE), and each leaves its id for the facet index (migration 016). Answers their photos.
 */
export async function deleteProducts(db: Db): Promise<string[][]> {
  const rows = await db.deleteFrom('products').where('demo', '=', true).returning('photos').execute();
  return rows.map((row) => row.photos);
}

/** Of these photo names, those a product of the shop's own also shows (they stay). */
export async function photosInUse(db: Db, photos: readonly string[]): Promise<Set<string>> {
  if (photos.length === 0) return new Set();
  const { rows } = await sql<{ photo: string }>`
    SELECT DISTINCT photo FROM products, unnest(photos) AS photo
    WHERE photos && ${photos}::text[] AND photo = ANY(${photos}::text[])`.execute(db);
  return new Set(rows.map((row) => row.photo));
}

/** The demo's home page slides and tiles; a window the owner saved is the owner's and stays. */
export async function deleteWindow(db: Db): Promise<number> {
  const result = await db.deleteFrom('shop_window_items').where('demo', '=', true).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteSellers(db: Db): Promise<number> {
  const result = await db.deleteFrom('sellers').where('demo', '=', true).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The demo's partners, and the pincodes each served (ON DELETE CASCADE); India's pincodes stay. */
export async function deletePartners(db: Db): Promise<number> {
  const result = await db.deleteFrom('delivery_partners').where('demo', '=', true).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The demo's customers with their sessions, bags, wishes and messages (ON DELETE CASCADE). */
export async function deleteCustomers(db: Db): Promise<number> {
  const result = await db
    .deleteFrom('customers')
    .where('id', 'in', removableCustomers(db))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The search vocabulary keeps only the words of products that remain (a typo then finds no ghost). */
export async function pruneSearchWords(db: Db): Promise<void> {
  await sql`DELETE FROM search_words w WHERE NOT EXISTS (
    SELECT 1 FROM (SELECT DISTINCT unnest(search_terms) AS word FROM products) kept
    WHERE kept.word = w.word)`.execute(db);
}
