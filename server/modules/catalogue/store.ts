import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Prod } from '../../../contract/catalogue.ts';
import type { Db } from '../../db/connect.ts';
import { runPrepared } from '../../db/prepared.ts';
import type { Database } from '../../db/schema.ts';
import { type BagOwner, ownedBy } from '../../platform/bag-owner.ts';
import { AVAILABLE_UNITS } from '../inventory/service.ts';
import { genreReturnable } from '../returns/service.ts';
import type { Figures } from './facet-index/types.ts';

/** The distinct segment/genre pairs of apparel on sale: one index probe per pair (a loose index scan). */
export async function homeSegments(db: Db) {
  const { rows } = await sql<{ userSegment: string; genre: string }>`
    WITH RECURSIVE pairs AS (
      (SELECT user_segment, genre FROM products WHERE active AND prod = 'apparel'
        ORDER BY user_segment, genre LIMIT 1)
      UNION ALL
      SELECT next.user_segment, next.genre FROM pairs CROSS JOIN LATERAL (
        SELECT p.user_segment, p.genre FROM products p
        WHERE p.active AND p.prod = 'apparel' AND (p.user_segment, p.genre) > (pairs.user_segment, pairs.genre)
        ORDER BY p.user_segment, p.genre LIMIT 1
      ) AS next
    )
    SELECT user_segment AS "userSegment", genre FROM pairs`.execute(db);
  return rows;
}

/**
 * The columns the facet index keeps of a product, as an IndexRow (index-rows.ts); a batch's rows are
 * read as one JSON text, which goes to the index's thread undecoded (decision 038).
 */
const INDEX_ROWS = sql`coalesce(json_agg(json_build_array(id, prod, user_segment, genre, features,
  current_price_paise, old_price_paise, seller_id, (extract(epoch FROM launch_date) * 1000)::float8,
  (extract(epoch FROM created_at) * 1000)::float8, active, search_terms, name, revision::float8)), '[]')::text`;

/** Products per shard (prod, segment, genre), to size the index before its first read. */
export async function indexShardSizes(db: Db) {
  const { rows } = await sql<{ prod: Prod; userSegment: string; genre: string; count: number }>`
    SELECT prod, user_segment AS "userSegment", genre, count(*)::int AS count FROM products
    GROUP BY prod, user_segment, genre`.execute(db);
  return rows;
}

/**
 * The oldest transaction still running: a row written by it or by any later one has a revision at
 * least this (migration 013), so reading from it onwards misses nothing committed since.
 */
export async function revisionHorizon(db: Db): Promise<number> {
  const { rows } = await sql<{ horizon: number }>`
    SELECT pg_snapshot_xmin(pg_current_snapshot())::text::float8 AS horizon`.execute(db);
  return rows[0]?.horizon ?? 0;
}

/** The products with ids in (after, upTo], for the index's first read, as JSON (index-rows.ts). */
export async function indexRows(db: Db, after: number, upTo: number): Promise<string> {
  const { rows } = await sql<{ rows: string }>`
    SELECT ${INDEX_ROWS} AS rows FROM products WHERE id > ${after} AND id <= ${upTo}`.execute(db);
  return rows[0]?.rows ?? '[]';
}

/** The highest product id there is. */

export async function highestProductId(db: Db): Promise<number> {
  const { rows } = await sql<{ id: number | null }>`SELECT max(id) AS id FROM products`.execute(db);
  return rows[0]?.id ?? 0;
}

/**
 * Products written (their ids, and their rows as JSON: index-rows.ts) and products deleted (migration
 * 016) since the horizon `since`, and the horizon to read from next time. The ids come with the horizon (one snapshot), the rows after: a row written in
 * between is simply read newer, and again next time. Usually there are none, and the one small
 * statement is all it costs.
 */
export async function indexChanges(db: Db, since: number) {
  const { rows } = await sql<{ horizon: number; ids: number[] | null; removed: number[] | null }>`
    SELECT pg_snapshot_xmin(pg_current_snapshot())::text::float8 AS horizon,
      (SELECT array_agg(id) FROM products WHERE revision >= ${since}) AS ids,
      (SELECT array_agg(id) FROM removed_products WHERE revision >= ${since}) AS removed`.execute(db);
  const horizon = rows[0]?.horizon ?? since;
  const ids = rows[0]?.ids ?? [];
  const removed = rows[0]?.removed ?? [];
  if (ids.length === 0) return { horizon, ids, rows: undefined, removed };
  const changed = await sql<{ rows: string }>`
    SELECT ${INDEX_ROWS} AS rows FROM products WHERE id = ANY(${ids}::int[])`.execute(db);
  return { horizon, ids, rows: changed.rows[0]?.rows ?? '[]', removed };
}

/** Units per product on order lines placed since `since`, not cancelled or returned (sort 3). */
export async function unitsSold(db: Db, since: Date): Promise<Figures> {
  const { rows } = await sql<{ id: number; units: number }>`
    SELECT ol.product_id AS id, sum(ol.quantity)::int AS units FROM order_lines ol
      JOIN orders o ON o.id = ol.order_id
    WHERE o.placed_at >= ${since} AND ol.status NOT IN ('cancelled', 'returned')
    GROUP BY ol.product_id`.execute(db);
  return figures(rows, (row) => row.units);
}

/** Each rated product's average rating, hidden reviews left out (sort 3's second key). */
export async function averageRatings(db: Db): Promise<Figures> {
  const { rows } = await sql<{ id: number; rating: number }>`
    SELECT product_id AS id, avg(rating)::float8 AS rating FROM reviews
    WHERE NOT hidden AND rating IS NOT NULL GROUP BY product_id`.execute(db);
  return figures(rows, (row) => row.rating);
}

function figures<T extends { id: number }>(rows: T[], figure: (row: T) => number): Figures {
  const ids = new Int32Array(rows.length);
  const values = new Float64Array(rows.length);
  rows.forEach((row, i) => {
    ids[i] = row.id;
    values[i] = figure(row);
  });
  return { ids, values };
}

/** The listing cards of these products, in no particular order (the caller keeps them by id). */
export async function listingCards(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  // one array, so that the statement's text is the same for any page (it is prepared)
  return runPrepared(
    db,
    cards(db, db.selectFrom('products').select(CARD_COLUMNS).where(sql<boolean>`id = ANY(${ids}::int[])`)),
  );
}

interface CardRow {
  id: number;
  name: string;
  prod: Prod;
  user_segment: string;
  genre: string;
  seller_id: number;
  current_price_paise: number;
  old_price_paise: number;
  discount: number;
  launch_date: Date;
  photo1: string;
}

const CARD_COLUMNS = [
  'id',
  'name',
  'prod',
  'user_segment',
  'genre',
  'seller_id',
  'current_price_paise',
  'old_price_paise',
  'discount',
  'launch_date',
  sql<string>`photos[1]`.as('photo1'),
] as const;

/**
 * A card per product row: the seller and the size looked up for these rows only; what a sale's scope
 * looks at (segment, genre, seller) with the shop's own prices, priced as it is answered.
 */
function cards(db: Db, products: SelectQueryBuilder<Database, 'products', CardRow>) {
  return db
    .selectFrom(products.as('p'))
    .innerJoin('sellers', 'sellers.id', 'p.seller_id')
    .select([
      'p.id',
      'p.name',
      'p.prod',
      'p.user_segment',
      'p.genre',
      'p.seller_id',
      'sellers.name as source',
      'p.current_price_paise',
      'p.old_price_paise',
      'p.discount',
      'p.photo1',
      (eb) =>
        eb
          .selectFrom('skus')
          .select('skus.size')
          .whereRef('skus.product_id', '=', 'p.id')
          .orderBy(sql`skus.stock > 0`, 'desc')
          .orderBy('skus.position')
          .orderBy('skus.id')
          .limit(1)
          .as('size'),
    ]);
}

export async function wishedAmong(db: Db, bag: BagOwner, productIds: number[]): Promise<Set<number>> {
  if (productIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('wishlist_items')
    .select('product_id')
    .where(ownedBy('wishlist_items', bag))
    .where('product_id', 'in', productIds)
    .execute();
  return new Set(rows.map((row) => row.product_id));
}

export async function findProduct(db: Db, id: number) {
  return db
    .selectFrom('products')
    .innerJoin('delivery_partners', 'delivery_partners.id', 'products.partner_id')
    .select([
      'products.id',
      'products.prod',
      'products.user_segment',
      'products.genre',
      'products.seller_id',
      'products.name',
      'products.description',
      'products.child_key',
      'products.color',
      'products.features',
      'products.specs',
      'products.current_price_paise',
      'products.old_price_paise',
      'products.discount',
      'products.active',
      'products.photos',
      'delivery_partners.code as partner',
      genreReturnable.as('returnable'),
    ])
    .where('products.id', '=', id)
    .executeTakeFirst();
}

export async function productReviews(db: Db, productId: number, limit: number) {
  return (
    db
      .selectFrom('reviews')
      .innerJoin('customers', 'customers.id', 'reviews.customer_id')
      .select([
        'customers.fname',
        'customers.lname',
        'reviews.body as review',
        'reviews.rating',
        'reviews.photo as reviewDP1',
        'reviews.verified_purchase as verifiedPurchase',
      ])
      .where('reviews.product_id', '=', productId)
      // a review the back office hid is off the page and out of its rating
      .where('reviews.hidden', '=', false)
      .where((eb) => eb.or([eb('reviews.rating', 'is not', null), eb('reviews.body', '<>', '')]))
      .orderBy('reviews.updated_at', 'desc')
      .orderBy('reviews.customer_id', 'desc')
      .limit(limit)
      .execute()
  );
}

export async function ratingCounts(db: Db, productId: number) {
  return db
    .selectFrom('reviews')
    .select(['rating', (eb) => eb.fn.countAll<number>().as('count')])
    .where('product_id', '=', productId)
    .where('rating', 'is not', null)
    .where('hidden', '=', false)
    .groupBy('rating')
    .execute();
}

export async function colourSiblings(db: Db, childKey: string) {
  return db
    .selectFrom('products')
    .select(['color', 'id'])
    .where('child_key', '=', childKey)
    .orderBy('id')
    .execute();
}

/** The product and its colours (same childKey): ids, for announcing a change of them all. */
export async function colourIdsOf(db: Db, productId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('products')
    .select('id')
    .where('child_key', '=', (eb) =>
      eb.selectFrom('products').select('child_key').where('id', '=', productId),
    )
    .execute();
  return rows.map((row) => row.id);
}

/** How many shoppers said each fit of the products of a childKey (a hidden review counts for nothing). */
export async function fitCounts(db: Db, childKey: string) {
  return db
    .selectFrom('reviews')
    .innerJoin('products', 'products.id', 'reviews.product_id')
    .select(['reviews.fit', (eb) => eb.fn.countAll<number>().as('count')])
    .where('products.child_key', '=', childKey)
    .where('reviews.fit', 'is not', null)
    .where('reviews.hidden', '=', false)
    .groupBy('reviews.fit')
    .execute();
}

/**
 * The size of most of the customer's kept apparel lines of a segment and genre (delivered and not
 * returned, or a return refused), ties to the one kept latest; undefined when they kept none there.
 */
export async function usualSize(
  db: Db,
  customerId: number,
  group: { userSegment: string; genre: string },
): Promise<string | undefined> {
  const row = await db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .innerJoin('products', 'products.id', 'order_lines.product_id')
    .select('order_lines.size')
    .where('orders.customer_id', '=', customerId)
    .where('products.prod', '=', 'apparel')
    .where('products.user_segment', '=', group.userSegment)
    .where('products.genre', '=', group.genre)
    // kept: delivered, and still the shopper's after a return or an exchange was refused
    .where('order_lines.status', 'in', ['delivered', 'return_rejected', 'exchange_rejected'])
    .groupBy('order_lines.size')
    .orderBy((eb) => eb.fn.countAll(), 'desc')
    .orderBy((eb) => eb.fn.max('order_lines.delivered_at'), 'desc')
    .orderBy('order_lines.size')
    .limit(1)
    .executeTakeFirst();
  return row?.size;
}

/** The units of a product in a customer's bag, over all its sizes. */
/** The units of a product in a bag, over all its sizes: its page shows them. */
export async function bagUnits(db: Db, bag: BagOwner, productId: number): Promise<number> {
  const row = await db
    .selectFrom('cart_lines')
    .innerJoin('skus', 'skus.id', 'cart_lines.sku_id')
    .select((eb) => eb.fn.sum<number | null>('cart_lines.quantity').as('units'))
    .where(ownedBy('cart_lines', bag))
    .where('skus.product_id', '=', productId)
    .executeTakeFirst();
  return Number(row?.units ?? 0);
}

/** The sibling (same child key) in a colour, preferring one that is on sale. */
export async function siblingInColour(db: Db, prod: Prod, childKey: string, color: string) {
  const row = await db
    .selectFrom('products')
    .select('id')
    .where('child_key', '=', childKey)
    .where('prod', '=', prod)
    .where(sql<string>`lower(color)`, '=', color.toLowerCase())
    .orderBy('active', 'desc')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

/** The synonyms the owner keeps: word -> canonical word. */
export async function searchSynonyms(db: Db): Promise<Map<string, string>> {
  const rows = await db.selectFrom('search_synonyms').select(['word', 'canonical']).execute();
  return new Map(rows.map((row) => [row.word, row.canonical]));
}

const PREFIXED_WORDS = 30;

/**
 * Catalogue words near each of these (pg_trgm similarity; the caller keeps those within the allowed
 * edits): word -> near words, for the words that have any.
 */
export async function nearWords(db: Db, words: string[]): Promise<Map<string, string[]>> {
  const rows = await runPrepared(
    db,
    sql<{ query: string; word: string }>`
      SELECT q.w AS query, s.word FROM unnest(${words}::text[]) AS q(w)
        JOIN search_words s ON s.word % q.w`,
  );
  const near = new Map<string, string[]>();
  for (const { query, word } of rows) near.set(query, [...(near.get(query) ?? []), word]);
  return near;
}

/** Up to 30 catalogue words that start with `prefix`, in order. */
export async function wordsStartingWith(db: Db, prefix: string): Promise<string[]> {
  // the words are letters and digits only, so the pattern holds no wildcard but its own
  const rows = await db
    .selectFrom('search_words')
    .select('word')
    .where('word', 'like', `${prefix}%`)
    .orderBy('word')
    .limit(PREFIXED_WORDS)
    .execute();
  return rows.map((row) => row.word);
}

// Rows of product cards: similar products and the home page's rows ----------------------------------

/** On sale, with some size that still has units free to sell. */
const onSaleInStock = (eb: ExpressionBuilder<Database, 'products'>) =>
  eb.and([
    eb('products.active', '=', true),
    eb.exists(
      eb
        .selectFrom('skus')
        .select(sql<number>`1`.as('one'))
        .whereRef('skus.product_id', '=', 'products.id')
        .where(AVAILABLE_UNITS, '>', 0),
    ),
  ]);

export interface SimilarTo {
  prod: Prod;
  userSegment: string;
  genre: string;
  /** its colours (this product too) are its swatches, not similar products */
  childKey: string;
  pricePaise: number;
}

/** Products like this one, in stock, priced within [min, max] paise: the nearest price first. */
export async function similarProducts(
  db: Db,
  like: SimilarTo,
  [min, max]: readonly [number, number],
  limit: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('products')
    .select('products.id')
    .where('products.prod', '=', like.prod)
    .where('products.user_segment', '=', like.userSegment)
    .where('products.genre', '=', like.genre)
    .where('products.child_key', '<>', like.childKey)
    .where('products.current_price_paise', '>=', min)
    .where('products.current_price_paise', '<=', max)
    .where(onSaleInStock)
    .orderBy(sql`abs(products.current_price_paise - ${like.pricePaise})`)
    .orderBy('products.id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** A product of a home page row, with what its listing is. */
export interface RowProduct {
  id: number;
  prod: Prod;
  userSegment: string;
  genre: string;
}

const ROW_COLUMNS = [
  'products.id',
  'products.prod',
  'products.user_segment as userSegment',
  'products.genre',
] as const;

/** The products on sale and in stock added last, as sort 4 (what's new) orders them. */
export async function newestProducts(db: Db, limit: number): Promise<RowProduct[]> {
  return db
    .selectFrom('products')
    .select(ROW_COLUMNS)
    .where(onSaleInStock)
    .orderBy('products.created_at', 'desc')
    .orderBy('products.id', 'desc')
    .limit(limit)
    .execute();
}

/** The products on sale and in stock with the best average rating (hidden reviews left out), then the most rated. */
export async function bestRatedProducts(db: Db, limit: number): Promise<RowProduct[]> {
  const ratings = db
    .selectFrom('reviews')
    .select([
      'reviews.product_id',
      sql<number>`avg(reviews.rating)`.as('average'),
      (eb) => eb.fn.count<number>('reviews.rating').as('ratings'),
    ])
    .where('reviews.hidden', '=', false)
    .where('reviews.rating', 'is not', null)
    .groupBy('reviews.product_id');
  return db
    .selectFrom('products')
    .innerJoin(ratings.as('r'), 'r.product_id', 'products.id')
    .select(ROW_COLUMNS)
    .where(onSaleInStock)
    .orderBy('r.average', 'desc')
    .orderBy('r.ratings', 'desc')
    .orderBy('products.id', 'desc')
    .limit(limit)
    .execute();
}
