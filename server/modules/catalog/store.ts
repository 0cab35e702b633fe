import { type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import {
  DISCOUNT_FILTER,
  DISCOUNT_STEPS,
  PRICE_BUCKETS,
  PRICE_FILTER,
  type Prod,
  type SelectedFilters,
  type SortCode,
} from '../../../contract/catalog.ts';
import type { Db } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { parseDiscount, parsePriceRange } from './filters.ts';
import type { SearchTerms } from './search.ts';

/**
 * Which products a listing shows: one segment and genre of apparel, all accessories, or every product
 * on sale that matches a search.
 */
export type ListingScope =
  | { prod: 'apparel'; userSegment: string; genre: string }
  | { prod: 'accessories' }
  | { prod: 'search'; terms: SearchTerms };

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
 * How a query reaches the matching products: `gather` finds them all at once through the GIN index on
 * listing_doc() (migration 002); `walk` reads along a sort index and stops after one page.
 */
type Access = 'gather' | 'walk';

// at most this many containment lookups OR-ed in one query; each costs a GIN search
const MAX_LOOKUPS = 32;

/**
 * Active products of the scope that match the filters: values of one feature OR, features AND.
 *
 * Gathering, the filters become GIN lookups on listing_doc(), which holds the scope too: one lookup per
 * combination of one value of each feature (so each is precise), as long as the combinations stay few;
 * the features left over are tested on the rows found. Walking, every feature is tested row by row.
 * Row tests use `?|`, which no index serves, and each lookup names the scope: PostgreSQL cannot estimate
 * jsonb containment, and given any index condition reaching beyond the scope it may start from the
 * least selective one and recheck most of the catalogue.
 */
function matches(
  eb: ExpressionBuilder<Database, 'products'>,
  scope: ListingScope,
  filters: SelectedFilters,
  access: Access,
) {
  const features = Object.entries(filters)
    .filter(([feature]) => feature !== PRICE_FILTER && feature !== DISCOUNT_FILTER)
    .sort(([, a], [, b]) => a.length - b.length);
  const active = sql<SqlBool>`products.active`;
  const ranges = rangeTests(eb, filters);
  // a search finds its products through the words' index; the filters are tested on the rows found
  if (scope.prod === 'search') {
    return eb.and([active, ...scope.terms.words.map(hasAnySpelling), ...features.map(hasAnyOf), ...ranges]);
  }
  if (features.length === 0 || access === 'walk') {
    return eb.and([active, ...scopeColumns(eb, scope), ...features.map(hasAnyOf), ...ranges]);
  }
  const { lookups, rowTests } = planLookups(scope, features);
  // the lookups name the scope; its columns stay out, or the planner might read the whole scope along a
  // btree instead. '@scope' names segment and genre, not prod.
  const prod = scope.prod === 'apparel' ? [eb('products.prod', '=', scope.prod)] : [];
  return eb.and([active, ...prod, eb.or(lookups.map(contains)), ...rowTests.map(hasAnyOf), ...ranges]);
}

/**
 * Price ranges (any of them) and the least discount chosen. A card shows whole rupees rounded from
 * paise, so a range's edges are the paise that round to them.
 */
function rangeTests(eb: ExpressionBuilder<Database, 'products'>, filters: SelectedFilters) {
  const tests = [];
  const prices = (filters[PRICE_FILTER] ?? []).flatMap((v) => parsePriceRange(v) ?? []);
  if (prices.length > 0) {
    tests.push(
      eb.or(
        prices.map(({ min, max }) => {
          const [low, high] = paiseRounding(min, max);
          return eb.between('products.current_price_paise', low, high);
        }),
      ),
    );
  }
  const discounts = (filters[DISCOUNT_FILTER] ?? []).flatMap((v) => parseDiscount(v) ?? []);
  if (discounts.length > 0) tests.push(eb('products.discount', '>=', Math.min(...discounts)));
  return tests;
}

/** The paise whose whole rupees (rounded half up) lie between min and max. */
const paiseRounding = (min: number, max: number) => [Math.max(0, min * 100 - 50), max * 100 + 49] as const;

const hasAnySpelling = ({ spellings }: { spellings: string[] }) =>
  sql<SqlBool>`products.search_terms && ${spellings}::text[]`;

function scopeColumns(
  eb: ExpressionBuilder<Database, 'products'>,
  scope: Exclude<ListingScope, { prod: 'search' }>,
) {
  const prod = eb('products.prod', '=', scope.prod);
  if (scope.prod === 'accessories') return [prod];
  return [prod, eb('products.user_segment', '=', scope.userSegment), eb('products.genre', '=', scope.genre)];
}

/** One lookup per combination of one value of each feature, while they stay few; row tests for the rest. */
function planLookups(scope: Exclude<ListingScope, { prod: 'search' }>, features: [string, string[]][]) {
  const base =
    scope.prod === 'apparel' ? { '@scope': { [scope.userSegment]: scope.genre } } : { '@prod': scope.prod };
  let lookups: Record<string, unknown>[] = [base];
  const rowTests: [string, string[]][] = [];
  for (const [feature, values] of features) {
    if (lookups.length * values.length <= MAX_LOOKUPS) {
      lookups = lookups.flatMap((doc) => values.map((value) => ({ ...doc, [feature]: [value] })));
    } else {
      rowTests.push([feature, values]);
    }
  }
  return { lookups, rowTests };
}

const contains = (document: object) =>
  sql<SqlBool>`listing_doc(products.prod, products.user_segment, products.genre, products.features) @> ${JSON.stringify(document)}::jsonb`;

const hasAnyOf = ([feature, values]: [string, string[]]) =>
  sql<SqlBool>`(products.features -> ${feature}) ?| ${values}::text[]`;

/** Up to this many matches, the summary keeps their ids in order, and any page of them is a key lookup. */
export const ORDERED_IDS_UP_TO = 1_000;

export interface ListingSummary {
  total: number;
  /** every feature value among the matches with its products; `price` buckets and `discount` steps too */
  facets: { feature: string; value: string; count: number }[];
  /** when total <= ORDERED_IDS_UP_TO: the matching ids newest first, and cheapest first */
  newest?: number[];
  cheapest?: number[];
}

/**
 * How many products match, how many have each feature value, fall in each price bucket and reach each
 * discount step, and few matches' ids in order.
 */
export async function listingSummary(db: Db, scope: ListingScope, filters: SelectedFilters) {
  const matching = db
    .selectFrom('products')
    .select(['id', 'launch_date', 'current_price_paise', 'discount', 'features'])
    .where((eb) => matches(eb, scope, filters, 'gather'));
  const buckets = PRICE_BUCKETS.map((bucket) => {
    const { min, max } = parsePriceRange(bucket) ?? { min: 0, max: 0 };
    return [bucket, ...paiseRounding(min, max)] as const;
  });
  // one scan of the matching rows feeds the count, the facets and the ids; a value listed twice in a
  // product's features counts once
  const { rows } = await sql<{
    feature: string | null;
    value: string | null;
    count: number;
    newest: number[] | null;
    cheapest: number[] | null;
  }>`
    WITH m AS MATERIALIZED ${matching}, n AS (SELECT count(*)::int AS total FROM m)
    SELECT NULL AS feature, NULL AS value, n.total AS count,
      CASE WHEN n.total <= ${ORDERED_IDS_UP_TO}
        THEN (SELECT array_agg(id ORDER BY launch_date DESC, id DESC) FROM m) END AS newest,
      CASE WHEN n.total <= ${ORDERED_IDS_UP_TO}
        THEN (SELECT array_agg(id ORDER BY current_price_paise, id) FROM m) END AS cheapest
    FROM n
    UNION ALL
    SELECT f.key, v.value, count(*)::int, NULL::int[], NULL::int[] FROM m
      CROSS JOIN LATERAL jsonb_each(m.features) AS f
      CROSS JOIN LATERAL (SELECT DISTINCT e FROM jsonb_array_elements_text(
        CASE WHEN jsonb_typeof(f.value) = 'array' THEN f.value ELSE '[]'::jsonb END
      ) AS e) AS v(value)
      WHERE f.key NOT IN (${PRICE_FILTER}, ${DISCOUNT_FILTER})
      GROUP BY f.key, v.value
    UNION ALL
    SELECT ${PRICE_FILTER}, b.bucket, count(m.id)::int, NULL::int[], NULL::int[]
      FROM unnest(${buckets.map((b) => b[0])}::text[], ${buckets.map((b) => b[1])}::int[],
        ${buckets.map((b) => b[2])}::int[]) AS b(bucket, low, high)
      LEFT JOIN m ON m.current_price_paise BETWEEN b.low AND b.high
      GROUP BY b.bucket
    UNION ALL
    SELECT ${DISCOUNT_FILTER}, d.step, count(m.id)::int, NULL::int[], NULL::int[]
      FROM unnest(${[...DISCOUNT_STEPS]}::text[]) AS d(step)
      LEFT JOIN m ON m.discount >= d.step::int
      GROUP BY d.step`.execute(db);
  const summary: ListingSummary = { total: 0, facets: [] };
  for (const row of rows) {
    if (row.feature === null) {
      summary.total = row.count;
      if (row.newest && row.cheapest) Object.assign(summary, { newest: row.newest, cheapest: row.cheapest });
    } else if (row.value !== null) {
      summary.facets.push({ feature: row.feature, value: row.value, count: row.count });
    }
  }
  return summary;
}

/** The sorts an index keeps for a segment's listing: newest first and by price. */
export type IndexedSort = 0 | 1 | 2;

/** Each sort ends on the product id, so pages never overlap or skip a product. */
const ORDER: Record<
  IndexedSort,
  { column: 'launch_date' | 'current_price_paise'; direction: 'asc' | 'desc' }
> = {
  0: { column: 'launch_date', direction: 'desc' },
  1: { column: 'current_price_paise', direction: 'asc' },
  2: { column: 'current_price_paise', direction: 'desc' },
};

/**
 * One page of a listing read along a sort index, stopping after the page. The caller walks only when
 * the matches are many (few have their ids in the summary): PostgreSQL badly underestimates how many
 * rows pass the feature tests, and would rather fetch the whole scope and sort it, so it is told not to.
 */
export async function listingPage(
  db: Db,
  query: { scope: Exclude<ListingScope, { prod: 'search' }>; filters: SelectedFilters; sort: IndexedSort },
  offset: number,
  limit: number,
) {
  const { column, direction } = ORDER[query.sort];
  const page = (trx: Db) =>
    cards(
      trx,
      trx
        .selectFrom('products')
        .select(CARD_COLUMNS)
        .where((eb) => matches(eb, query.scope, query.filters, 'walk'))
        .orderBy(column, direction)
        .orderBy('id', direction)
        .limit(limit)
        .offset(offset),
    )
      .orderBy(`p.${column}`, direction)
      .orderBy('p.id', direction)
      .execute();
  if (Object.keys(query.filters).length === 0) return page(db);
  return db.transaction().execute(async (trx) => {
    await sql`SELECT set_config('enable_bitmapscan', 'off', true), set_config('enable_sort', 'off', true)`.execute(
      trx,
    );
    return page(trx);
  });
}

/** Units sold in the window (lines not cancelled or returned), then the average rating. */
const popularity = (since: Date) => [
  sql`(SELECT coalesce(sum(ol.quantity), 0) FROM order_lines ol JOIN orders o ON o.id = ol.order_id
    WHERE ol.product_id = products.id AND o.placed_at >= ${since}
      AND ol.status NOT IN ('cancelled', 'returned')) DESC`,
  sql`(SELECT avg(r.rating) FROM reviews r WHERE r.product_id = products.id AND NOT r.hidden) DESC NULLS LAST`,
];

/**
 * A search's best matches first: the exact name (its words in any order), then each word found in the name (2) and spelt as
 * typed rather than misspelt (1).
 */
function relevance(terms: SearchTerms) {
  const nameTerms = sql`array_remove(regexp_split_to_array(search_fold(products.name), ' +'), '')`;
  const perWord = terms.words.map(
    ({ spellings, exact }) =>
      sql`(CASE WHEN ${nameTerms} && ${spellings}::text[] THEN 2 ELSE 0 END
        + CASE WHEN products.search_terms && ${exact}::text[] THEN 1 ELSE 0 END)`,
  );
  // the name's words are the query's words, in any order
  const phrase = terms.phrase.split(' ');
  const exactName = sql`CASE WHEN ${nameTerms} @> ${phrase}::text[] AND ${nameTerms} <@ ${phrase}::text[]
    THEN 100 ELSE 0 END`;
  return sql`(${sql.join([exactName, ...perWord], sql` + `)}) DESC`;
}

function rankOrder(scope: ListingScope, sort: SortCode, since: Date) {
  if (sort === 0 && scope.prod === 'search') return [relevance(scope.terms), sql`products.id DESC`];
  const keys = {
    0: [sql`products.launch_date DESC`],
    1: [sql`products.current_price_paise ASC`],
    2: [sql`products.current_price_paise DESC`],
    3: popularity(since),
    4: [sql`products.created_at DESC`],
    5: [sql`products.discount DESC`],
  }[sort];
  return [...keys, sort === 1 ? sql`products.id ASC` : sql`products.id DESC`];
}

/**
 * One page of matches' ids in any order, sorting every match: for the orders no index keeps
 * (relevance, popularity, what's new, discount) and a search's price orders. `since` starts the
 * popularity window.
 */
export async function rankedIds(
  db: Db,
  query: { scope: ListingScope; filters: SelectedFilters; sort: SortCode },
  offset: number,
  limit: number,
  since: Date,
): Promise<number[]> {
  const rows = await db
    .selectFrom('products')
    .select('id')
    .where((eb) => matches(eb, query.scope, query.filters, 'gather'))
    .orderBy(sql.join(rankOrder(query.scope, query.sort, since)))
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((row) => row.id);
}

/** The listing cards of these products, in the order given. */
export async function listingCards(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await cards(
    db,
    db.selectFrom('products').select(CARD_COLUMNS).where('id', 'in', ids),
  ).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

interface CardRow {
  id: number;
  name: string;
  prod: Prod;
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
  'seller_id',
  'current_price_paise',
  'old_price_paise',
  'discount',
  'launch_date',
  sql<string>`photos[1]`.as('photo1'),
] as const;

/** A card per product row: the seller and the size looked up for these rows only. */
function cards(db: Db, products: SelectQueryBuilder<Database, 'products', CardRow>) {
  return db
    .selectFrom(products.as('p'))
    .innerJoin('sellers', 'sellers.id', 'p.seller_id')
    .select([
      'p.id',
      'p.name',
      'p.prod',
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

export async function wishedAmong(db: Db, customerId: number, productIds: number[]): Promise<Set<number>> {
  if (productIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('wishlist_items')
    .select('product_id')
    .where('customer_id', '=', customerId)
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

/** The units of a product in a customer's cart, over all its sizes. */
export async function cartUnits(db: Db, customerId: number, productId: number): Promise<number> {
  const row = await db
    .selectFrom('cart_lines')
    .innerJoin('skus', 'skus.id', 'cart_lines.sku_id')
    .select((eb) => eb.fn.sum<number | null>('cart_lines.quantity').as('units'))
    .where('cart_lines.customer_id', '=', customerId)
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
 * Catalogue words near each of these (pg_trgm similarity through its index; the caller keeps those
 * within the allowed edits), and up to 30 that start with `prefix`.
 */
export async function nearWords(
  db: Db,
  words: string[],
  prefix?: string,
): Promise<{ near: Map<string, string[]>; prefixed: string[] }> {
  const { rows } = await sql<{ query: string; word: string }>`
    SELECT q.w AS query, s.word FROM unnest(${words}::text[]) AS q(w)
      JOIN search_words s ON s.word % q.w`.execute(db);
  const near = new Map<string, string[]>();
  for (const { query, word } of rows) near.set(query, [...(near.get(query) ?? []), word]);
  if (prefix === undefined) return { near, prefixed: [] };
  // the words are letters and digits only, so the pattern holds no wildcard but its own
  const prefixed = await db
    .selectFrom('search_words')
    .select('word')
    .where('word', 'like', `${prefix}%`)
    .orderBy('word')
    .limit(PREFIXED_WORDS)
    .execute();
  return { near, prefixed: prefixed.map((row) => row.word) };
}

/** Products on sale per segment and genre of apparel (what suggestions name). */
export async function genreCounts(db: Db) {
  return db
    .selectFrom('products')
    .select(['user_segment as userSegment', 'genre', (eb) => eb.fn.countAll<number>().as('count')])
    .where('active', '=', true)
    .where('prod', '=', 'apparel')
    .groupBy(['user_segment', 'genre'])
    .execute();
}
