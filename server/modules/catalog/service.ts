import {
  FEATURE_LABELS,
  type FilterFeature,
  HIDDEN_PRODUCT_FIELDS,
  type HomeResponse,
  type ListingProduct,
  type ListingResponse,
  PAGE_SIZE,
  type Prod,
  type ProductInfo,
  type ProductResponse,
  type SelectedFilters,
  type SortCode,
} from '../../../contract/catalog.ts';
import type { Db } from '../../db/connect.ts';
import { parseProductId, rupees } from '../../platform/api-values.ts';
import type { Change, ChangeFeed } from '../../platform/changes.ts';
import { notFound } from '../../platform/errors.ts';
import type { Inventory } from '../inventory/service.ts';
import { TtlCache } from './cache.ts';
import { compareSizes } from './filters.ts';
import type { ListingScope } from './store.ts';
import * as store from './store.ts';

export type { ListingScope } from './store.ts';

export interface ListingQuery {
  scope: ListingScope;
  filters: SelectedFilters;
  sort: SortCode;
  page: number;
}

/**
 * A page of cards as a shopper who has wished none of them sees it, and the last answer made of it.
 * Such answers are shared by many shoppers and never changed: they keep their identity, so the
 * routes can send the JSON they made of one once.
 */
interface CachedPage {
  prods: ListingProduct[];
  answer?: ListingResponse;
}
/** A listing's count and facets, and the ids of few matches in order (see store.listingSummary). */
type Summary = Pick<ListingResponse, 'noOfEntries' | 'filterFeature'> &
  Pick<store.ListingSummary, 'newest' | 'cheapest'>;

const CACHE_TTL_MS = 30_000;
const REVIEWS_SHOWN = 100;
const HIDDEN = new Set<string>(HIDDEN_PRODUCT_FIELDS);
const FEATURE_ORDER = Object.keys(FEATURE_LABELS);

/** The units of a product in a shopper's cart, over all its sizes: its page shows them, the cart caps them. */
export function cartUnits(db: Db, customerId: number, productId: number): Promise<number> {
  return store.cartUnits(db, customerId, productId);
}

export function isProd(value: string): value is Prod {
  return value === 'apparel' || value === 'accessories';
}

/**
 * The catalogue as shoppers read it; units free to sell come from Inventory. Listings, the home list
 * and product pages are cached for a short while (the database sets the throughput limit). Changes
 * reach the caches through the change feed, from this instance and from every other one on the same
 * database: Inventory announces every change of stock and holds, reviews call productChanged().
 */
export class Catalog {
  // sized for some tens of MB at most: a summary holds up to 2 x 1,000 ids, a product page 100 reviews
  private readonly homeCache = new TtlCache<HomeResponse>(CACHE_TTL_MS, 1);
  private readonly summaryCache = new TtlCache<Summary>(CACHE_TTL_MS, 2_000);
  private readonly pageCache = new TtlCache<CachedPage>(CACHE_TTL_MS, 5_000);
  // a product page as a logged-out shopper sees it; a logged-in one's own part is laid over it
  private readonly productCache = new TtlCache<ProductResponse | undefined>(CACHE_TTL_MS, 2_000);

  constructor(
    private readonly db: Db,
    private readonly changes: ChangeFeed,
    private readonly inventory: Inventory,
  ) {
    changes.onChange((change) => this.forget(change));
  }

  /** After a change to a product's reviews: its page is read afresh, on every instance. */
  productChanged(productId: number): void {
    this.changes.announce({ productIds: [productId] });
  }

  private forget(change: Change): void {
    if ('productIds' in change) {
      for (const id of change.productIds) this.productCache.delete(String(id));
      return;
    }
    this.homeCache.clear();
    this.summaryCache.clear();
    this.pageCache.clear();
    this.productCache.clear();
  }

  home(): Promise<HomeResponse> {
    return this.homeCache.get('home', async () => {
      const items = await store.homeSegments(this.db);
      // sorted here, not by the database's collation, so every engine answers alike
      return items.sort(
        (a, b) => a.userSegment.localeCompare(b.userSegment) || a.genre.localeCompare(b.genre),
      );
    });
  }

  /**
   * A shopper who has wished nothing on the page gets the very object every such shopper gets (until
   * the cache moves on); the routes rely on that to serialise it once.
   */
  async listing(query: ListingQuery, customerId: number | null): Promise<ListingResponse> {
    const { scope, filters, sort, page } = query;
    const base = JSON.stringify([scope, filters]);
    const summary = await this.summaryCache.get(base, () => this.loadSummary(scope, filters));
    const offset = (page - 1) * PAGE_SIZE;
    if (offset >= summary.noOfEntries) {
      return { prods: [], noOfEntries: summary.noOfEntries, filterFeature: summary.filterFeature };
    }
    const cached = await this.pageCache.get(`${base}|${sort}|${page}`, () =>
      this.loadPage(query, summary, offset),
    );
    const shared = sharedAnswer(cached, summary);
    const wished = await this.wishedAmong(scope.prod, shared.prods, customerId);
    if (wished.size === 0) return shared;
    const prods = shared.prods.map((p) => (wished.has(p.id) ? { ...p, wished: 'Y' as const } : p));
    return { ...shared, prods };
  }

  /** A logged-out shopper gets the very object every logged-out shopper gets (see listing). */
  async product(prodText: string, idText: string, customerId: number | null): Promise<ProductResponse> {
    const id = parseProductId(idText);
    const shared =
      id !== undefined && isProd(prodText)
        ? await this.productCache.get(String(id), () => this.loadProduct(id))
        : undefined;
    if (!shared || shared.productInfo.prod !== prodText) {
      throw notFound(`No product "${idText}" among ${prodText}`);
    }
    if (customerId === null) return shared;
    const productId = shared.productInfo.id;
    const [units, wished] = await Promise.all([
      store.cartUnits(this.db, customerId, productId),
      store.wishedAmong(this.db, customerId, [productId]),
    ]);
    return {
      ...shared,
      addToCart: units > 0 ? [{ quantity: units }] : [],
      wishStatus: [{ wished: wished.has(productId) ? 'Y' : 'N' }],
      loggedin: true,
    };
  }

  async siblingInColour(prodText: string, childKey: string, color: string): Promise<number> {
    const id = isProd(prodText) ? await store.siblingInColour(this.db, prodText, childKey, color) : undefined;
    if (id === undefined) throw notFound(`No product of "${childKey}" in colour "${color}"`);
    return id;
  }

  private async loadSummary(scope: ListingScope, filters: SelectedFilters): Promise<Summary> {
    const { total, facets, newest, cheapest } = await store.listingSummary(this.db, scope, filters);
    return { noOfEntries: total, filterFeature: groupFacets(facets), newest, cheapest };
  }

  /** A page of few matches comes from their ids in the summary; of many, from a walk along a sort index. */
  private async loadPage(query: ListingQuery, summary: Summary, offset: number): Promise<CachedPage> {
    const ordered = query.sort === 0 ? summary.newest : summary.cheapest;
    const ids = query.sort === 2 ? ordered?.slice().reverse() : ordered;
    const rows = ids
      ? await store.listingCards(this.db, ids.slice(offset, offset + PAGE_SIZE))
      : await store.listingPage(this.db, query, offset, PAGE_SIZE);
    const prods = rows.map((row) => ({
      id: row.id,
      name: row.name,
      source: row.source,
      prod: row.prod,
      currentPrice: rupees(row.current_price_paise),
      oldPrice: rupees(row.old_price_paise),
      discount: row.discount,
      photo1: row.photo1,
      ...(row.prod === 'apparel' && { size: row.size ?? '', wished: 'N' as const }),
    }));
    return { prods };
  }

  /** The ids among these cards that a logged-in shopper has wished; accessories carry no wish mark. */
  private async wishedAmong(
    prod: Prod,
    prods: ListingProduct[],
    customerId: number | null,
  ): Promise<Set<number>> {
    if (prod !== 'apparel' || customerId === null || prods.length === 0) return new Set();
    return store.wishedAmong(
      this.db,
      customerId,
      prods.map((p) => p.id),
    );
  }

  private async loadProduct(id: number): Promise<ProductResponse | undefined> {
    const product = await store.findProduct(this.db, id);
    if (!product) return undefined;
    const [sizes, review, ratings, colorInfo] = await Promise.all([
      this.inventory.sizes(this.db, id),
      store.productReviews(this.db, id, REVIEWS_SHOWN),
      store.ratingCounts(this.db, id),
      store.colourSiblings(this.db, product.child_key),
    ]);
    const rating = [5, 4, 3, 2, 1].map((stars) => ({
      rating: stars,
      ratingCount: ratings.find((r) => r.rating === stars)?.count ?? 0,
    }));
    return {
      productInfo: productInfo(product, sizes),
      review,
      rating,
      colorInfo,
      addToCart: [],
      wishStatus: [{ wished: 'N' }],
      loggedin: false,
    };
  }
}

/** The page's answer with this summary's count and facets: the same object while both stay cached. */
function sharedAnswer(page: CachedPage, summary: Summary): ListingResponse {
  const { noOfEntries, filterFeature } = summary;
  // the facets' identity tells summaries apart; the answer keeps no hold on the summary's ids
  if (page.answer?.filterFeature !== filterFeature || page.answer.noOfEntries !== noOfEntries) {
    page.answer = { prods: page.prods, noOfEntries, filterFeature };
  }
  return page.answer;
}

type ProductRow = NonNullable<Awaited<ReturnType<typeof store.findProduct>>>;

function productInfo(product: ProductRow, sizes: { size: string; available: number }[]): ProductInfo {
  const info = {
    id: product.id,
    name: product.name,
    prod: product.prod,
    genre: product.genre,
    userSegment: product.user_segment,
    partner: product.partner,
    childKey: product.child_key,
    color: product.color,
    description: product.description,
    stock: sizes.reduce((sum, s) => sum + s.available, 0),
    additionsize: Object.fromEntries(sizes.map((s) => [s.size, s.available])),
    active: product.active ? 'In stock' : 'Currently unavailable',
    currentPrice: rupees(product.current_price_paise),
    oldPrice: rupees(product.old_price_paise),
    discount: product.discount,
    photo1: product.photos[0] ?? '',
    ...Object.fromEntries(product.photos.slice(1, 5).map((photo, i) => [`photo${i + 2}`, photo])),
  };
  return { ...specifications(product, new Set(Object.keys(info))), ...info };
}

/** Features (except size) and specs as further text fields; never a field of the page or a hidden one. */
function specifications(product: ProductRow, taken: Set<string>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [feature, values] of Object.entries(product.features)) {
    if (feature !== 'size' && Array.isArray(values)) fields[feature] = values.join(', ');
  }
  for (const [name, value] of Object.entries(product.specs)) {
    if (!(name in fields)) fields[name] = String(value);
  }
  for (const name of Object.keys(fields)) {
    if (taken.has(name) || HIDDEN.has(name)) delete fields[name];
  }
  return fields;
}

/** [{feature: [values]}], features in the display order, sizes in size order, other values A to Z. */
function groupFacets(facets: { feature: string; value: string }[]): FilterFeature[] {
  const byFeature = new Map<string, string[]>();
  for (const { feature, value } of facets) {
    const values = byFeature.get(feature) ?? [];
    values.push(value);
    byFeature.set(feature, values);
  }
  const rank = (feature: string) => {
    const known = FEATURE_ORDER.indexOf(feature);
    return known >= 0 ? known : FEATURE_ORDER.length;
  };
  return [...byFeature.keys()]
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    .map((feature) => {
      const values = byFeature.get(feature) ?? [];
      values.sort(feature === 'size' ? compareSizes : (a, b) => a.localeCompare(b));
      return { [feature]: values };
    });
}
