import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';

/** One wish per product: wishing another size replaces the size. */
export async function putWish(db: Db, customerId: number, productId: number, size: string): Promise<void> {
  await db
    .insertInto('wishlist_items')
    .values({ customer_id: customerId, product_id: productId, size })
    .onConflict((oc) => oc.columns(['customer_id', 'product_id']).doUpdateSet({ size }))
    .execute();
}

export async function removeWish(db: Db, customerId: number, productId: number): Promise<void> {
  await db
    .deleteFrom('wishlist_items')
    .where('customer_id', '=', customerId)
    .where('product_id', '=', productId)
    .execute();
}

export async function wishes(db: Db, customerId: number) {
  return db
    .selectFrom('wishlist_items')
    .innerJoin('products', 'products.id', 'wishlist_items.product_id')
    .select([
      'products.id as productId',
      'products.name',
      sql<string>`products.photos[1]`.as('photo1'),
      'products.prod',
      'wishlist_items.size',
    ])
    .where('wishlist_items.customer_id', '=', customerId)
    .orderBy('wishlist_items.created_at', 'desc')
    .orderBy('wishlist_items.product_id', 'desc')
    .execute();
}

export async function productProd(db: Db, productId: number) {
  const row = await db.selectFrom('products').select('prod').where('id', '=', productId).executeTakeFirst();
  return row?.prod;
}
