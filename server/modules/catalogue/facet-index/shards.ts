/**
 * The shards: one scope's products each (a segment and genre of apparel, or all accessories). A shard
 * numbers its products 0, 1, 2, … (ordinals) and keeps one bitset of ordinals per feature value, price
 * bucket and discount step; prices, discounts and dates as typed arrays; each sort as a permutation of
 * the ordinals, made when first asked for. A changed product is appended afresh and its old ordinal
 * retired, so ordinals never move until the shard compacts.
 */
import type { Prod, SortCode } from '../../../../contract/catalogue.ts';
// the plain constants, not the schemas: the index's thread loads no more than it needs
import {
  DISCOUNT_FILTER,
  DISCOUNT_STEPS,
  PRICE_BUCKETS,
  PRICE_FILTER,
} from '../../../../contract/catalogue-constants.ts';
import type { LiveSales, SalePrice } from '../../offers/sale-price.ts';
import { paiseBetween, parsePriceRange } from '../ranges.ts';
import { has, popcount, setBit, setBitTo, wordsFor } from './bitset.ts';
import { comparator, type Popularity, PRICED_SORTS, reversed, sortedBy } from './orders.ts';
import { addPostings, type Postings } from './postings.ts';
import type { IndexedProduct } from './types.ts';

export const RANGES = new Set([PRICE_FILTER, DISCOUNT_FILTER]);
export const BUCKET_PAISE = PRICE_BUCKETS.map(
  (bucket) => [bucket, ...paiseBetween(parsePriceRange(bucket) ?? { min: 0, max: 0 })] as const,
);
export const TOP_BUCKET_PAISE = Math.max(...BUCKET_PAISE.map(([, , high]) => high));
const STEPS = DISCOUNT_STEPS.map((step) => [step, Number(step)] as const);
// every shard numbers the price buckets' slots first, then the discount steps' (see Shard's constructor)
const FIRST_STEP_SLOT = PRICE_BUCKETS.length;
/** How many discount steps a discount reaches (the steps ascend). */
function stepsReached(discount: number): number {
  let j = 0;
  while (j < STEPS.length && discount >= (STEPS[j] as (typeof STEPS)[number])[1]) j++;
  return j;
}
export const INITIAL_CAPACITY = 64;

/** A slot number per feature value of a shard; beyond this many, the per-product lists take 32 bits. */
const NARROW_SLOTS = 0xffff;

/**
 * One scope's products. Each feature value (price buckets and discount steps too) is a numbered slot
 * with a bitset of the ordinals holding it; each ordinal also lists its features' slots (its bucket and
 * steps follow from its current price and discount, which a sale changes), so that a query with few
 * matches counts them product by product rather than value by value over the whole shard.
 */
export class Shard {
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

/** The shard's key among the index's shards: apparel's by segment and genre, accessories' by prod alone. */
export function shardKey(prod: Prod, pair?: { userSegment: string; genre: string }): string {
  return pair ? `${prod}\u0000${pair.userSegment}\u0000${pair.genre}` : prod;
}
