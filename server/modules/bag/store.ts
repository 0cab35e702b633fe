import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { type BagOwner, ownedBy, ownerColumn, ownerValues } from '../../platform/bag-owner.ts';
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

/**
 * Serialises one owner's bag changes (the 4-unit rule spans lines, so a line lock is not enough): the
 * customer's row, or the visitor's session row.
 */
export async function lockOwner(db: Db, owner: BagOwner): Promise<void> {
  if ('customerId' in owner) {
    await db.selectFrom('customers').select('id').where('id', '=', owner.customerId).forUpdate().execute();
  } else {
    await db.selectFrom('sessions').select('id').where('id', '=', owner.sessionId).forUpdate().execute();
  }
}

/** The units of a product in the owner's bag, over all its sizes. */
export async function productUnits(db: Db, owner: BagOwner, productId: number): Promise<number> {
  const row = await db
    .selectFrom('cart_lines')
    .innerJoin('skus', 'skus.id', 'cart_lines.sku_id')
    .select((eb) => eb.fn.sum<number | null>('cart_lines.quantity').as('units'))
    .where(ownedBy('cart_lines', owner))
    .where('skus.product_id', '=', productId)
    .executeTakeFirst();
  return Number(row?.units ?? 0);
}

export async function lineQuantity(db: Db, owner: BagOwner, skuId: number): Promise<number> {
  const row = await db
    .selectFrom('cart_lines')
    .select('quantity')
    .where(ownedBy('cart_lines', owner))
    .where('sku_id', '=', skuId)
    .executeTakeFirst();
  return row?.quantity ?? 0;
}

export async function setLine(db: Db, owner: BagOwner, skuId: number, quantity: number): Promise<void> {
  await db
    .insertInto('cart_lines')
    .values({ ...ownerValues(owner), sku_id: skuId, quantity })
    .onConflict((oc) => oc.columns([ownerColumn(owner), 'sku_id']).doUpdateSet({ quantity }))
    .execute();
}

export async function deleteLine(db: Db, owner: BagOwner, skuId: number): Promise<void> {
  await db.deleteFrom('cart_lines').where(ownedBy('cart_lines', owner)).where('sku_id', '=', skuId).execute();
}

/** the owner's lines, each with its size and product */
function linesOf(db: Db, owner: BagOwner) {
  return db
    .selectFrom('cart_lines')
    .innerJoin('skus', 'skus.id', 'cart_lines.sku_id')
    .innerJoin('products', 'products.id', 'skus.product_id')
    .where(ownedBy('cart_lines', owner));
}

/** one of the owner's lines, by its id; never another shopper's */
export async function ownLine(db: Db, owner: BagOwner, lineId: number) {
  return linesOf(db, owner)
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

export async function bagLines(db: Db, owner: BagOwner) {
  return linesOf(db, owner)
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
      'products.user_segment',
      'products.genre',
      'products.seller_id',
      'products.color',
      'products.current_price_paise',
      'products.old_price_paise',
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
      'state',
      'alt_phone',
    ])
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow();
}

export async function deleteLines(db: Db, owner: BagOwner, skuIds: readonly number[]): Promise<void> {
  if (skuIds.length === 0) return;
  await db
    .deleteFrom('cart_lines')
    .where(ownedBy('cart_lines', owner))
    .where('sku_id', 'in', skuIds)
    .execute();
}

/** Every line of the owner goes (a visitor's, once merged into the account's). */
export async function deleteAllLines(db: Db, owner: BagOwner): Promise<void> {
  await db.deleteFrom('cart_lines').where(ownedBy('cart_lines', owner)).execute();
}
