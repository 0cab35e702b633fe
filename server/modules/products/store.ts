import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { NewProduct } from '../../db/schema.ts';

/** A product's columns as the back office reads them, with its seller's name and partner's code. */
export function productRows(db: Db) {
  return db
    .selectFrom('products')
    .innerJoin('sellers', 'sellers.id', 'products.seller_id')
    .innerJoin('delivery_partners', 'delivery_partners.id', 'products.partner_id')
    .select([
      'products.id',
      'products.sku',
      'products.child_key',
      'products.active',
      'products.discount',
      'products.name',
      'products.prod',
      'products.user_segment',
      'products.genre',
      'products.description',
      'products.color',
      'products.features',
      'products.old_price_paise',
      'products.current_price_paise',
      'products.hsn_code',
      'products.photos',
      'products.paused_with_seller',
      'products.weight_grams',
      'products.length_cm',
      'products.breadth_cm',
      'products.height_cm',
      'sellers.name as seller',
      'delivery_partners.code as partner',
    ]);
}
export type ProductRow = Awaited<ReturnType<ReturnType<typeof productRows>['executeTakeFirstOrThrow']>>;

/** Each product's sizes in display order, with the units held for shoppers paying now. */
export async function sizesOf(db: Db, productIds: readonly number[]) {
  if (productIds.length === 0) return new Map<number, { size: string; stock: number; held: number }[]>();
  const rows = await db
    .selectFrom('skus')
    .select([
      'skus.product_id',
      'skus.size',
      'skus.stock',
      sql<number>`coalesce((SELECT sum(h.quantity) FROM stock_holds h WHERE h.sku_id = skus.id
        AND h.released_at IS NULL AND h.expires_at > now()), 0)::int`.as('held'),
    ])
    .where('skus.product_id', 'in', productIds)
    .orderBy('skus.product_id')
    .orderBy('skus.position')
    .orderBy('skus.id')
    .execute();
  const sizes = new Map<number, { size: string; stock: number; held: number }[]>();
  for (const { product_id, ...size } of rows) {
    const list = sizes.get(product_id) ?? [];
    list.push(size);
    sizes.set(product_id, list);
  }
  return sizes;
}

export interface ListFilter {
  q: string;
  status: 'live' | 'withdrawn' | 'all';
  offset: number;
  limit: number;
}

/** A page of products, newest first, matching the text in name, sku, segment or genre; and their count. */
export async function listProducts(db: Db, filter: ListFilter) {
  let query = productRows(db);
  if (filter.status !== 'all') query = query.where('products.active', '=', filter.status === 'live');
  if (filter.q) {
    const like = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb('products.name', 'ilike', like),
        eb('products.sku', 'ilike', like),
        eb('products.user_segment', 'ilike', like),
        eb('products.genre', 'ilike', like),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    query.orderBy('products.id', 'desc').offset(filter.offset).limit(filter.limit).execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export function productById(db: Db, id: number) {
  return productRows(db).where('products.id', '=', id).executeTakeFirst();
}

/** Products by sku, for an import: which rows change a product and which create one. */
export async function productsBySku(db: Db, skus: readonly string[]) {
  if (skus.length === 0) return new Map<string, ProductRow>();
  const rows = await productRows(db).where('products.sku', 'in', skus).execute();
  return new Map(rows.map((row) => [row.sku, row]));
}

/** Every product with its sizes, for the export, in id order. */
export function allProducts(db: Db) {
  return productRows(db).orderBy('products.id').execute();
}

/** The shop's sellers by name, and whether each is active. */
export async function sellersByName(db: Db): Promise<Map<string, { id: number; active: boolean }>> {
  const rows = await db.selectFrom('sellers').select(['id', 'name', 'active']).execute();
  return new Map(rows.map((row) => [row.name, { id: row.id, active: row.active }]));
}

/**
 * Locks the sellers against deactivation (in id order) until the transaction ends, so a product saved
 * live never lands beside a seller's deactivation; the names of those already inactive.
 */
export async function inactiveSellers(trx: Db, sellerIds: readonly number[]): Promise<string[]> {
  if (sellerIds.length === 0) return [];
  const rows = await trx
    .selectFrom('sellers')
    .select(['name', 'active'])
    .where('id', 'in', [...new Set(sellerIds)])
    .orderBy('id')
    .forShare()
    .execute();
  return rows.filter((row) => !row.active).map((row) => row.name);
}

export async function sellerOf(db: Db, productId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('products')
    .select('seller_id')
    .where('id', '=', productId)
    .executeTakeFirst();
  return row?.seller_id;
}

/** Takes the seller's live products off the shop, marked as paused with it; their ids. */
export async function pauseWithSeller(trx: Db, sellerId: number): Promise<number[]> {
  const rows = await trx
    .updateTable('products')
    .set({ active: false, paused_with_seller: true })
    .where('seller_id', '=', sellerId)
    .where('active', '=', true)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Brings back exactly the seller's products paused with it; their ids. */
export async function resumeWithSeller(trx: Db, sellerId: number): Promise<number[]> {
  const rows = await trx
    .updateTable('products')
    .set({ active: true, paused_with_seller: false })
    .where('seller_id', '=', sellerId)
    .where('paused_with_seller', '=', true)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

export async function partnerIds(db: Db): Promise<Map<string, number>> {
  const rows = await db.selectFrom('delivery_partners').select(['id', 'code']).execute();
  return new Map(rows.map((row) => [row.code, row.id]));
}

/** The segments and genres products have, each once and sorted. */
export async function segmentsAndGenres(db: Db) {
  const [segments, genres] = await Promise.all([
    db.selectFrom('products').select('user_segment as name').distinct().orderBy('name').execute(),
    db.selectFrom('products').select('genre as name').distinct().orderBy('name').execute(),
  ]);
  return { segments: segments.map((row) => row.name), genres: genres.map((row) => row.name) };
}

export type ProductColumns = Omit<NewProduct, 'id' | 'sku' | 'child_key' | 'created_at'>;

export async function insertProduct(
  db: Db,
  columns: ProductColumns & { sku: string; child_key: string },
): Promise<number> {
  const row = await db.insertInto('products').values(columns).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateProduct(
  db: Db,
  id: number,
  columns: Partial<ProductColumns> & { child_key?: string },
): Promise<void> {
  await db.updateTable('products').set(columns).where('id', '=', id).execute();
}

/** Locks the product's row for a change; undefined when there is none. */
export async function lockProduct(db: Db, id: number) {
  return db
    .selectFrom('products')
    .select(['id', 'active', 'seller_id'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function skuTaken(db: Db, sku: string): Promise<boolean> {
  return (
    (await db.selectFrom('products').select('id').where('sku', '=', sku).executeTakeFirst()) !== undefined
  );
}

/** Sizes at or below the threshold, fewest first, with their product (live ones first, then newest). */
export function lowStock(db: Db, threshold: number, limit: number) {
  return db
    .selectFrom('skus')
    .innerJoin('products', 'products.id', 'skus.product_id')
    .select([
      'products.id as productId',
      'products.name',
      'products.sku',
      'products.active',
      'skus.size',
      'skus.stock',
    ])
    .where('skus.stock', '<=', threshold)
    .orderBy('products.active', 'desc')
    .orderBy('skus.stock')
    .orderBy('products.id', 'desc')
    .orderBy('skus.position')
    .limit(limit)
    .execute();
}
