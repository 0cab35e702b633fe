import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { type BagOwner, ownedBy, ownerColumn, ownerValues } from '../cart/owner.ts';

/** The product's price now, for a wish's `wished_price_paise`. */
export const priceNow = (productId: number) =>
  sql<number>`(SELECT current_price_paise FROM products WHERE id = ${productId})`;

/**
 * One wish per product: wishing another size replaces the size and keeps the price it was first wished
 * at; a wish made again after its removal starts from the price then.
 */
export async function putWish(db: Db, owner: BagOwner, productId: number, size: string): Promise<void> {
  await db
    .insertInto('wishlist_items')
    .values({ ...ownerValues(owner), product_id: productId, size, wished_price_paise: priceNow(productId) })
    .onConflict((oc) => oc.columns([ownerColumn(owner), 'product_id']).doUpdateSet({ size }))
    .execute();
}

export async function removeWish(db: Db, owner: BagOwner, productId: number): Promise<void> {
  await db
    .deleteFrom('wishlist_items')
    .where(ownedBy('wishlist_items', owner))
    .where('product_id', '=', productId)
    .execute();
}

export async function wishes(db: Db, owner: BagOwner) {
  return db
    .selectFrom('wishlist_items')
    .innerJoin('products', 'products.id', 'wishlist_items.product_id')
    .select([
      'products.id as productId',
      'products.name',
      sql<string>`products.photos[1]`.as('photo1'),
      'products.prod',
      'wishlist_items.size',
      'products.current_price_paise',
      'wishlist_items.wished_price_paise',
    ])
    .where(ownedBy('wishlist_items', owner))
    .orderBy('wishlist_items.created_at', 'desc')
    .orderBy('wishlist_items.product_id', 'desc')
    .execute();
}

/**
 * The visitor's wishes join the customer's (a union; the visitor's size, the newer choice, wins for a
 * product in both), keeping when each was wished and at what price; the visitor's then go.
 */
export async function adoptWishes(db: Db, sessionId: string, customerId: number): Promise<void> {
  await db
    .insertInto('wishlist_items')
    .columns(['customer_id', 'product_id', 'size', 'created_at', 'wished_price_paise'])
    .expression((eb) =>
      eb
        .selectFrom('wishlist_items')
        .select([
          sql.lit(customerId).as('customer_id'),
          'product_id',
          'size',
          'created_at',
          'wished_price_paise',
        ])
        .where('session_id', '=', sessionId),
    )
    .onConflict((oc) =>
      oc.columns(['customer_id', 'product_id']).doUpdateSet((eb) => ({ size: eb.ref('excluded.size') })),
    )
    .execute();
  await db.deleteFrom('wishlist_items').where('session_id', '=', sessionId).execute();
}

export async function productProd(db: Db, productId: number) {
  const row = await db.selectFrom('products').select('prod').where('id', '=', productId).executeTakeFirst();
  return row?.prod;
}
