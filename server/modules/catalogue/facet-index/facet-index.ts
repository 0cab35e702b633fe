/**
 * The catalogue's listings and searches answered from memory (decision 020): which products match, how
 * many, each filter value's count under the faceted rule, and the ids of one page in order. Only the
 * page's cards are then read from the database.
 *
 * The index puts its products in shards (shards.ts): one per apparel segment and genre, one for all
 * accessories (the listings' scopes; a search reads every shard). It knows where each product id is,
 * replaces a product whose row has changed, compacts a shard that has retired too many ordinals, and
 * hands each query to the planner (planner.ts) with the shards of its scope. The shards' parts:
 * bitsets (bitset.ts), a search's posting lists (postings.ts), the sorts' orders (orders.ts); the best
 * hits across shards are kept by top-k.ts.
 *
 * Prices and discounts are the current ones, as of the live sales (decision 041): each product keeps its
 * own price and MRP, and a change of the sales prices it again, moving only the products whose price
 * moves between the price buckets' and discount steps' bitsets.
 */
import type { Prod } from '../../../../contract/catalogue.ts';
import { LiveSales, NO_SALES, type SaleTerms } from '../../offers/sale-price.ts';
import { countAnd } from './bitset.ts';
import type { Popularity } from './orders.ts';
import { Planner } from './planner.ts';
import { INITIAL_CAPACITY, Shard, shardKey } from './shards.ts';
import type {
  FacetAnswer,
  FacetQuery,
  Figures,
  IndexedProduct,
  ListingScope,
  PopularityFigures,
} from './types.ts';

const NO_POPULARITY: Popularity = { units: new Map(), rating: new Map() };

export class FacetIndex {
  private readonly shards = new Map<string, Shard>();
  // where each product id is: its shard's number + 1 (0: nowhere) and ordinal
  private shardOf = new Uint16Array(1024);
  private ordinalOf = new Int32Array(1024);
  private readonly numbered: Shard[] = [];
  private readonly planner = new Planner();
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
    return this.planner.query(this.scopeShards(q.scope), q, this.popularity);
  }

  private scopeShards(scope: ListingScope): Shard[] {
    if (scope.prod === 'search') return [...this.shards.values()];
    const shard = this.shards.get(shardKey(scope.prod, scope.prod === 'apparel' ? scope : undefined));
    return shard ? [shard] : [];
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
