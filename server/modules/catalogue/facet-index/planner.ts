/**
 * How a query is answered over its shards: each shard's masks (the scope, each chosen feature's, the
 * matches), the counts of every value under the faceted rule (kept between queries while the shard
 * stands), and the page's first hits, walked along a sort's order or scored for a search's relevance
 * (decision 017). Only the page's ids and the counts leave it.
 */
import type { SelectedFilters } from '../../../../contract/catalogue.ts';
import { DISCOUNT_FILTER, PRICE_FILTER } from '../../../../contract/catalogue-constants.ts';
import { paiseBetween, parseDiscount, parsePriceRange } from '../ranges.ts';
import type { SearchTerms } from '../search.ts';
import { andInto, anyAnd, countAnd, forEachBit, has, Scratch, setBit, someBit } from './bitset.ts';
import { comparator, type Popularity } from './orders.ts';
import type { Postings } from './postings.ts';
import { BUCKET_PAISE, RANGES, type Shard, TOP_BUCKET_PAISE } from './shards.ts';
import { TopK } from './top-k.ts';
import type { FacetAnswer, FacetQuery } from './types.ts';

/** Tallies the index keeps for listings' masks: some 100 counts each, under 1 kB with its key (20 MB at most). */
const KEPT_TALLIES = 32_768;

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

export class Planner {
  private readonly scratch = new Scratch();
  private readonly kept = new Map<string, { version: number; pricing: number; counts: Int32Array }>();

  /** The query answered over its scope's shards, sort 3 by these figures. */
  query(shards: Shard[], q: FacetQuery, popularity: Popularity): FacetAnswer {
    this.scratch.reset();
    const answer: FacetAnswer = { total: 0, inResult: [], counts: new Map(), ids: [] };
    const compare = comparator(q.sort, popularity);
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
      else this.walkInto(shard, masks, q, popularity, top);
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
  private walkInto(
    shard: Shard,
    { full, matches }: ShardMasks,
    q: FacetQuery,
    popularity: Popularity,
    top: TopK<Hit>,
  ): void {
    takeFirst(shard, full, matches, q.offset + q.limit, () => shard.order(q.sort, popularity), 0, top);
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
}

/** The choices of every feature but one, the same whatever their order. */
function choicesKey(filters: SelectedFilters, except: string): string {
  const choices = Object.entries(filters)
    .filter(([feature]) => feature !== except)
    .map(([feature, values]) => [feature, [...values].sort()] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(choices);
}
