import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { AVAILABLE_UNITS } from '../inventory/service.ts';

export async function productWithSizes(db: Db, productId: number) {
  const product = await db
    .selectFrom('products')
    .select(['id', 'prod', 'active'])
    .where('id', '=', productId)
    .executeTakeFirst();
  if (!product) return undefined;
  const skus = await db
    .selectFrom('skus')
    .select(['id', 'size'])
    .where('product_id', '=', productId)
    .orderBy('position')
    .execute();
  return { ...product, skus };
}

/** Serialises one shopper's cart changes: the 4-unit rule spans lines, so a line lock is not enough. */
export async function lockCustomer(db: Db, customerId: number): Promise<void> {
  await db.selectFrom('customers').select('id').where('id', '=', customerId).forUpdate().execute();
}

export async function lineQuantity(db: Db, customerId: number, skuId: number): Promise<number> {
  const row = await db
    .selectFrom('cart_lines')
    .select('quantity')
    .where('customer_id', '=', customerId)
    .where('sku_id', '=', skuId)
    .executeTakeFirst();
  return row?.quantity ?? 0;
}

export async function setLine(db: Db, customerId: number, skuId: number, quantity: number): Promise<void> {
  await db
    .insertInto('cart_lines')
    .values({ customer_id: customerId, sku_id: skuId, quantity })
    .onConflict((oc) => oc.columns(['customer_id', 'sku_id']).doUpdateSet({ quantity }))
    .execute();
}

export async function deleteLine(db: Db, customerId: number, skuId: number): Promise<void> {
  await db
    .deleteFrom('cart_lines')
    .where('customer_id', '=', customerId)
    .where('sku_id', '=', skuId)
    .execute();
}

/** the shopper's lines, each with its size and product */
function linesOf(db: Db, customerId: number) {
  return db
    .selectFrom('cart_lines')
    .innerJoin('skus', 'skus.id', 'cart_lines.sku_id')
    .innerJoin('products', 'products.id', 'skus.product_id')
    .where('cart_lines.customer_id', '=', customerId);
}

/** one of the shopper's lines, by its id; never another shopper's */
export async function ownLine(db: Db, customerId: number, lineId: number) {
  return linesOf(db, customerId)
    .select([
      'cart_lines.id',
      'cart_lines.sku_id',
      'cart_lines.quantity',
      'products.id as productId',
      'products.prod',
    ])
    .where('cart_lines.id', '=', lineId)
    .executeTakeFirst();
}

export async function cartLines(db: Db, customerId: number) {
  return linesOf(db, customerId)
    .innerJoin('delivery_partners', 'delivery_partners.id', 'products.partner_id')
    .select([
      'delivery_partners.code as partner',
      'products.active',
      'cart_lines.id as lineId',
      'cart_lines.quantity',
      'cart_lines.sku_id as skuId',
      'skus.size',
      'products.id as productId',
      'products.name',
      'products.prod',
      'products.color',
      'products.current_price_paise',
      'products.old_price_paise',
      'products.discount',
      sql<string>`products.photos[1]`.as('photo'),
      sql<string>`coalesce(products.features -> 'fabric' ->> 0, '')`.as('fabric'),
      AVAILABLE_UNITS.as('stock'),
    ])
    .orderBy('cart_lines.created_at')
    .orderBy('cart_lines.id')
    .execute();
}

export async function customerInfo(db: Db, customerId: number) {
  return db
    .selectFrom('customers')
    .select([
      'fname',
      'lname',
      'email',
      'phone',
      'house_no',
      'road_name',
      'area_name',
      'post_office',
      'city',
      'pin',
      'alt_phone',
    ])
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow();
}

export async function deleteLines(db: Db, customerId: number, skuIds: readonly number[]): Promise<void> {
  if (skuIds.length === 0) return;
  await db
    .deleteFrom('cart_lines')
    .where('customer_id', '=', customerId)
    .where('sku_id', 'in', skuIds)
    .execute();
}
