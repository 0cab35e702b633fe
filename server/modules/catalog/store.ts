import { type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Prod, SelectedFilters, SortCode } from '../../../contract/catalog.ts';
import type { Db } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';

/** Which products a listing shows: one segment and genre of apparel, or all accessories. */
export type ListingScope = { prod: 'apparel'; userSegment: string; genre: string } | { prod: 'accessories' };

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
  const features = Object.entries(filters).sort(([, a], [, b]) => a.length - b.length);
  const active = sql<SqlBool>`products.active`;
  if (features.length === 0 || access === 'walk') {
    return eb.and([active, ...scopeColumns(eb, scope), ...features.map(hasAnyOf)]);
  }
  const { lookups, rowTests } = planLookups(scope, features);
  // the lookups name the scope; its columns stay out, or the planner might read the whole scope along a
  // btree instead. '@scope' names segment and genre, not prod.
  const prod = scope.prod === 'apparel' ? [eb('products.prod', '=', scope.prod)] : [];
  return eb.and([active, ...prod, eb.or(lookups.map(contains)), ...rowTests.map(hasAnyOf)]);
}

function scopeColumns(eb: ExpressionBuilder<Database, 'products'>, scope: ListingScope) {
  const prod = eb('products.prod', '=', scope.prod);
  if (scope.prod === 'accessories') return [prod];
  return [prod, eb('products.user_segment', '=', scope.userSegment), eb('products.genre', '=', scope.genre)];
}

/** One lookup per combination of one value of each feature, while they stay few; row tests for the rest. */
function planLookups(scope: ListingScope, features: [string, string[]][]) {
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
  facets: { feature: string; value: string }[];
  /** when total <= ORDERED_IDS_UP_TO: the matching ids newest first, and cheapest first */
  newest?: number[];
  cheapest?: number[];
}

/** How many products match, every feature value present among them (all pages), and few matches' ids. */
export async function listingSummary(db: Db, scope: ListingScope, filters: SelectedFilters) {
  const matching = db
    .selectFrom('products')
    .select(['id', 'launch_date', 'current_price_paise', 'features'])
    .where((eb) => matches(eb, scope, filters, 'gather'));
  // one scan of the matching rows feeds the count, the facets and the ids
  const { rows } = await sql<{
    feature: string | null;
    value: string | null;
    total: number;
    newest: number[] | null;
    cheapest: number[] | null;
  }>`
    WITH m AS MATERIALIZED ${matching}, n AS (SELECT count(*)::int AS total FROM m)
    SELECT NULL AS feature, NULL AS value, n.total,
      CASE WHEN n.total <= ${ORDERED_IDS_UP_TO}
        THEN (SELECT array_agg(id ORDER BY launch_date DESC, id DESC) FROM m) END AS newest,
      CASE WHEN n.total <= ${ORDERED_IDS_UP_TO}
        THEN (SELECT array_agg(id ORDER BY current_price_paise, id) FROM m) END AS cheapest
    FROM n
    UNION ALL
    SELECT DISTINCT f.key, v.value, 0, NULL::int[], NULL::int[] FROM m
      CROSS JOIN LATERAL jsonb_each(m.features) AS f
      CROSS JOIN LATERAL jsonb_array_elements_text(
        CASE WHEN jsonb_typeof(f.value) = 'array' THEN f.value ELSE '[]'::jsonb END
      ) AS v`.execute(db);
  const summary: ListingSummary = { total: 0, facets: [] };
  for (const row of rows) {
    if (row.feature === null) {
      summary.total = row.total;
      if (row.newest && row.cheapest) Object.assign(summary, { newest: row.newest, cheapest: row.cheapest });
    } else if (row.value !== null) {
      summary.facets.push({ feature: row.feature, value: row.value });
    }
  }
  return summary;
}

/** Each sort ends on the product id, so pages never overlap or skip a product. */
const ORDER: Record<SortCode, { column: 'launch_date' | 'current_price_paise'; direction: 'asc' | 'desc' }> =
  {
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
  query: { scope: ListingScope; filters: SelectedFilters; sort: SortCode },
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
  return db
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
    .where((eb) => eb.or([eb('reviews.rating', 'is not', null), eb('reviews.body', '<>', '')]))
    .orderBy('reviews.updated_at', 'desc')
    .orderBy('reviews.customer_id', 'desc')
    .limit(limit)
    .execute();
}

export async function ratingCounts(db: Db, productId: number) {
  return db
    .selectFrom('reviews')
    .select(['rating', (eb) => eb.fn.countAll<number>().as('count')])
    .where('product_id', '=', productId)
    .where('rating', 'is not', null)
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
