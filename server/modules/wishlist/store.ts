import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { type BagOwner, ownedBy, ownerColumn, ownerValues } from '../../platform/bag-owner.ts';

/** The product's price now, for a wish's `wished_price_paise`. */
export const priceNow = (productId: number) =>
  sql<number>`(SELECT current_price_paise FROM products WHERE id = ${productId})`;

/**
 * One wish per product: wishing another size replaces the size and keeps the price it was first wished
 * at; a wish made again after its removal starts from the price then (`pricePaise`, a sale's if live).
 */
export async function putWish(
  db: Db,
  owner: BagOwner,
  productId: number,
  size: string,
  pricePaise: number,
): Promise<void> {
  await db
    .insertInto('wishlist_items')
    .values({ ...ownerValues(owner), product_id: productId, size, wished_price_paise: pricePaise })
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

/** What a product's price now is worked out from: its prices and what a sale's scope looks at. */
const PRICED_COLUMNS = [
  'products.id as productId',
  'products.prod',
  'products.user_segment',
  'products.genre',
  'products.seller_id',
  'products.current_price_paise',
  'products.old_price_paise',
] as const;

export type PricedProduct = NonNullable<Awaited<ReturnType<typeof productPrice>>>;

export async function productPrice(db: Db, productId: number) {
  return db.selectFrom('products').select(PRICED_COLUMNS).where('id', '=', productId).executeTakeFirst();
}

export async function wishes(db: Db, owner: BagOwner) {
  return db
    .selectFrom('wishlist_items')
    .innerJoin('products', 'products.id', 'wishlist_items.product_id')
    .select([
      ...PRICED_COLUMNS,
      'products.name',
      sql<string>`products.photos[1]`.as('photo1'),
      'wishlist_items.size',
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
