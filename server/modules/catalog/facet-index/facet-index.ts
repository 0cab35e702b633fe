/**
 * The catalogue's listings and searches answered from memory (decision 020): which products match, how
 * many, each filter value's count under the faceted rule, and the ids of one page in order. Only the
 * page's cards are then read from the database.
 *
 * Products live in shards: one per apparel segment and genre, one for all accessories (the listings'
 * scopes; a search reads every shard). A shard numbers its products 0, 1, 2, … (ordinals) and keeps one
 * bitset of ordinals per feature value, price bucket and discount step, so a count is an AND and a
 * population count over the shard's words, whatever the number of matches. Prices, discounts and dates
 * are typed arrays; each sort is a permutation of the ordinals, made when first asked for. A search's
 * words are posting lists of ordinals. A changed product is appended afresh and its old ordinal turned
 * off, so ordinals never move.
 *
 * Prices and discounts are the current ones, as of the live sales (issue 28): each product keeps its own
 * price and MRP, and a change of the sales prices it again, moving only the products whose price moves
 * between the price buckets' and discount steps' bitsets.
 */
import type { Prod, SelectedFilters, SortCode } from '../../../../contract/catalog.ts';
// the plain constants, not the schemas: the index's thread loads no more than it needs
import {
  DISCOUNT_FILTER,
  DISCOUNT_STEPS,
  PRICE_BUCKETS,
  PRICE_FILTER,
} from '../../../../contract/catalog-constants.ts';
import { LiveSales, NO_SALES, type SalePrice, type SaleTerms } from '../../offers/sale-price.ts';
import { paiseBetween, parseDiscount, parsePriceRange } from '../ranges.ts';
import type { SearchTerms } from '../search.ts';
import type { ListingScope } from '../store.ts';

/** A product as the index keeps it (see store.indexRows). */
export interface IndexedProduct {
  id: number;
  prod: Prod;
  userSegment: string;
  genre: string;
  features: Record<string, unknown>;
  /** its own price, before any sale */
  pricePaise: number;
  /** its MRP (products.old_price_paise): the discount is worked out from it */
  oldPricePaise: number;
  sellerId: number;
  launchedAt: number;
  createdAt: number;
  active: boolean;
  /** the folded words a search matches (products.search_terms) */
  terms: string[];
  /** the folded words of the name, for relevance */
  nameWords: string[];
  /** the transaction that last wrote the row (migration 013), null before any */
  revision: number | null;
}

/** Product ids and a figure of each, as they travel to the index's thread (typed arrays copy fast). */
export interface Figures {
  ids: Int32Array;
  values: Float64Array;
}

/** Units sold in the popularity window and average ratings (sort 3). */
export interface PopularityFigures {
  units: Figures;
  rating: Figures;
}

/** The same figures by product id, as the sorts read them. */
interface Popularity {
  units: Map<number, number>;
  rating: Map<number, number>;
}

const NO_POPULARITY: Popularity = { units: new Map(), rating: new Map() };

export interface FacetQuery {
  scope: ListingScope;
  filters: SelectedFilters;
  sort: SortCode;
  offset: number;
  limit: number;
  /** false: only the page's ids and the total (suggestions) */
  counts: boolean;
}

export interface FacetAnswer {
  total: number;
  /** feature values among the matches (features only) */
  inResult: { feature: string; value: string }[];
  /** every value of the unfiltered scope with its count under the other features' choices */
  counts: Map<string, Map<string, number>>;
  ids: number[];
}

const RANGES = new Set([PRICE_FILTER, DISCOUNT_FILTER]);
const BUCKET_PAISE = PRICE_BUCKETS.map(
  (bucket) => [bucket, ...paiseBetween(parsePriceRange(bucket) ?? { min: 0, max: 0 })] as const,
);
const TOP_BUCKET_PAISE = Math.max(...BUCKET_PAISE.map(([, , high]) => high));
const STEPS = DISCOUNT_STEPS.map((step) => [step, Number(step)] as const);
// every shard numbers the price buckets' slots first, then the discount steps' (see Shard's constructor)
const FIRST_STEP_SLOT = PRICE_BUCKETS.length;
/** How many discount steps a discount reaches (the steps ascend). */
function stepsReached(discount: number): number {
  let j = 0;
  while (j < STEPS.length && discount >= (STEPS[j] as (typeof STEPS)[number])[1]) j++;
  return j;
}
/** the sorts that read the current price or discount: made again when a sale moves them */
const PRICED_SORTS: ReadonlySet<SortCode> = new Set([1, 2, 5]);
const INITIAL_CAPACITY = 64;

// Bitsets: Uint32Array words, ordinal i at word i >>> 5, bit i & 31 ------------------------------------

const wordsFor = (size: number) => (size + 31) >>> 5;
const setBit = (bits: Uint32Array, i: number) => {
  bits[i >>> 5] = (bits[i >>> 5] as number) | (1 << (i & 31));
};
const setBitTo = (bits: Uint32Array, i: number, on: boolean) => {
  bits[i >>> 5] = on
    ? (bits[i >>> 5] as number) | (1 << (i & 31))
    : (bits[i >>> 5] as number) & ~(1 << (i & 31));
};
const has = (bits: Uint32Array, i: number) => ((bits[i >>> 5] ?? 0) & (1 << (i & 31))) !== 0;

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

function countAnd(a: Uint32Array, b: Uint32Array, words: number): number {
  let count = 0;
  for (let i = 0; i < words; i++) {
    const w = (a[i] as number) & (b[i] as number);
    if (w !== 0) count += popcount(w);
  }
  return count;
}

function anyAnd(a: Uint32Array, b: Uint32Array, words: number): boolean {
  for (let i = 0; i < words; i++) if (((a[i] as number) & (b[i] as number)) !== 0) return true;
  return false;
}

function andInto(target: Uint32Array, other: Uint32Array, words: number): void {
  for (let i = 0; i < words; i++) target[i] = (target[i] as number) & (other[i] as number);
}

/** Calls `visit` with each ordinal in the bitset, ascending. */
function forEachBit(bits: Uint32Array, words: number, visit: (ordinal: number) => void): void {
  for (let i = 0; i < words; i++) {
    let w = bits[i] as number;
    while (w !== 0) {
      const bit = w & -w;
      w ^= bit;
      visit((i << 5) + (31 - Math.clz32(bit)));
    }
  }
}

/** Whether `test` holds for some ordinal in the bitset (asked in ascending order, until it does). */
function someBit(bits: Uint32Array, words: number, test: (ordinal: number) => boolean): boolean {
  for (let i = 0; i < words; i++) {
    let w = bits[i] as number;
    while (w !== 0) {
      const bit = w & -w;
      w ^= bit;
      if (test((i << 5) + (31 - Math.clz32(bit)))) return true;
    }
  }
  return false;
}

/** Scratch bitsets reused from one query to the next (a query runs start to end without awaiting). */
class Scratch {
  private readonly buffers: Uint32Array[] = [];
  private used = 0;

  reset(): void {
    this.used = 0;
  }

  /** A zeroed bitset of `words` words, valid until the next reset. */
  take(words: number): Uint32Array {
    let buffer = this.buffers[this.used];
    if (!buffer || buffer.length < words) {
      buffer = new Uint32Array(Math.max(words, buffer?.length ?? 0) * 2);
      this.buffers[this.used] = buffer;
    }
    this.used++;
    const view = buffer.subarray(0, words);
    view.fill(0);
    return view;
  }

  copy(source: Uint32Array, words: number): Uint32Array {
    const view = this.take(words);
    view.set(source.subarray(0, words));
    return view;
  }
}

/**
 * A growing list of ordinals, ascending (ordinals are only ever appended). A list holding at least one
 * ordinal in 32 is also kept as a bitset, ORed word by word: a search's prefix or a common word unites
 * lists of thousands of products, which set bit by bit were most of a suggestion's time.
 */
class Postings {
  data = new Int32Array(4);
  length = 0;
  /** the first `denseUpTo` ordinals as a bitset, made on first use and brought up to date on each */
  private dense: Uint32Array | undefined;
  private denseUpTo = 0;

  push(ordinal: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = ordinal;
  }

  trim(): void {
    this.data = this.data.slice(0, this.length);
  }

  /** Sets the list's ordinals in `bits`, which spans every ordinal of the shard. */
  orInto(bits: Uint32Array): void {
    if (this.length < bits.length) {
      for (let i = 0; i < this.length; i++) setBit(bits, this.data[i] as number);
      return;
    }
    const dense = this.denseBits();
    const words = Math.min(dense.length, bits.length);
    for (let i = 0; i < words; i++) bits[i] = (bits[i] as number) | (dense[i] as number);
  }

  private denseBits(): Uint32Array {
    const words = wordsFor((this.data[this.length - 1] as number) + 1);
    if (!this.dense || this.dense.length < words) {
      // with room, as the list grows with its shard
      const grown = new Uint32Array(words + (words >>> 1));
      if (this.dense) grown.set(this.dense);
      this.dense = grown;
    }
    for (; this.denseUpTo < this.length; this.denseUpTo++)
      setBit(this.dense, this.data[this.denseUpTo] as number);
    return this.dense;
  }

  /** Each ordinal renumbered by `map`, those mapped to -1 dropped (the map keeps the order). */
  renumber(map: Int32Array): void {
    this.dense = undefined;
    this.denseUpTo = 0;
    let kept = 0;
    for (let i = 0; i < this.length; i++) {
      const ordinal = map[this.data[i] as number] as number;
      if (ordinal >= 0) this.data[kept++] = ordinal;
    }
    this.length = kept;
  }
}

/** Tallies the index keeps for listings' masks: some 100 counts each, under 1 kB with its key (20 MB at most). */
const KEPT_TALLIES = 32_768;

/** A slot number per feature value of a shard; beyond this many, the per-product lists take 32 bits. */
const NARROW_SLOTS = 0xffff;

/**
 * One scope's products. Each feature value (price buckets and discount steps too) is a numbered slot
 * with a bitset of the ordinals holding it; each ordinal also lists its features' slots (its bucket and
 * steps follow from its current price and discount, which a sale changes), so that a query with few
 * matches counts them product by product rather than value by value over the whole shard.
 */
class Shard {
  size = 0;
  /** bumped by every append, switch or compaction: the sorts and tallies made before are stale */
  version = 0;
  /** bumped when sales change some current price: the price sorts and the tallies made before are stale */
  pricing = 0;
  /** ordinals whose product was written again since (or moved to another shard) */
  retired: Uint32Array;
  dead = 0;
  ids: Int32Array;
  /** the product's own price and MRP, and its seller (what a sale's scope may name) */
  ownPrice: Int32Array;
  oldPrice: Int32Array;
  seller: Int32Array;
  /** the current price and discount, as of the live sales */
  price: Int32Array;
  discount: Uint8Array;
  /** the current price's bucket (its index in PRICE_BUCKETS), -1 for none */
  bucket: Int8Array;
  /**
   * counts a product-by-product tally makes for the products' buckets and steps (one each at most: see
   * tally), for its choice between counting product by product or value by value
   */
  private ranged = 0;
  launched: Float64Array;
  created: Float64Array;
  revision: Float64Array;
  /** distinct words of the name, for an exact-name match */
  nameCount: Uint8Array;
  active: Uint32Array;
  /** feature -> value -> slot; price buckets and discount steps as features too */
  readonly facets = new Map<string, Map<string, number>>();
  /** per slot, the ordinals holding its value */
  readonly slotBits: Uint32Array[] = [];
  /** ordinal o's slots are slotList[slotStart[o]] up to slotList[slotStart[o + 1]] */
  slotStart: Int32Array;
  slotList: Uint16Array | Uint32Array = new Uint16Array(INITIAL_CAPACITY);
  listed = 0;
  readonly terms = new Map<string, Postings>();
  readonly names = new Map<string, Postings>();
  private readonly orders = new Map<
    SortCode,
    { version: number; pricing: number; popularity?: Popularity; perm: Int32Array }
  >();
  private newest: { version: number; perm: Int32Array } | undefined;
  private popular:
    | { version: number; popularity: Popularity; units: Float64Array; rating: Float64Array }
    | undefined;

  /** its key among the index's shards (shardKey) */
  readonly key: string;

  constructor(
    readonly prod: Prod,
    readonly userSegment: string,
    readonly genre: string,
    private capacity = INITIAL_CAPACITY,
  ) {
    this.key = shardKey(prod, prod === 'apparel' ? { userSegment, genre } : undefined);
    this.ids = new Int32Array(capacity);
    this.ownPrice = new Int32Array(capacity);
    this.oldPrice = new Int32Array(capacity);
    this.seller = new Int32Array(capacity);
    this.price = new Int32Array(capacity);
    this.discount = new Uint8Array(capacity);
    this.bucket = new Int8Array(capacity);
    this.launched = new Float64Array(capacity);
    this.created = new Float64Array(capacity);
    this.revision = new Float64Array(capacity);
    this.nameCount = new Uint8Array(capacity);
    this.active = new Uint32Array(wordsFor(capacity));
    this.retired = new Uint32Array(wordsFor(capacity));
    this.slotStart = new Int32Array(capacity + 1);
    for (const bucket of PRICE_BUCKETS) this.slot(PRICE_FILTER, bucket);
    for (const step of DISCOUNT_STEPS) this.slot(DISCOUNT_FILTER, step);
  }

  get words(): number {
    return wordsFor(this.size);
  }

  /** Adds the product at its price now (`priced`: as the live sales make it). */
  append(p: IndexedProduct, priced: SalePrice): number {
    if (this.size === this.capacity) this.resize(this.capacity * 2);
    const o = this.size++;
    this.ids[o] = p.id;
    this.ownPrice[o] = p.pricePaise;
    this.oldPrice[o] = p.oldPricePaise;
    this.seller[o] = p.sellerId;
    this.launched[o] = p.launchedAt;
    this.created[o] = p.createdAt;
    this.revision[o] = p.revision ?? -1;
    this.nameCount[o] = Math.min(255, new Set(p.nameWords).size);
    for (const feature in p.features) {
      const values = p.features[feature];
      if (RANGES.has(feature) || !Array.isArray(values)) continue;
      for (const value of values) this.mark(this.slot(feature, String(value)), o);
    }
    this.slotStart[o + 1] = this.listed;
    this.setPrice(o, priced);
    addPostings(this.terms, p.terms, o);
    addPostings(this.names, p.nameWords, o);
    this.switch(o, p.active);
    return o;
  }

  switch(o: number, on: boolean): void {
    if (on) setBit(this.active, o);
    else this.active[o >>> 5] = (this.active[o >>> 5] as number) & ~(1 << (o & 31));
    this.version++;
  }

  /** The ordinal's product was written again, or moved: it is off for good, and compaction drops it. */
  retire(o: number): void {
    this.switch(o, false);
    setBit(this.retired, o);
    this.dead++;
  }

  /**
   * Prices every product again as the sales make it; only the products whose price or discount moves
   * are touched. Answers how many moved.
   */
  reprice(sales: LiveSales): number {
    // one object for every product asked about: the shard's products share prod, segment and genre (the
    // accessories' shard has neither, and a scope looks at neither for an accessory)
    const product = { id: 0, prod: this.prod, userSegment: this.userSegment, genre: this.genre, sellerId: 0 };
    let moved = 0;
    for (let o = 0; o < this.size; o++) {
      // a retired ordinal is off for good: its price is never seen
      if (has(this.retired, o)) continue;
      product.id = this.ids[o] as number;
      product.sellerId = this.seller[o] as number;
      const priced = sales.price(product, this.ownPrice[o] as number, this.oldPrice[o] as number);
      if (priced.pricePaise === this.price[o] && priced.discount === this.discount[o]) continue;
      this.markRange(o, false);
      this.setPrice(o, priced);
      moved++;
    }
    if (moved > 0) this.pricing++;
    return moved;
  }

  /** Sets the ordinal's current price and discount, and its bucket's and steps' bits. */
  private setPrice(o: number, { pricePaise, discount }: SalePrice): void {
    this.price[o] = pricePaise;
    this.discount[o] = discount;
    this.bucket[o] = BUCKET_PAISE.findIndex(([, low, high]) => pricePaise >= low && pricePaise <= high);
    this.markRange(o, true);
  }

  /** Sets (or clears) the bits of the ordinal's bucket and discount steps, as its current price has them. */
  private markRange(o: number, on: boolean): void {
    const bucket = this.bucket[o] as number;
    const steps = stepsReached(this.discount[o] as number);
    if (bucket >= 0) setBitTo(this.slotBits[bucket] as Uint32Array, o, on);
    for (let j = 0; j < steps; j++) setBitTo(this.slotBits[FIRST_STEP_SLOT + j] as Uint32Array, o, on);
    this.ranged += (on ? 1 : -1) * ((bucket >= 0 ? 1 : 0) + (steps > 0 ? 1 : 0));
  }

  /** More retired ordinals than live ones: time to compact (each compaction pays for as many writes). */
  get wasteful(): boolean {
    return this.dead * 2 > this.size;
  }

  /**
   * Drops the retired ordinals, renumbering the others in order (so every sort's ties stay put). Each
   * column moves down in place; the owner then finds each product at its new ordinal.
   */
  compact(): void {
    // old ordinal -> new, -1: dropped
    const map = new Int32Array(this.size).fill(-1);
    let size = 0;
    for (let o = 0; o < this.size; o++) if (!has(this.retired, o)) map[o] = size++;
    const active = new Uint32Array(this.active.length);
    let listed = 0;
    let start = 0;
    for (let o = 0; o < this.size; o++) {
      const end = this.slotStart[o + 1] as number;
      const to = map[o] as number;
      if (to >= 0) {
        this.ids[to] = this.ids[o] as number;
        this.ownPrice[to] = this.ownPrice[o] as number;
        this.oldPrice[to] = this.oldPrice[o] as number;
        this.seller[to] = this.seller[o] as number;
        this.price[to] = this.price[o] as number;
        this.discount[to] = this.discount[o] as number;
        this.bucket[to] = this.bucket[o] as number;
        this.launched[to] = this.launched[o] as number;
        this.created[to] = this.created[o] as number;
        this.revision[to] = this.revision[o] as number;
        this.nameCount[to] = this.nameCount[o] as number;
        if (has(this.active, o)) setBit(active, to);
        this.slotStart[to] = listed;
        this.slotList.copyWithin(listed, start, end);
        listed += end - start;
      }
      start = end;
    }
    this.slotStart[size] = listed;
    this.size = size;
    this.listed = listed;
    this.active = active;
    this.retired = new Uint32Array(active.length);
    this.dead = 0;
    for (const bits of this.slotBits) bits.fill(0);
    this.ranged = 0;
    for (let o = 0; o < size; o++) {
      const end = this.slotStart[o + 1] as number;
      for (let at = this.slotStart[o] as number; at < end; at++) {
        setBit(this.slotBits[this.slotList[at] as number] as Uint32Array, o);
      }
      this.markRange(o, true);
    }
    for (const postings of [this.terms, this.names]) {
      for (const [word, list] of postings) {
        list.renumber(map);
        if (list.length === 0) postings.delete(word);
      }
    }
    this.version++;
  }

  /** The ordinal holds the slot's value (a value listed twice counts once). */
  private mark(slot: number, o: number): void {
    const bits = this.slotBits[slot] as Uint32Array;
    if (has(bits, o)) return;
    setBit(bits, o);
    if (this.listed === this.slotList.length) this.slotList = grow(this.slotList, this.listed * 2);
    this.slotList[this.listed++] = slot;
  }

  /** Drops the room kept for growth (after the first full read). */
  trim(): void {
    this.resize(Math.max(this.size, 1));
    this.slotList = grow(this.slotList, Math.max(this.listed, 1));
    for (const postings of [...this.terms.values(), ...this.names.values()]) postings.trim();
  }

  /**
   * The shard's ordinals in a sort's order, made again after a change (for the price and discount
   * sorts, a change of price too; for popularity, new figures).
   */
  order(sort: SortCode, popularity: Popularity): Int32Array {
    const kept = this.orders.get(sort);
    if (
      kept &&
      kept.version === this.version &&
      (!PRICED_SORTS.has(sort) || kept.pricing === this.pricing) &&
      (sort !== 3 || kept.popularity === popularity)
    ) {
      return kept.perm;
    }
    const perm = this.pricedOrder(sort) ?? this.comparedOrder(sort, popularity);
    this.orders.set(sort, { version: this.version, pricing: this.pricing, popularity, perm });
    return perm;
  }

  private comparedOrder(sort: SortCode, popularity: Popularity): Int32Array {
    const compare = comparator(sort, popularity);
    const perm = new Int32Array(this.size);
    for (let i = 0; i < perm.length; i++) perm[i] = i;
    perm.sort((a, b) => compare(this, a, this, b));
    return perm;
  }

  /**
   * A price or discount sort's order (as comparator() has it) by a radix sort, without a comparator: a
   * sale's start makes these orders again for the whole catalogue at once, and three comparator sorts
   * of a million products kept the index busy for seconds. The ordinals in ascending id order, sorted
   * stably by the column, are sort 1's order; sorts 2 and 5 (descending, the higher id first) are the
   * ascending order backwards.
   */
  private pricedOrder(sort: SortCode): Int32Array | undefined {
    if (!PRICED_SORTS.has(sort)) return undefined;
    const ascending = sortedBy(
      sort === 5 ? this.discount : this.price,
      this.size,
      reversed(this.newestFirst()),
    );
    return sort === 1 ? ascending : reversed(ascending);
  }

  /** Makes again the price and discount sorts it had made (after new prices: no shopper waits for them). */
  reorderPriced(popularity: Popularity): void {
    for (const sort of PRICED_SORTS) if (this.orders.has(sort)) this.order(sort, popularity);
  }

  /**
   * Each ordinal's units sold and average rating (-1: none), looked up once per shard and set of figures:
   * sort 3 compares them n log n times, and a lookup by id at each comparison made sorting a million
   * products take seconds.
   */
  figures(popularity: Popularity): { units: Float64Array; rating: Float64Array } {
    if (this.popular?.version !== this.version || this.popular.popularity !== popularity) {
      const units = new Float64Array(this.size);
      const rating = new Float64Array(this.size);
      for (let o = 0; o < this.size; o++) {
        const id = this.ids[o] as number;
        units[o] = popularity.units.get(id) ?? 0;
        rating[o] = popularity.rating.get(id) ?? -1;
      }
      this.popular = { version: this.version, popularity, units, rating };
    }
    return this.popular;
  }

  /** The shard's ordinals, highest id first (a search's order among equal scores), made again after a change. */
  newestFirst(): Int32Array {
    if (this.newest?.version !== this.version) {
      const ordinals = new Int32Array(this.size);
      for (let o = 0; o < ordinals.length; o++) ordinals[o] = o;
      this.newest = { version: this.version, perm: reversed(sortedBy(this.ids, this.size, ordinals)) };
    }
    return this.newest.perm;
  }

  /** The value's bitset, if any product of the shard ever held it. */
  bits(feature: string, value: string): Uint32Array | undefined {
    const slot = this.facets.get(feature)?.get(value);
    return slot === undefined ? undefined : this.slotBits[slot];
  }

  private slot(feature: string, value: string): number {
    let values = this.facets.get(feature);
    if (!values) {
      values = new Map();
      this.facets.set(feature, values);
    }
    let slot = values.get(value);
    if (slot === undefined) {
      slot = this.slotBits.length;
      this.slotBits.push(new Uint32Array(wordsFor(this.capacity)));
      values.set(value, slot);
      if (slot > NARROW_SLOTS && this.slotList instanceof Uint16Array) {
        this.slotList = Uint32Array.from(this.slotList);
      }
    }
    return slot;
  }

  /**
   * How many of the ordinals in `source` hold each slot, for `slots` (all when undefined; the others
   * are left 0): product by product when that is less work, else word by word, each of the source's
   * non-empty words ANDed with every slot's.
   */
  tally(source: Uint32Array, slots?: number[]): Int32Array {
    const words = this.words;
    const counts = new Int32Array(this.slotBits.length);
    const wanted = slots ?? [...this.slotBits.keys()];
    let matches = 0;
    let filled = 0;
    for (let i = 0; i < words; i++) {
      const w = source[i] as number;
      if (w !== 0) {
        matches += popcount(w);
        filled++;
      }
    }
    const perProduct = this.size === 0 ? 0 : (this.listed + this.ranged) / this.size;
    if (matches * perProduct < filled * wanted.length) {
      const { slotStart, slotList, bucket, discount } = this;
      // forEachBit's walk written out: the hottest loop of an uncached listing (a fifth faster so, timed alone)
      for (let i = 0; i < words; i++) {
        let w = source[i] as number;
        while (w !== 0) {
          const bit = w & -w;
          w ^= bit;
          const o = (i << 5) + (31 - Math.clz32(bit));
          const end = slotStart[o + 1] as number;
          for (let at = slotStart[o] as number; at < end; at++) {
            const slot = slotList[at] as number;
            counts[slot] = (counts[slot] as number) + 1;
          }
          // the price bucket's slot is its index; the steps' follow, each product counted at its highest
          // step only (a sale's deeper discounts add no work), and the lower steps summed up after
          const b = bucket[o] as number;
          if (b >= 0) counts[b] = (counts[b] as number) + 1;
          const steps = stepsReached(discount[o] as number);
          if (steps > 0)
            counts[FIRST_STEP_SLOT + steps - 1] = (counts[FIRST_STEP_SLOT + steps - 1] as number) + 1;
        }
      }
      for (let j = FIRST_STEP_SLOT + STEPS.length - 2; j >= FIRST_STEP_SLOT; j--) {
        counts[j] = (counts[j] as number) + (counts[j + 1] as number);
      }
      return counts;
    }
    const bitsets = wanted.map((slot) => this.slotBits[slot] as Uint32Array);
    for (let i = 0; i < words; i++) {
      const w = source[i] as number;
      if (w === 0) continue;
      for (let j = 0; j < bitsets.length; j++) {
        const both = ((bitsets[j] as Uint32Array)[i] as number) & w;
        if (both !== 0) {
          const slot = wanted[j] as number;
          counts[slot] = (counts[slot] as number) + popcount(both);
        }
      }
    }
    return counts;
  }

  private resize(capacity: number): void {
    this.capacity = capacity;
    this.ids = grow(this.ids, capacity);
    this.ownPrice = grow(this.ownPrice, capacity);
    this.oldPrice = grow(this.oldPrice, capacity);
    this.seller = grow(this.seller, capacity);
    this.price = grow(this.price, capacity);
    this.discount = grow(this.discount, capacity);
    this.bucket = grow(this.bucket, capacity);
    this.launched = grow(this.launched, capacity);
    this.created = grow(this.created, capacity);
    this.revision = grow(this.revision, capacity);
    this.nameCount = grow(this.nameCount, capacity);
    this.active = grow(this.active, wordsFor(capacity));
    this.retired = grow(this.retired, wordsFor(capacity));
    this.slotStart = grow(this.slotStart, capacity + 1);
    for (let slot = 0; slot < this.slotBits.length; slot++) {
      this.slotBits[slot] = grow(this.slotBits[slot] as Uint32Array, wordsFor(capacity));
    }
  }
}

/** A copy of the array at a new length: cut, or zero-filled. */
function grow<T extends Int32Array | Int8Array | Uint8Array | Uint16Array | Float64Array | Uint32Array>(
  array: T,
  length: number,
): T {
  const next = new (array.constructor as new (n: number) => T)(length);
  next.set(array.subarray(0, Math.min(array.length, length)));
  return next;
}

/**
 * The ordinals of `order` sorted by the column's values (integers from 0 to 2^31, of the first `size`
 * ordinals), ascending; equal values keep their order in `order`. A radix sort, 16 bits a pass (one
 * pass when every value is below 2^16), so a million ordinals take milliseconds. `order` is written
 * over.
 */
function sortedBy(column: Int32Array | Uint8Array, size: number, order: Int32Array): Int32Array {
  let max = 0;
  for (let o = 0; o < size; o++) max = Math.max(max, column[o] as number);
  let from: Int32Array = order;
  let to: Int32Array = new Int32Array(order.length);
  for (let shift = 0; shift < 32 && (shift === 0 || max >>> shift > 0); shift += 16) {
    const starts = new Int32Array(0x10001);
    for (let i = 0; i < from.length; i++) {
      const digit = ((column[from[i] as number] as number) >>> shift) & 0xffff;
      starts[digit + 1] = (starts[digit + 1] as number) + 1;
    }
    for (let d = 1; d <= 0x10000; d++) starts[d] = (starts[d] as number) + (starts[d - 1] as number);
    for (let i = 0; i < from.length; i++) {
      const o = from[i] as number;
      const digit = ((column[o] as number) >>> shift) & 0xffff;
      to[starts[digit] as number] = o;
      starts[digit] = (starts[digit] as number) + 1;
    }
    [from, to] = [to, from];
  }
  return from;
}

/** A copy, last first. */
function reversed(order: Int32Array): Int32Array {
  return Int32Array.from(order).reverse();
}

/** The ordinal once in each word's list (a word may be written twice). */
function addPostings(map: Map<string, Postings>, words: string[], o: number): void {
  for (const word of words) {
    let list = map.get(word);
    if (!list) {
      list = new Postings();
      map.set(word, list);
    }
    if (list.length === 0 || list.data[list.length - 1] !== o) list.push(o);
  }
}

type Compare = (sa: Shard, a: number, sb: Shard, b: number) => number;

/** Each sort's order (design.md, "Discovery"), ending on the id: descending, or ascending for sort 1. */
function comparator(sort: SortCode, popularity: Popularity): Compare {
  const byId: Compare = (sa, a, sb, b) => (sb.ids[b] as number) - (sa.ids[a] as number);
  const descending =
    (column: (s: Shard, o: number) => number): Compare =>
    (sa, a, sb, b) =>
      column(sb, b) - column(sa, a) || byId(sa, a, sb, b);
  switch (sort) {
    case 0:
      return descending((s, o) => s.launched[o] as number);
    case 1:
      return (sa, a, sb, b) =>
        (sa.price[a] as number) - (sb.price[b] as number) || (sa.ids[a] as number) - (sb.ids[b] as number);
    case 2:
      return descending((s, o) => s.price[o] as number);
    case 3: {
      const units = (s: Shard, o: number) => s.figures(popularity).units[o] as number;
      const rating = (s: Shard, o: number) => s.figures(popularity).rating[o] as number;
      return (sa, a, sb, b) =>
        units(sb, b) - units(sa, a) || rating(sb, b) - rating(sa, a) || byId(sa, a, sb, b);
    }
    case 4:
      return descending((s, o) => s.created[o] as number);
    case 5:
      return descending((s, o) => s.discount[o] as number);
  }
}

/** An offer to TopK costs about this many steps of walking a sort's order. */
const SPARSE_WALK_COST = 8;

/**
 * The shard's first `k` of these matches in the order `perm` gives (made only if walked), offered with
 * this score: walked along that order, or, when the matches are few next to what the walk would pass
 * over, each offered in turn.
 */
function takeFirst(
  shard: Shard,
  matching: Uint32Array,
  matches: number,
  k: number,
  perm: () => Int32Array,
  score: number,
  top: TopK<Hit>,
): void {
  if (matches * SPARSE_WALK_COST < shard.size * Math.min(1, k / Math.max(matches, 1))) {
    forEachBit(matching, shard.words, (ordinal) => top.offer({ shard, ordinal, score }));
    return;
  }
  const order = perm();
  let taken = 0;
  for (let i = 0; i < order.length && taken < k; i++) {
    const ordinal = order[i] as number;
    if (has(matching, ordinal)) {
      top.offer({ shard, ordinal, score });
      taken++;
    }
  }
}

/** Beyond this many, the best `k` are found by sorting everything offered once (deep pages). */
const SORT_ALL_BEYOND = 1_000;

/** The best `k` of what is offered, in order: a sorted array, most offers turned away at its tail. */
class TopK<T> {
  private items: T[] = [];

  constructor(
    private readonly k: number,
    private readonly compare: (a: T, b: T) => number,
  ) {}

  offer(item: T): void {
    const { items, k } = this;
    if (k > SORT_ALL_BEYOND) {
      items.push(item);
      return;
    }
    if (k === 0 || (items.length === k && this.compare(item, items[k - 1] as T) >= 0)) return;
    let low = 0;
    let high = items.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.compare(items[mid] as T, item) <= 0) low = mid + 1;
      else high = mid;
    }
    items.splice(low, 0, item);
    if (items.length > k) items.pop();
  }

  best(): T[] {
    if (this.k > SORT_ALL_BEYOND) this.items = this.items.sort(this.compare).slice(0, this.k);
    return this.items;
  }
}

interface Hit {
  shard: Shard;
  ordinal: number;
  score: number;
}

/**
 * The masks of one shard under a query: the scope (base), each chosen feature's, and what matches
 * (full; base itself when nothing is chosen, so that its counts are made once).
 */
interface ShardMasks {
  base: Uint32Array;
  /** what the base is, for the tallies kept (see keptTally): a search's words, or '' for the whole shard */
  scopeKey: string;
  chosen: (readonly [feature: string, mask: Uint32Array])[];
  full: Uint32Array;
  /** how many products match */
  matches: number;
}

export class FacetIndex {
  private readonly shards = new Map<string, Shard>();
  // where each product id is: its shard's number + 1 (0: nowhere) and ordinal
  private shardOf = new Uint16Array(1024);
  private ordinalOf = new Int32Array(1024);
  private readonly numbered: Shard[] = [];
  private readonly scratch = new Scratch();
  private readonly kept = new Map<string, { version: number; pricing: number; counts: Int32Array }>();
  // versions only grow, so their sum changes with any shard's
  private genres: { versions: number; counts: ReturnType<FacetIndex['genreCounts']> } | undefined;
  private popularity = NO_POPULARITY;
  private sales = NO_SALES;

  /** Room for the shards' products ahead of a full read, so it does not grow them twice over. */
  reserve(sizes: { prod: Prod; userSegment: string; genre: string; count: number }[]): void {
    for (const s of sizes) this.shard(s.prod, s.userSegment, s.genre, Math.max(INITIAL_CAPACITY, s.count));
  }

  /** Adds a product, or replaces the indexed one when its row has changed since. */
  put(p: IndexedProduct): void {
    const at = this.locate(p.id);
    if (at) {
      if (p.revision !== null && at.shard.revision[at.ordinal] === p.revision) return;
      at.shard.retire(at.ordinal);
    }
    const shard = this.shard(p.prod, p.userSegment, p.genre);
    const ordinal = shard.append(p, this.sales.price(p, p.pricePaise, p.oldPricePaise));
    this.place(p.id, this.numbered.indexOf(shard) + 1, ordinal);
    if (at?.shard.wasteful) this.compact(at.shard);
  }

  /** Drops a product whose row was deleted; an id it does not hold is ignored. */
  remove(id: number): void {
    const at = this.locate(id);
    if (!at) return;
    at.shard.retire(at.ordinal);
    this.place(id, 0, 0);
    if (at.shard.wasteful) this.compact(at.shard);
  }

  /** Products the shards hold, retired ones included: what the index's memory grows with. */
  get ordinals(): number {
    return this.numbered.reduce((sum, shard) => sum + shard.size, 0);
  }

  /**
   * After the first full read: drops the room kept for growth, and makes every shard's orders (sort 3's
   * by the figures sent before) and its newest-first order (a search's relevance walks it), so that no
   * shopper waits for a first sort: at a million products they take seconds.
   */
  finishFirstRead(): void {
    for (const shard of this.shards.values()) {
      shard.trim();
      for (const sort of [0, 1, 2, 3, 4, 5] as const) shard.order(sort, this.popularity);
      shard.newestFirst();
    }
  }

  /**
   * New figures for sort 3. Figures read again but unchanged keep the shards' popularity orders, which
   * would otherwise each be sorted again.
   */
  setPopularity(figures: PopularityFigures): void {
    const units = byId(figures.units);
    const rating = byId(figures.rating);
    if (sameFigures(this.popularity.units, units) && sameFigures(this.popularity.rating, rating)) return;
    this.popularity = { units, rating };
  }

  /**
   * The sales live from now on: every product priced again (and those put later priced so). The price
   * and discount sorts of the shards whose prices moved are made again, as the first read makes them.
   */
  setSales(sales: readonly SaleTerms[]): void {
    this.sales = new LiveSales(sales);
    for (const shard of this.numbered) {
      if (shard.reprice(this.sales) > 0) shard.reorderPriced(this.popularity);
    }
  }

  /** Products on sale per apparel segment and genre (what suggestions name), kept until a shard changes. */
  genreCounts(): { userSegment: string; genre: string; count: number }[] {
    const versions = this.numbered.reduce((sum, s) => sum + s.version, 0);
    if (this.genres?.versions !== versions) {
      const counts = [...this.shards.values()]
        .filter((s) => s.prod === 'apparel')
        .map((s) => ({
          userSegment: s.userSegment,
          genre: s.genre,
          count: countAnd(s.active, s.active, s.words),
        }))
        .filter((g) => g.count > 0);
      this.genres = { versions, counts };
    }
    return this.genres.counts;
  }

  query(q: FacetQuery): FacetAnswer {
    this.scratch.reset();
    const answer: FacetAnswer = { total: 0, inResult: [], counts: new Map(), ids: [] };
    const shards = this.scopeShards(q.scope);
    const compare = comparator(q.sort, this.popularity);
    const relevance = q.scope.prod === 'search' && q.sort === 0 ? q.scope.terms : undefined;
    const k = q.offset + q.limit;
    // relevance ties go to the newer id (decision 017)
    const top = new TopK<Hit>(k, (x, y) =>
      relevance
        ? y.score - x.score || (y.shard.ids[y.ordinal] as number) - (x.shard.ids[x.ordinal] as number)
        : compare(x.shard, x.ordinal, y.shard, y.ordinal),
    );
    const inResult = new Map<string, Set<string>>();
    const scopeKey = q.scope.prod === 'search' ? JSON.stringify(q.scope.terms.words) : '';
    let anyInScope = false;
    for (const shard of shards) {
      const masks = this.masks(shard, q, scopeKey);
      if (!masks) continue;
      anyInScope = true;
      const { full, matches } = masks;
      answer.total += matches;
      if (q.counts) this.count(shard, masks, q.filters, answer.counts, inResult);
      if (relevance) this.scoreInto(shard, full, relevance, k, top);
      else this.walkInto(shard, masks, q, top);
    }
    answer.ids = top
      .best()
      .slice(q.offset)
      .map((h) => h.shard.ids[h.ordinal] as number);
    if (!anyInScope || !q.counts) return { ...answer, counts: new Map() };
    for (const [feature, values] of inResult) {
      for (const value of values) answer.inResult.push({ feature, value });
    }
    return answer;
  }

  private scopeShards(scope: ListingScope): Shard[] {
    if (scope.prod === 'search') return [...this.shards.values()];
    const shard = this.shards.get(shardKey(scope.prod, scope.prod === 'apparel' ? scope : undefined));
    return shard ? [shard] : [];
  }

  /** undefined when nothing of the shard is in the scope (unfiltered) */
  private masks(shard: Shard, q: FacetQuery, scopeKey: string): ShardMasks | undefined {
    const words = shard.words;
    // a shard lacking every spelling of some query word holds no match: left before any bitset is made
    if (
      q.scope.prod === 'search' &&
      q.scope.terms.words.some((w) => !w.spellings.some((sp) => shard.terms.has(sp)))
    ) {
      return undefined;
    }
    const base = this.scratch.copy(shard.active, words);
    if (q.scope.prod === 'search') {
      for (const { spellings } of q.scope.terms.words) {
        andInto(base, this.union(shard.terms, spellings, words), words);
      }
    }
    if (!anyAnd(base, base, words)) return undefined;
    const chosen = Object.entries(q.filters).map(
      ([feature, values]) => [feature, this.filterMask(shard, feature, values)] as const,
    );
    const full = chosen.length === 0 ? base : this.scratch.copy(base, words);
    for (const [, mask] of chosen) andInto(full, mask, words);
    return { base, scopeKey, chosen, full, matches: countAnd(full, full, words) };
  }

  /** The shard's products that pass one feature's choice: values ORed, price ranges ORed, the least discount. */
  private filterMask(shard: Shard, feature: string, values: string[]): Uint32Array {
    const words = shard.words;
    const mask = this.scratch.take(words);
    const orInto = (bits: Uint32Array) => {
      for (let i = 0; i < words; i++) mask[i] = (mask[i] as number) | (bits[i] as number);
    };
    if (feature === PRICE_FILTER) {
      // the buckets inside a range whole; of a bucket it cuts, each product's price is read
      for (const [low, high] of values.flatMap((v) => parsePriceRange(v) ?? []).map(paiseBetween)) {
        for (const [bucket, bucketLow, bucketHigh] of BUCKET_PAISE) {
          const bits = bucketHigh < low || bucketLow > high ? undefined : shard.bits(PRICE_FILTER, bucket);
          if (!bits) continue;
          if (bucketLow >= low && bucketHigh <= high) orInto(bits);
          else {
            forEachBit(bits, words, (o) => {
              const price = shard.price[o] as number;
              if (price >= low && price <= high) setBit(mask, o);
            });
          }
        }
        // prices above the top bucket, which a range may still reach
        if (high > TOP_BUCKET_PAISE) {
          for (let o = 0; o < shard.size; o++) {
            const price = shard.price[o] as number;
            if (price > TOP_BUCKET_PAISE && price >= low && price <= high) setBit(mask, o);
          }
        }
      }
    } else if (feature === DISCOUNT_FILTER) {
      const least = Math.min(...values.flatMap((v) => parseDiscount(v) ?? []));
      const step = shard.bits(DISCOUNT_FILTER, String(least));
      if (step) orInto(step);
      else for (let o = 0; o < shard.size; o++) if ((shard.discount[o] as number) >= least) setBit(mask, o);
    } else {
      for (const value of values) {
        const bits = shard.bits(feature, value);
        if (bits) orInto(bits);
      }
    }
    return mask;
  }

  private union(map: Map<string, Postings>, words: string[], size: number): Uint32Array {
    const bits = this.scratch.take(size);
    for (const word of words) map.get(word)?.orInto(bits);
    return bits;
  }

  /**
   * Each value of the unfiltered scope, counted among the products that pass every other feature's
   * choice; and whether it is among the matches.
   */
  private count(
    shard: Shard,
    masks: ShardMasks,
    filters: SelectedFilters,
    counts: Map<string, Map<string, number>>,
    inResult: Map<string, Set<string>>,
  ): void {
    const { base, scopeKey, full } = masks;
    // what the scope holds, and what the matches hold, value by value (kept: another sort or page of
    // the same choices, or another choice of one feature, counts nothing again)
    const kept = (choices: string, make: () => Int32Array) =>
      this.keptTally(shard, `${scopeKey}\u0001${choices}`, make);
    const inBase = kept('', () => shard.tally(base));
    const inFull = full === base ? inBase : kept(choicesKey(filters, ''), () => shard.tally(full));
    for (const [feature, values] of shard.facets) {
      const chosen = feature in filters;
      // a chosen feature's values are counted as if it were not chosen (the faceted rule)
      const source = !chosen
        ? inFull
        : masks.chosen.length === 1
          ? inBase
          : kept(`${feature}\u0000${choicesKey(filters, feature)}`, () =>
              shard.tally(this.maskWithout(shard, masks, feature), [...values.values()]),
            );
      const range = RANGES.has(feature);
      let featureCounts = counts.get(feature);
      for (const [value, slot] of values) {
        if (!range && !featureCounts?.has(value) && inBase[slot] === 0) continue;
        const n = source[slot] as number;
        if (!featureCounts) {
          featureCounts = new Map();
          counts.set(feature, featureCounts);
        }
        featureCounts.set(value, (featureCounts.get(value) ?? 0) + n);
        if (!range && (chosen ? (inFull[slot] as number) > 0 : n > 0)) {
          const seen = inResult.get(feature) ?? new Set();
          seen.add(value);
          inResult.set(feature, seen);
        }
      }
    }
  }

  /** What passes every chosen feature but one. */
  private maskWithout(shard: Shard, { base, chosen }: ShardMasks, feature: string): Uint32Array {
    const words = shard.words;
    const mask = this.scratch.copy(base, words);
    for (const [other, m] of chosen) if (other !== feature) andInto(mask, m, words);
    return mask;
  }

  /**
   * A listing's or search's tally kept by the shard and what made its mask (scope and choices), until
   * the shard changes; the least recently used dropped beyond KEPT_TALLIES. A shopper refining one
   * filter gets the other features' counts again, and another sort or page counts nothing again.
   */
  private keptTally(shard: Shard, choices: string, make: () => Int32Array): Int32Array {
    const key = `${shard.key}\u0001${choices}`;
    let kept = this.kept.get(key);
    if (kept) this.kept.delete(key);
    if (kept?.version !== shard.version || kept.pricing !== shard.pricing) {
      kept = { version: shard.version, pricing: shard.pricing, counts: make() };
    }
    this.kept.set(key, kept);
    if (this.kept.size > KEPT_TALLIES) this.kept.delete(this.kept.keys().next().value as string);
    return kept.counts;
  }

  /** The shard's first matches in the sort's order, up to the page's end. */
  private walkInto(shard: Shard, { full, matches }: ShardMasks, q: FacetQuery, top: TopK<Hit>): void {
    takeFirst(shard, full, matches, q.offset + q.limit, () => shard.order(q.sort, this.popularity), 0, top);
  }

  /**
   * A search's relevance (decision 017): 100 when the name's words are the query's words in any order,
   * then per query word 2 when one of its spellings is in the name and 1 when it is spelt as typed.
   */
  private scoreInto(shard: Shard, full: Uint32Array, terms: SearchTerms, k: number, top: TopK<Hit>): void {
    const words = shard.words;
    const inName = terms.words.map((w) => this.union(shard.names, w.spellings, words));
    const asTyped = terms.words.map((w) => this.union(shard.terms, w.exact, words));
    const phrase = [...new Set(terms.phrase.split(' '))];
    const exactName = this.scratch.copy(full, words);
    for (const word of phrase) andInto(exactName, this.union(shard.names, [word], words), words);
    const exactly = (ordinal: number) =>
      has(exactName, ordinal) && shard.nameCount[ordinal] === phrase.length;
    if (!someBit(exactName, words, exactly)) {
      // the best score any match of the shard could have, and the matches that have it: every other
      // match scores less, so when they are enough the shard's first hits are the newest of them
      const best = this.scratch.copy(full, words);
      let bound = 0;
      const weighed = [
        ...inName.map((bits) => [bits, 2] as const),
        ...asTyped.map((bits) => [bits, 1] as const),
      ];
      for (const [bits, weight] of weighed) {
        if (!anyAnd(bits, full, words)) continue;
        andInto(best, bits, words);
        bound += weight;
      }
      const reaching = countAnd(best, best, words);
      if (reaching >= k) {
        takeFirst(shard, best, reaching, k, () => shard.newestFirst(), bound, top);
        return;
      }
    }
    forEachBit(full, words, (ordinal) => {
      let score = exactly(ordinal) ? 100 : 0;
      for (let j = 0; j < inName.length; j++) {
        if (has(inName[j] as Uint32Array, ordinal)) score += 2;
        if (has(asTyped[j] as Uint32Array, ordinal)) score += 1;
      }
      top.offer({ shard, ordinal, score });
    });
  }

  private shard(prod: Prod, userSegment: string, genre: string, capacity?: number): Shard {
    const key = shardKey(prod, prod === 'apparel' ? { userSegment, genre } : undefined);
    let shard = this.shards.get(key);
    if (!shard) {
      // one shard holds every accessory: their listing is all of them, whatever the segment and genre
      shard =
        prod === 'apparel'
          ? new Shard(prod, userSegment, genre, capacity)
          : new Shard(prod, '', '', capacity);
      this.shards.set(key, shard);
      this.numbered.push(shard);
    }
    return shard;
  }

  /** A shard without its retired ordinals, and its products found at their new ones. */
  private compact(shard: Shard): void {
    shard.compact();
    for (let o = 0; o < shard.size; o++) this.ordinalOf[shard.ids[o] as number] = o;
  }

  private locate(id: number): { shard: Shard; ordinal: number } | undefined {
    const number = id < this.shardOf.length ? (this.shardOf[id] as number) : 0;
    const shard = number > 0 ? this.numbered[number - 1] : undefined;
    return shard ? { shard, ordinal: this.ordinalOf[id] as number } : undefined;
  }

  private place(id: number, shardNumber: number, ordinal: number): void {
    if (id >= this.shardOf.length) {
      const length = Math.max(id + 1, this.shardOf.length * 2);
      const shardOf = new Uint16Array(length);
      shardOf.set(this.shardOf);
      const ordinalOf = new Int32Array(length);
      ordinalOf.set(this.ordinalOf);
      this.shardOf = shardOf;
      this.ordinalOf = ordinalOf;
    }
    this.shardOf[id] = shardNumber;
    this.ordinalOf[id] = ordinal;
  }
}

function byId({ ids, values }: Figures): Map<number, number> {
  const map = new Map<number, number>();
  for (let i = 0; i < ids.length; i++) map.set(ids[i] as number, values[i] as number);
  return map;
}

function sameFigures(a: Map<number, number>, b: Map<number, number>): boolean {
  if (a.size !== b.size) return false;
  for (const [id, figure] of a) if (b.get(id) !== figure) return false;
  return true;
}

/** The choices of every feature but one, the same whatever their order. */
function choicesKey(filters: SelectedFilters, except: string): string {
  const choices = Object.entries(filters)
    .filter(([feature]) => feature !== except)
    .map(([feature, values]) => [feature, [...values].sort()] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(choices);
}

function shardKey(prod: Prod, pair?: { userSegment: string; genre: string }): string {
  return pair ? `${prod}\u0000${pair.userSegment}\u0000${pair.genre}` : prod;
}
