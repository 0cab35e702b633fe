import {
  DISCOUNT_FILTER,
  DISCOUNT_STEPS,
  FEATURE_LABELS,
  type FilterCounts,
  type FilterFeature,
  type FitSplit,
  HIDDEN_PRODUCT_FIELDS,
  type HighlightRow,
  type HighlightsResponse,
  type HomeResponse,
  type ListingProduct,
  type ListingResponse,
  PAGE_SIZE,
  PRICE_BUCKETS,
  PRICE_FILTER,
  PRODUCT_ROW_SIZE,
  type Prod,
  type ProductCards,
  type ProductInfo,
  type ProductResponse,
  type SelectedFilters,
  type SortCode,
  type SuggestResponse,
} from '../../../contract/catalogue.ts';
import {
  FIT_ANSWER_CODES,
  FIT_MIN_ANSWERS,
  type FitAnswer,
} from '../../../contract/fit-returns-constants.ts';
import type { Db } from '../../db/connect.ts';
import { indiaTime, parseProductId, rupees, yesNo } from '../../platform/api-values.ts';
import type { BagOwner } from '../../platform/bag-owner.ts';
import type { Change, ChangeFeed } from '../../platform/changes.ts';
import { notFound } from '../../platform/errors.ts';
import type { Categories } from '../categories/service.ts';
import type { Inventory, SizeAvailability } from '../inventory/service.ts';
import { apportion } from '../offers/apportion.ts';
import type { LiveSales, ProductPriceRow } from '../offers/sale-price.ts';
import type { Sales } from '../offers/sales.ts';
import type { SizeCharts } from '../size-charts/service.ts';
import { compareSizes } from '../size-charts/sizes.ts';
import { TtlCache } from './cache.ts';
import type { ListingScope, PopularityFigures } from './facet-index/types.ts';
import { LiveIndex } from './live-index.ts';
import { expandWords, foldText, queryWords, type SearchTerms, Synonyms } from './search.ts';
import * as store from './store.ts';

export type { ListingScope } from './facet-index/types.ts';

export interface ListingQuery {
  scope: ListingScope;
  filters: SelectedFilters;
  sort: SortCode;
  page: number;
}

export interface SearchQuery {
  q: string;
  filters: SelectedFilters;
  sort: SortCode;
  page: number;
}

const CACHE_TTL_MS = 30_000;
const HIGHLIGHTS_TTL_MS = 5 * 60_000;

/** Which products the home page's rows hold. */
interface Highlights {
  newest: store.RowProduct[];
  best: store.RowProduct[];
}
const POPULARITY_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;
const SUGGESTED_PRODUCTS = 6;
const SUGGESTED_GROUPS = 6;
const NOTHING: ListingResponse = { prods: [], noOfEntries: 0, filterFeature: [], filterCounts: {} };
const isRange = (feature: string) => feature === PRICE_FILTER || feature === DISCOUNT_FILTER;
const REVIEWS_SHOWN = 100;
/** Similar products cost within this share of the product's price, either way. */
const SIMILAR_PRICE_SHARE = 0.3;
const HIDDEN = new Set<string>(HIDDEN_PRODUCT_FIELDS);
const FEATURE_ORDER = Object.keys(FEATURE_LABELS);

type CardRow = Awaited<ReturnType<typeof store.listingCards>>[number];

export function isProd(value: string): value is Prod {
  return value === 'apparel' || value === 'accessories';
}

/**
 * The catalogue as shoppers read it; units free to sell come from Inventory. Listings and searches
 * are answered from the facet index (decision 020), the page's cards from memory or the database
 * (decision 025). Answers, the home list and product pages are cached for a short while. Changes
 * reach the caches through the change feed, from this instance and from every other one on the same
 * database: Inventory announces every change of stock and holds, reviews call productChanged(). Prices
 * are the live sales' (offers/): cards are kept at the shop's own prices and priced as they are answered,
 * and the answers holding prices are forgotten whenever the live set changes.
 */
export class Catalogue {
  // sized for some tens of MB at most: an answer holds 20 cards and its counts, a product page 100 reviews
  private readonly homeCache = new TtlCache<HomeResponse>(CACHE_TTL_MS, 1);
  private readonly pageCache = new TtlCache<ListingResponse>(CACHE_TTL_MS, 5_000);
  private readonly popularityCache = new TtlCache<PopularityFigures>(CACHE_TTL_MS, 1);
  private readonly index: LiveIndex;
  // what a search text means (its words' spellings) and what typing it suggests; the catalogue's words
  // near a word and those starting with a prefix, shared by every text that has them
  private readonly termsCache = new TtlCache<SearchTerms>(CACHE_TTL_MS, 2_000);
  private readonly nearCache = new TtlCache<string[]>(CACHE_TTL_MS, 20_000);
  private readonly prefixCache = new TtlCache<string[]>(CACHE_TTL_MS, 5_000);
  private readonly suggestCache = new TtlCache<SuggestResponse>(CACHE_TTL_MS, 2_000);
  private readonly synonymsCache = new TtlCache<Synonyms>(CACHE_TTL_MS, 1);
  // a product page as a logged-out shopper sees it; a logged-in one's own part is laid over it
  private readonly productCache = new TtlCache<ProductResponse | undefined>(CACHE_TTL_MS, 2_000);
  // listing cards by product id (decision 025), some hundreds of bytes each
  private readonly cardCache = new TtlCache<CardRow | undefined>(CACHE_TTL_MS, 20_000);
  // rows that depend on other products' stock and prices: forgotten at any change
  private readonly similarCache = new TtlCache<ProductCards | undefined>(CACHE_TTL_MS, 2_000);
  // the home page's rows read every review and scan the catalogue by date (1.4 s at 1,000,000 products):
  // not forgotten at each sale, only refreshed behind the answer every few minutes (the cards themselves
  // come from the card cache, which follows every change)
  private readonly highlightsCache = new TtlCache<Highlights>(HIGHLIGHTS_TTL_MS, 1);

  constructor(
    private readonly db: Db,
    private readonly changes: ChangeFeed,
    private readonly inventory: Inventory,
    private readonly sales: Pick<Sales, 'current' | 'onChange'>,
    private readonly sizeCharts: Pick<SizeCharts, 'forProduct'>,
    /** the owner's tree, whose order the home list follows */
    private readonly categories: Pick<Categories, 'inMenuOrder'>,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.index = new LiveIndex(db, {
      written: (ids) => (ids === 'all' ? this.cardCache.clear() : this.forgetCards(ids)),
      popularity: () => this.popularity(),
    });
    // the index prices its filters and sorts with the live sales: given before its first read, then at each change
    this.index.setSales(sales.current().sales);
    this.index.warm();
    changes.onChange((change) => this.forget(change));
    sales.onChange((live) => {
      this.index.setSales(live.sales);
      this.forgetPrices();
    });
  }

  /**
   * Why a request would now wait for an in-memory index (the facet index, which listings, search and
   * suggestions read, while it is read whole with its sorts' orders, popularity's too), or undefined
   * when none would: /readyz says so.
   */
  warming(): string | undefined {
    return this.index.isCold() ? "the catalogue's index is being built" : undefined;
  }

  /** Ends the facet index's thread (the shop is closing). */
  stop(): Promise<void> {
    return this.index.stop();
  }

  /** After a change to a product's reviews: its page is read afresh, on every instance. */
  productChanged(productId: number): void {
    this.changes.announce({ productIds: [productId] });
  }

  /** After a change to what shoppers say of a product's fit: its page and its colours' are read afresh. */
  async fitChanged(productId: number): Promise<void> {
    this.changes.announce({ productIds: await store.colourIdsOf(this.db, productId) });
  }

  private forget(change: Change): void {
    // the shop's details are on no listing or product answer; offers reach prices through the sales
    if ('shop' in change || 'offers' in change) return;
    this.similarCache.clear();
    if ('productIds' in change) {
      for (const id of change.productIds) this.productCache.delete(String(id));
      this.forgetCards(change.productIds);
      return;
    }
    for (const cache of [
      this.homeCache,
      this.pageCache,
      this.popularityCache,
      this.productCache,
      this.termsCache,
      this.suggestCache,
      this.synonymsCache,
      this.nearCache,
      this.prefixCache,
      this.cardCache,
    ]) {
      cache.clear();
    }
  }

  /**
   * A sale started, ended or was saved: the answers holding prices go (cards and the home page's rows
   * are priced as they are answered, and words and popularity hold none).
   */
  private forgetPrices(): void {
    for (const cache of [this.pageCache, this.productCache, this.suggestCache, this.similarCache]) {
      cache.clear();
    }
  }

  private forgetCards(ids: readonly number[]): void {
    for (const id of ids) this.cardCache.delete(String(id));
  }

  /**
   * These products' cards in their order (an id with no product has none): from memory, those missing
   * read in one statement. A card is forgotten when its product is written or announced (decision 025).
   */
  private async cards(ids: readonly number[]): Promise<CardRow[]> {
    const cards = await this.cardCache.getMany(ids.map(String), async (missing) => {
      const rows = await store.listingCards(this.db, missing.map(Number));
      const byId = new Map(rows.map((row) => [String(row.id), row]));
      return (id) => byId.get(id);
    });
    return cards.filter((card) => card !== undefined);
  }

  home(): Promise<HomeResponse> {
    return this.homeCache.get('home', async () => {
      // in the owner's order (issue 38), sorted here so every engine answers alike
      return this.categories.inMenuOrder(await store.homeSegments(this.db));
    });
  }

  /**
   * A shopper who has wished nothing on the page gets the very object every such shopper gets (until
   * the cache moves on); the routes rely on that to serialise it once.
   */
  async listing(query: ListingQuery, bag?: BagOwner): Promise<ListingResponse> {
    const { scope, filters, sort, page } = query;
    const shared = await this.pageCache.get(JSON.stringify([scope, filters, sort, page]), () =>
      this.loadListing(query),
    );
    const wished = await this.wishedAmong(shared.prods, bag);
    if (wished.size === 0) return shared;
    const prods = shared.prods.map((p) => (wished.has(p.id) ? { ...p, wished: 'Y' as const } : p));
    return { ...shared, prods };
  }

  /** The count, the facets and the page's ids from the index; the page's cards from the database. */
  private async loadListing(query: ListingQuery): Promise<ListingResponse> {
    const { scope, filters, sort, page } = query;
    const [index, popularity] = await Promise.all([
      this.index.fresh(),
      sort === 3 ? this.popularity() : undefined,
    ]);
    const offset = (page - 1) * PAGE_SIZE;
    const found = await index.query(
      { scope, filters, sort, offset, limit: PAGE_SIZE, counts: true },
      popularity,
    );
    const live = this.sales.current();
    const rows = await this.cards(found.ids);
    return {
      prods: rows.map((row) => listingCard(row, live)),
      noOfEntries: found.total,
      filterFeature: groupFacets(found.inResult),
      filterCounts: filterCounts(found.counts),
    };
  }

  /** Units sold in the last 30 days and average ratings, for sort 3. */
  private popularity(): Promise<PopularityFigures> {
    return this.popularityCache.get('popularity', async () => {
      const [units, rating] = await Promise.all([
        store.unitsSold(this.db, this.popularSince()),
        store.averageRatings(this.db),
      ]);
      return { units, rating };
    });
  }

  /**
   * Products on sale matching the text, as a listing of them (best match first under sort 0). A text
   * with no letters or digits finds nothing.
   */
  async search(query: SearchQuery, bag?: BagOwner): Promise<ListingResponse> {
    const terms = await this.terms(query.q, false);
    if (terms.words.length === 0) return NOTHING;
    const { filters, sort, page } = query;
    return this.listing({ scope: { prod: 'search', terms }, filters, sort, page }, bag);
  }

  /** What typing the text suggests: segments and genres by name, and the best six products. */
  suggest(q: string): Promise<SuggestResponse> {
    return this.suggestCache.get(foldText(q), async () => {
      const terms = await this.terms(q, true);
      if (terms.words.length === 0) return { segments: [], genres: [], products: [] };
      const index = await this.index.fresh();
      const [{ ids }, genres] = await Promise.all([
        index.query({
          scope: { prod: 'search', terms },
          filters: {},
          sort: 0,
          offset: 0,
          limit: SUGGESTED_PRODUCTS,
          counts: false,
        }),
        index.genreCounts(),
      ]);
      const live = this.sales.current();
      const cards = await this.cards(ids);
      return {
        ...matchingGroups(genres, terms),
        products: cards.map((card) => ({
          id: card.id,
          prod: card.prod,
          name: card.name,
          photo1: card.photo1,
          currentPrice: priced(card, live).currentPrice,
        })),
      };
    });
  }

  /** The spellings of a text's words; `typing` also lets the last word be the start of a word. */
  private terms(q: string, typing: boolean): Promise<SearchTerms> {
    const phrase = foldText(q);
    return this.termsCache.get(`${typing}|${phrase}`, async () => {
      const words = queryWords(phrase);
      if (words.length === 0) return { phrase, words: [] };
      const synonyms = await this.synonymsCache.get(
        'synonyms',
        async () => new Synonyms(await store.searchSynonyms(this.db)),
      );
      const bases = [...new Set(words.flatMap((w) => [w, ...synonyms.of(w)]))];
      const last = words.at(-1);
      const [near, prefixed] = await Promise.all([
        this.nearCache.getMany(bases, async (missing) => {
          const found = await store.nearWords(this.db, missing);
          return (word) => found.get(word) ?? [];
        }),
        typing && last ? this.prefixCache.get(last, () => store.wordsStartingWith(this.db, last)) : [],
      ]);
      const candidates = new Map(bases.map((base, i) => [base, near[i] ?? []]));
      return { phrase, words: expandWords(words, candidates, synonyms, prefixed) };
    });
  }

  private popularSince(): Date {
    return new Date(this.now().getTime() - POPULARITY_WINDOW_MS);
  }

  /**
   * A shopper with no bag yet gets the very object every such shopper gets (see listing); a customer's
   * or a visitor's bag and wishlist are laid over it.
   */
  async product(prodText: string, idText: string, bag?: BagOwner): Promise<ProductResponse> {
    const id = parseProductId(idText);
    const shared =
      id !== undefined && isProd(prodText)
        ? await this.productCache.get(String(id), () => this.loadProduct(id))
        : undefined;
    if (!shared || shared.productInfo.prod !== prodText) {
      throw notFound(`No product "${idText}" among ${prodText}`);
    }
    if (!bag) return shared;
    const productId = shared.productInfo.id;
    const [units, wished, usualSize] = await Promise.all([
      store.bagUnits(this.db, bag, productId),
      store.wishedAmong(this.db, bag, [productId]),
      this.usualSize(bag, shared.productInfo),
    ]);
    return {
      ...shared,
      addToCart: units > 0 ? [{ quantity: units }] : [],
      wishStatus: [{ wished: wished.has(productId) ? 'Y' : 'N' }],
      loggedin: 'customerId' in bag,
      usualSize,
    };
  }

  /** The size a customer usually buys of the product's segment and genre; null for a visitor or accessories. */
  private async usualSize(bag: BagOwner, info: ProductInfo): Promise<string | null> {
    if (!('customerId' in bag) || info.prod !== 'apparel') return null;
    return (await store.usualSize(this.db, bag.customerId, info)) ?? null;
  }

  /** These products' cards in the order asked; an id with no product is left out. */
  async productCards(ids: readonly number[]): Promise<ProductCards> {
    const live = this.sales.current();
    return { prods: (await this.cards(ids)).map((row) => listingCard(row, live)) };
  }

  /**
   * Up to 12 products like this one: same prod, segment and genre, priced within 30% of it (the nearest
   * first), on sale and in stock, none of its colours. Undefined when there is no such product.
   */
  similar(productId: number): Promise<ProductCards | undefined> {
    return this.similarCache.get(String(productId), async () => {
      const product = await store.findProduct(this.db, productId);
      if (!product) return undefined;
      const price = product.current_price_paise;
      const range = [
        Math.floor(price * (1 - SIMILAR_PRICE_SHARE)),
        Math.ceil(price * (1 + SIMILAR_PRICE_SHARE)),
      ] as const;
      const like = {
        prod: product.prod,
        userSegment: product.user_segment,
        genre: product.genre,
        childKey: product.child_key,
        pricePaise: price,
      };
      return this.productCards(await store.similarProducts(this.db, like, range, PRODUCT_ROW_SIZE));
    });
  }

  /** The home page's rows: the newest products on sale and the best rated, each with its listing. */
  async highlights(): Promise<HighlightsResponse> {
    const { newest, best } = await this.highlightsCache.get('highlights', async () => {
      const [newest, best] = await Promise.all([
        store.newestProducts(this.db, PRODUCT_ROW_SIZE),
        store.bestRatedProducts(this.db, PRODUCT_ROW_SIZE),
      ]);
      return { newest, best };
    });
    const [newArrivals, topRated] = await Promise.all([this.highlightRow(newest), this.highlightRow(best)]);
    return { newArrivals, topRated };
  }

  private async highlightRow(products: store.RowProduct[]): Promise<HighlightRow> {
    const { prods } = await this.productCards(products.map((p) => p.id));
    const first = products[0];
    const listing: HighlightRow['listing'] =
      first === undefined
        ? null
        : first.prod === 'accessories'
          ? { prod: 'accessories' }
          : { prod: 'apparel', userSegment: first.userSegment, genre: first.genre };
    return { prods, listing };
  }

  async siblingInColour(prodText: string, childKey: string, color: string): Promise<number> {
    const id = isProd(prodText) ? await store.siblingInColour(this.db, prodText, childKey, color) : undefined;
    if (id === undefined) throw notFound(`No product of "${childKey}" in colour "${color}"`);
    return id;
  }

  /** The ids among these cards that the shopper has wished; accessories carry no wish mark. */
  private async wishedAmong(prods: ListingProduct[], bag: BagOwner | undefined): Promise<Set<number>> {
    const apparel = prods.filter((p) => p.prod === 'apparel').map((p) => p.id);
    if (!bag || apparel.length === 0) return new Set();
    return store.wishedAmong(this.db, bag, apparel);
  }

  private async loadProduct(id: number): Promise<ProductResponse | undefined> {
    const live = this.sales.current();
    const product = await store.findProduct(this.db, id);
    if (!product) return undefined;
    const [sizes, review, ratings, colorInfo, sizeChart, fits] = await Promise.all([
      this.inventory.sizes(this.db, id),
      store.productReviews(this.db, id, REVIEWS_SHOWN),
      store.ratingCounts(this.db, id),
      store.colourSiblings(this.db, product.child_key),
      this.sizeCharts.forProduct(this.db, product),
      product.prod === 'apparel' ? store.fitCounts(this.db, product.child_key) : [],
    ]);
    const rating = [5, 4, 3, 2, 1].map((stars) => ({
      rating: stars,
      ratingCount: ratings.find((r) => r.rating === stars)?.count ?? 0,
    }));
    return {
      productInfo: productInfo(product, sizes, live),
      review,
      rating,
      colorInfo,
      sizeChart,
      addToCart: [],
      wishStatus: [{ wished: 'N' }],
      loggedin: false,
      fit: fitSplit(fits),
      usualSize: null,
    };
  }
}

/**
 * The fit answers as whole percents adding up to exactly 100, shared by largest remainder (apportion, ties
 * in FIT_ANSWERS' order). Null under FIT_MIN_ANSWERS answers.
 */
function fitSplit(counts: readonly { fit: FitAnswer | null; count: number | string }[]): FitSplit {
  const answered = FIT_ANSWER_CODES.map((fit) => Number(counts.find((c) => c.fit === fit)?.count ?? 0));
  const answers = answered.reduce((sum, n) => sum + n, 0);
  if (answers < FIT_MIN_ANSWERS) return null;
  // apportion shares no more than its weights add up to: counted in hundredths, they always cover 100
  const [small = 0, fitsTrue = 0, large = 0] = apportion(
    100,
    answered.map((n) => n * 100),
  );
  return { small, true: fitsTrue, large, answers };
}

/**
 * A product row's prices as shoppers see them now: its own, or its best live sale's (offers/); the sale
 * itself as the terms that priced it (only the product page names it).
 */
function priced(row: ProductPriceRow, live: LiveSales) {
  const { pricePaise, discount, sale } = live.priceOf(row);
  return { currentPrice: rupees(pricePaise), oldPrice: rupees(row.old_price_paise), discount, sale };
}

/** The product page's prices, with `sale: {title, endsAt}` while a sale prices it (null otherwise). */
function pricedWithSale(row: ProductPriceRow, live: LiveSales) {
  const { sale, ...prices } = priced(row, live);
  return { ...prices, sale: sale ? { title: sale.title, endsAt: indiaTime(new Date(sale.endsAt)) } : null };
}

function listingCard(row: CardRow, live: LiveSales): ListingProduct {
  const { currentPrice, oldPrice, discount } = priced(row, live);
  return {
    id: row.id,
    name: row.name,
    source: row.source,
    prod: row.prod,
    currentPrice,
    oldPrice,
    discount,
    photo1: row.photo1,
    ...(row.prod === 'apparel' && { size: row.size ?? '', wished: 'N' as const }),
  };
}

/**
 * Every value of the unfiltered result with its count (features in filterFeature's order, then every
 * price bucket and discount step); nothing when the scope has no products at all.
 */
function filterCounts(counts: Map<string, Map<string, number>>): FilterCounts {
  if (counts.size === 0) return {};
  const features = groupFacets(
    [...counts]
      .filter(([feature]) => !isRange(feature))
      .flatMap(([feature, values]) => [...values.keys()].map((value) => ({ feature, value }))),
  );
  const listed: [string, readonly string[]][] = [
    ...features.flatMap((group) => Object.entries(group)),
    [PRICE_FILTER, PRICE_BUCKETS],
    [DISCOUNT_FILTER, DISCOUNT_STEPS],
  ];
  return Object.fromEntries(
    listed.map(([feature, values]) => [
      feature,
      Object.fromEntries(values.map((value) => [value, counts.get(feature)?.get(value) ?? 0])),
    ]),
  );
}

/**
 * Segments whose name holds every query word, and genres whose segment and genre hold every query word
 * with at least one in the genre's name; the biggest first, six at most.
 */
function matchingGroups(
  groups: { userSegment: string; genre: string; count: number }[],
  terms: SearchTerms,
): Pick<SuggestResponse, 'segments' | 'genres'> {
  const holds = (text: string, spellings: string[]) => {
    const words = new Set(foldText(text).split(' '));
    return spellings.some((s) => words.has(s));
  };
  const everyWord = (text: string) => terms.words.every((w) => holds(text, w.spellings));
  const segments = new Map<string, number>();
  for (const g of groups) segments.set(g.userSegment, (segments.get(g.userSegment) ?? 0) + g.count);
  const name = (g: { userSegment: string; genre?: string }) => `${g.userSegment} ${g.genre ?? ''}`;
  const biggest = <T extends { userSegment: string; genre?: string; count: number }>(items: T[]) =>
    items.sort((a, b) => b.count - a.count || name(a).localeCompare(name(b))).slice(0, SUGGESTED_GROUPS);
  return {
    segments: biggest(
      [...segments]
        .filter(([name]) => everyWord(name))
        .map(([userSegment, count]) => ({ userSegment, count })),
    ),
    genres: biggest(
      groups
        .filter((g) => everyWord(name(g)) && terms.words.some((w) => holds(g.genre, w.spellings)))
        .map(({ userSegment, genre, count }) => ({ userSegment, genre, count })),
    ),
  };
}

type ProductRow = NonNullable<Awaited<ReturnType<typeof store.findProduct>>>;

function productInfo(product: ProductRow, sizes: SizeAvailability[], live: LiveSales): ProductInfo {
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
    held: sizes.flatMap(({ size, held }) =>
      held ? [{ size, units: held.units, until: held.until.toISOString() }] : [],
    ),
    active: product.active ? 'In stock' : 'Currently unavailable',
    ...pricedWithSale(product, live),
    returnable: yesNo(product.returnable),
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
