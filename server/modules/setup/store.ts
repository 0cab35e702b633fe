import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';

/**
 * What the setup checklist reads: the shop's own rows as they are. The demo's rows (`demo = true`) are
 * samples, so none of them counts towards the owner's shop.
 */

/** The shop's details the owner keeps in Settings (the one row of shop_settings). */
export function shopDetails(db: Db) {
  return db
    .selectFrom('shop_settings')
    .select(['name', 'legal_name', 'gstin', 'office_address', 'support_email'])
    .executeTakeFirstOrThrow();
}

/** The owner's sellers, in the order they were added. */
export function ownSellers(db: Db) {
  return db
    .selectFrom('sellers')
    .select(['name', 'legal_name', 'gstin', 'pan', 'address', 'pincode', 'state', 'active'])
    .where('demo', '=', false)
    .orderBy('id')
    .execute();
}

/** The owner's delivery partners in the order they were added, and whether each serves any pincode. */
export function ownPartners(db: Db) {
  return db
    .selectFrom('delivery_partners as d')
    .select((eb) => [
      'd.name',
      eb.exists(eb.selectFrom('partner_pincodes as pp').whereRef('pp.partner_id', '=', 'd.id')).as('serves'),
    ])
    .where('d.demo', '=', false)
    .orderBy('d.id')
    .execute();
}

/**
 * Whether the owner has any product, and whether one is live: on sale, in stock, its seller active and its
 * delivery partner serving some pincode.
 */
export async function ownProducts(db: Db): Promise<{ any: boolean; live: boolean }> {
  const { rows } = await sql<{ any: boolean; live: boolean }>`
    SELECT
      EXISTS (SELECT 1 FROM products WHERE NOT demo) AS any,
      EXISTS (
        SELECT 1 FROM products p JOIN sellers s ON s.id = p.seller_id
        WHERE NOT p.demo AND p.active AND s.active
          AND EXISTS (SELECT 1 FROM skus k WHERE k.product_id = p.id AND k.stock > 0)
          AND EXISTS (SELECT 1 FROM partner_pincodes pp WHERE pp.partner_id = p.partner_id)
      ) AS live`.execute(db);
  return rows[0] ?? { any: false, live: false };
}

/** Whether any of the demo's rows is still in the shop. */
export async function hasDemo(db: Db): Promise<boolean> {
  const { rows } = await sql<{ demo: boolean }>`
    SELECT EXISTS (SELECT 1 FROM products WHERE demo)
      OR EXISTS (SELECT 1 FROM sellers WHERE demo)
      OR EXISTS (SELECT 1 FROM delivery_partners WHERE demo)
      OR EXISTS (SELECT 1 FROM reviews WHERE demo)
      OR EXISTS (SELECT 1 FROM customers WHERE demo) AS demo`.execute(db);
  return rows[0]?.demo ?? false;
}
