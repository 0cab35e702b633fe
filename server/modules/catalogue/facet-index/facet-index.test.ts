import { describe, expect, it } from 'vitest';
import {
  DISCOUNT_FILTER,
  DISCOUNT_STEPS,
  PRICE_BUCKETS,
  PRICE_FILTER,
  type SelectedFilters,
  type SortCode,
} from '../../../../contract/catalogue.ts';
import { facetQuery, figures } from '../../../test/facet-queries.ts';
import { sale } from '../../../test/sales.ts';
import { LiveSales, NO_SALES, type SaleTerms, salePricePaise } from '../../offers/sale-price.ts';
import { genreKey } from '../../offers/scope.ts';
import { paiseBetween, parsePriceRange } from '../ranges.ts';
import { FacetIndex } from './facet-index.ts';
import type { FacetQuery, IndexedProduct } from './types.ts';

/** A fixed pseudo-random sequence (xorshift32), so every run builds the same catalogue. */
function random(seed: number) {
  let state = seed;
  return (n: number) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % n;
  };
}

const COLORS = ['Red', 'Blue', 'Green', 'Black'];
const SIZES = ['S', 'M', 'L', 'XL'];
const FABRICS = ['Cotton', 'Silk'];

function catalogue(count: number): IndexedProduct[] {
  const draw = random(2026);
  return Array.from({ length: count }, (_, i) => {
    const accessory = i % 5 === 4;
    const sizes = SIZES.filter(() => draw(2) === 0);
    const color = COLORS[draw(4)];
    // whole rupees, the half-rupee edges around 500 and 1000, and ₹15 lakh, above every bucket
    const pricePaise = [49_949, 49_950, 99_949, 99_950, 150_000_000][draw(9)] ?? 10_000 * (1 + draw(60));
    // an MRP that gives about this discount
    const discount = [0, 9, 10, 29, 30, 70][draw(6)] ?? 0;
    return {
      id: i + 1,
      prod: accessory ? 'accessories' : 'apparel',
      userSegment: accessory ? 'Crafts' : (['Women', 'Men'][draw(2)] ?? 'Women'),
      genre: accessory ? (['Bags', 'Pottery'][draw(2)] ?? 'Bags') : 'Kurti',
      features: {
        // now and then a value listed twice, which still counts once
        color: draw(7) === 0 ? [color, color] : [color],
        ...(sizes.length > 0 && { size: sizes }),
        ...(draw(3) > 0 && { fabric: [FABRICS[draw(2)]] }),
      },
      pricePaise,
      oldPricePaise: Math.ceil((pricePaise * 100) / (100 - discount)),
      sellerId: 1 + draw(3),
      launchedAt: Date.UTC(2026, 0, 1 + draw(20)),
      createdAt: Date.UTC(2026, 0, 1 + draw(20)),
      active: draw(10) > 0,
      terms: [],
      nameWords: [],
      revision: null,
    };
  });
}

/** The product's price and discount now, as the shop's pricing makes them (sale-price.ts, tested there). */
const current = (p: IndexedProduct, sales: LiveSales) => sales.price(p, p.pricePaise, p.oldPricePaise);

/** The filters' rule, product by product: values of a feature ORed, features ANDed, ranges as decided. */
function passes(p: IndexedProduct, feature: string, values: string[], sales: LiveSales): boolean {
  const { pricePaise, discount } = current(p, sales);
  if (feature === PRICE_FILTER) {
    return values.some((v) => {
      const [low, high] = paiseBetween(parsePriceRange(v) ?? { min: 0, max: 0 });
      return pricePaise >= low && pricePaise <= high;
    });
  }
  if (feature === DISCOUNT_FILTER) return discount >= Math.min(...values.map(Number));
  const own = p.features[feature];
  return Array.isArray(own) && own.some((v) => values.includes(v));
}

const matching = (products: IndexedProduct[], filters: SelectedFilters, sales = NO_SALES) =>
  products.filter((p) =>
    Object.entries(filters).every(([feature, values]) => passes(p, feature, values, sales)),
  );

/** Each sort's order (design.md, "Discovery"), by the prices now. */
const byTheRule = (sort: SortCode, sales = NO_SALES) => {
  const price = (p: IndexedProduct) => current(p, sales).pricePaise;
  const discount = (p: IndexedProduct) => current(p, sales).discount;
  const compare: Record<number, (a: IndexedProduct, b: IndexedProduct) => number> = {
    0: (a, b) => b.launchedAt - a.launchedAt || b.id - a.id,
    1: (a, b) => price(a) - price(b) || a.id - b.id,
    2: (a, b) => price(b) - price(a) || b.id - a.id,
    4: (a, b) => b.createdAt - a.createdAt || b.id - a.id,
    5: (a, b) => discount(b) - discount(a) || b.id - a.id,
  };
  return compare[sort];
};

/** Sales that overlap: Women at 20% off, some of them also in a 35% and a 5% sale, the crafts at 60%. */
const SALES: SaleTerms[] = [
  sale(1, 20, { segments: ['Women'] }),
  sale(2, 35, { productIds: Array.from({ length: 2_000 }, (_, i) => 3 * i + 1), sellerIds: [2] }),
  sale(3, 5, { genres: [genreKey('Women', 'Kurti'), genreKey('Men', 'Kurti')] }),
  sale(4, 60, { crafts: true }),
];

const KURTI = { prod: 'apparel' as const, userSegment: 'Women', genre: 'Kurti' };

/** The Women / Kurti listing of the index: every count, page 1 (or as the overrides say). */
const kurti = (index: FacetIndex, overrides: Partial<FacetQuery> = {}) =>
  index.query(facetQuery(KURTI, overrides));

function build(products: IndexedProduct[]): FacetIndex {
  const index = new FacetIndex();
  for (const p of products) index.put(p);
  return index;
}

const inWomen = (products: IndexedProduct[]) =>
  products.filter((p) => p.active && p.prod === 'apparel' && p.userSegment === 'Women');

// 600 products: every count is made value by value over the bitsets. 20,000: the selective filters are
// counted product by product, and their first pages offered match by match instead of walked in order.
// Without sales; with overlapping sales started after the products were put (each priced again); and
// with them started before (each priced as it is put).
describe.each([
  { size: 600, sales: [], started: 'never' },
  { size: 600, sales: SALES, started: 'after' },
  { size: 20_000, sales: [], started: 'never' },
  { size: 20_000, sales: SALES, started: 'after' },
  { size: 20_000, sales: SALES, started: 'before' },
])('FacetIndex of $size products, sales started $started', ({ size, sales, started }) => {
  const products = catalogue(size);
  const live = new LiveSales(sales);
  const index = new FacetIndex();
  if (started === 'before') index.setSales(sales);
  for (const p of products) index.put(p);
  if (started === 'after') index.setSales(sales);
  const inScope = inWomen(products);

  const cases: SelectedFilters[] = [
    {},
    { color: ['Red'] },
    { color: ['Red', 'Blue'], size: ['M'] },
    { fabric: ['Silk'], size: ['S', 'XL'], [DISCOUNT_FILTER]: ['30'] },
    { [PRICE_FILTER]: ['500-999'] },
    { [PRICE_FILTER]: ['0-499', '1000-1999'], color: ['Green'] },
    { color: ['Purple'] },
    { color: ['Red'], fabric: ['Silk'], [DISCOUNT_FILTER]: ['70'] },
    // ranges that cut buckets, and one above them all
    { [PRICE_FILTER]: ['300-700'] },
    { [PRICE_FILTER]: ['450-1500', '1000000-2000000'], size: ['M'] },
  ];

  it.each(cases)('counts every value as choosing it would, its own feature left out: %j', (filters) => {
    const found = kurti(index, { filters });
    expect(found.total).toBe(matching(inScope, filters, live).length);
    const features = [...new Set(inScope.flatMap((p) => Object.keys(p.features)))];
    for (const feature of [...features, PRICE_FILTER, DISCOUNT_FILTER]) {
      const values =
        feature === PRICE_FILTER
          ? [...PRICE_BUCKETS]
          : feature === DISCOUNT_FILTER
            ? [...DISCOUNT_STEPS]
            : [...new Set(inScope.flatMap((p) => (p.features[feature] as string[] | undefined) ?? []))];
      for (const value of values) {
        const expected = matching(inScope, { ...filters, [feature]: [value] }, live).length;
        expect(found.counts.get(feature)?.get(value) ?? 0, `${feature} ${value}`).toBe(expected);
      }
    }
  });

  const sorted = ([0, 1, 2, 4, 5] as SortCode[]).flatMap(
    (sort): { sort: SortCode; filters: SelectedFilters }[] => [
      { sort, filters: { color: ['Red', 'Blue'] } },
      { sort, filters: { color: ['Red'], fabric: ['Silk'], [DISCOUNT_FILTER]: ['70'] } },
    ],
  );

  it.each(sorted)('pages sort $sort of $filters in order, each product once', ({ sort, filters }) => {
    const expected = matching(inScope, filters, live)
      .sort(byTheRule(sort, live))
      .map((p) => p.id);
    // one page more than the matches fill
    const offsets = Array.from({ length: Math.ceil(expected.length / 20) + 1 }, (_, i) => i * 20);
    const pages = offsets.flatMap((offset) => kurti(index, { filters, sort, offset, counts: false }).ids);
    expect(pages).toEqual(expected);
  });
});

describe('FacetIndex under sales (decision 041)', () => {
  const products = catalogue(2_000);
  const inScope = inWomen(products);
  /** The listing's every count and its pages of the price and discount sorts. */
  const answers = (index: FacetIndex) =>
    ([0, 1, 2, 5] as SortCode[]).map((sort) => {
      const { total, counts, ids } = kurti(index, { sort, limit: 100 });
      return { total, counts, ids };
    });

  it('moves the price and discount counts and sorts while a sale is live, and back at its end', () => {
    const index = build(products);
    const before = answers(index);
    // a sale of everything: every price bucket's and discount step's count moves
    index.setSales([sale(9, 50, { all: true })]);
    const during = kurti(index);
    const counted = (feature: string, value: string) =>
      matching(inScope, { [feature]: [value] }, new LiveSales([sale(9, 50, { all: true })])).length;
    expect(during.counts.get(PRICE_FILTER)?.get('0-499')).toBe(counted(PRICE_FILTER, '0-499'));
    expect(during.counts.get(PRICE_FILTER)?.get('0-499')).toBeGreaterThan(
      before[0]?.counts.get(PRICE_FILTER)?.get('0-499') ?? 0,
    );
    expect(during.counts.get(DISCOUNT_FILTER)?.get('50')).toBe(counted(DISCOUNT_FILTER, '50'));
    expect(during.counts.get(DISCOUNT_FILTER)?.get('50')).toBeGreaterThan(
      before[0]?.counts.get(DISCOUNT_FILTER)?.get('50') ?? 0,
    );
    // the sale ends: as before it, and as an index that never saw it
    index.setSales([]);
    expect(answers(index)).toEqual(before);
  });

  it('gives a product the best of the sales that cover it', () => {
    const index = build(products);
    const product = inScope.find((p) => p.pricePaise === 10_000 * 50) as IndexedProduct;
    index.setSales([
      sale(1, 10, { all: true }),
      sale(2, 40, { productIds: [product.id] }),
      sale(3, 25, { segments: ['Women'] }),
    ]);
    const rupees = salePricePaise(product.pricePaise, 40) / 100;
    const at = (price: number) => kurti(index, { filters: { [PRICE_FILTER]: [`${price}-${price}`] } }).ids;
    expect(rupees).toBe(3_000);
    expect(at(rupees)).toContain(product.id);
    expect(at(salePricePaise(product.pricePaise, 25) / 100)).not.toContain(product.id);
  });

  it('prices the products put while sales are live, and those written again, as a fresh index would', () => {
    const [first, later] = [products.slice(0, 1_200), products.slice(1_200)];
    const index = build(first);
    index.setSales(SALES);
    for (const p of later) index.put(p);
    // written again at a new price, and moved into the Women sale's segment
    const rewritten = first
      .filter((p) => p.id % 4 === 0)
      .map((p) => ({ ...p, pricePaise: p.pricePaise + 5_000, userSegment: 'Women', revision: 1 }));
    for (const p of rewritten) index.put(p);
    const latest = new Map([...products, ...rewritten].map((p) => [p.id, p]));
    const fresh = build([...latest.values()]);
    fresh.setSales(SALES);
    expect(answers(index)).toEqual(answers(fresh));
    const women = inWomen([...latest.values()]);
    expect(kurti(index, { sort: 1, limit: 30, counts: false }).ids).toEqual(
      women
        .sort(byTheRule(1, new LiveSales(SALES)))
        .slice(0, 30)
        .map((p) => p.id),
    );
  });
});

describe('FacetIndex relevance (decision 017)', () => {
  // names of one to three words from a small vocabulary, products put out of id order and some written
  // again, so that ordinals do not follow ids
  const VOCABULARY = ['red', 'silk', 'kurta', 'kurti', 'saree', 'zari', 'cotton', 'block'];
  const draw = random(17);
  const products = catalogue(20_000).map((p) => {
    const name = [...new Set(Array.from({ length: 1 + draw(3) }, () => VOCABULARY[draw(8)] as string))];
    // words of the description too: a match by them alone scores less than one by the name
    const described = [...(draw(4) === 0 ? ['festive'] : []), ...(draw(5) === 0 ? ['zari'] : [])];
    return { ...p, nameWords: name, terms: [...new Set([...name, ...described])] };
  });
  const index = new FacetIndex();
  for (const p of [...products].sort((a, b) => ((a.id * 7919) % 20_011) - ((b.id * 7919) % 20_011)))
    index.put(p);
  for (const p of products.filter((q) => q.id % 11 === 0)) index.put({ ...p, revision: 1 });

  type Word = { spellings: string[]; exact: string[] };
  /** The rule, product by product: 100 for the name's words exactly, 2 a word in the name, 1 as typed. */
  function expected(phrase: string, words: Word[], offset: number, limit: number): number[] {
    const typed = [...new Set(phrase.split(' '))];
    return products
      .filter((p) => p.active && words.every((w) => w.spellings.some((sp) => p.terms.includes(sp))))
      .map((p) => {
        const exactName =
          typed.every((t) => p.nameWords.includes(t)) && new Set(p.nameWords).size === typed.length;
        let score = exactName ? 100 : 0;
        for (const w of words) {
          if (w.spellings.some((sp) => p.nameWords.includes(sp))) score += 2;
          if (w.exact.some((e) => p.terms.includes(e))) score += 1;
        }
        return { id: p.id, score };
      })
      .sort((a, b) => b.score - a.score || b.id - a.id)
      .slice(offset, offset + limit)
      .map((hit) => hit.id);
  }

  const cases: [string, Word[]][] = [
    // the best score is rare: deeper pages take lower ones
    [
      'zari fes',
      [
        { spellings: ['zari'], exact: ['zari'] },
        { spellings: ['festive'], exact: [] },
      ],
    ],
    // a prefix being typed: many matches, most with the best score
    ['ku', [{ spellings: ['kurta', 'kurti'], exact: [] }]],
    ['kurta', [{ spellings: ['kurta', 'kurti'], exact: ['kurta'] }]],
    // a word only some names hold: the best score is rarer
    ['festive', [{ spellings: ['festive'], exact: ['festive'] }]],
    [
      'red silk',
      [
        { spellings: ['red'], exact: ['red'] },
        { spellings: ['silk'], exact: ['silk'] },
      ],
    ],
    // names that are exactly these words score 100
    ['silk', [{ spellings: ['silk'], exact: ['silk'] }]],
    [
      'zari kurta red',
      [
        { spellings: ['zari'], exact: ['zari'] },
        { spellings: ['kurta', 'kurti'], exact: ['kurta'] },
        { spellings: ['red'], exact: ['red'] },
      ],
    ],
  ];
  it.each(cases)('ranks "%s" as the rule says, on every page', (phrase, words) => {
    for (const [offset, limit] of [
      [0, 6],
      [0, 20],
      [20, 20],
      [200, 20],
      [1_000, 20],
      [1_400, 20],
    ] as const) {
      const answer = index.query({
        scope: { prod: 'search', terms: { phrase, words } },
        filters: {},
        sort: 0,
        offset,
        limit,
        counts: false,
      });
      expect(answer.ids).toEqual(expected(phrase, words, offset, limit));
    }
  });
});

describe('FacetIndex', () => {
  const products = catalogue(600);
  const index = build(products);
  const inScope = inWomen(products);

  it('sorts by units sold, then rating (unrated last), then id', () => {
    const [a, b, c, d] = inScope;
    if (!a || !b || !c || !d) throw new Error('catalogue too small');
    index.setPopularity({
      units: figures([
        [a.id, 1],
        [b.id, 5],
      ]),
      rating: figures([
        [c.id, 2],
        [d.id, 4.5],
      ]),
    });
    expect(kurti(index, { sort: 3, limit: 4, counts: false }).ids).toEqual([b.id, a.id, d.id, c.id]);
    // new figures, a new order
    index.setPopularity({ units: figures([[c.id, 9]]), rating: figures([]) });
    expect(kurti(index, { sort: 3, limit: 2, counts: false }).ids[0]).toBe(c.id);
  });

  it('replaces a product whose row changed, and keeps one whose revision is the same', () => {
    const own = build(products);
    const before = kurti(own);
    const product = inScope[0] as IndexedProduct;
    const colour = (product.features.color as string[])[0] as string;
    const count = (answer: typeof before, value: string) => answer.counts.get('color')?.get(value) ?? 0;
    // withdrawn
    own.put({ ...product, active: false, revision: 7 });
    const withdrawn = kurti(own);
    expect(withdrawn.total).toBe(before.total - 1);
    expect(count(withdrawn, colour)).toBe(count(before, colour) - 1);
    // the same revision read again changes nothing; a new one in another colour moves the count
    own.put({ ...product, revision: 7 });
    expect(kurti(own).total).toBe(before.total - 1);
    own.put({ ...product, features: { ...product.features, color: ['Teal'] }, revision: 8 });
    const recoloured = kurti(own);
    expect(recoloured.total).toBe(before.total);
    expect(count(recoloured, 'Teal')).toBe(1);
    expect(count(recoloured, colour)).toBe(count(before, colour) - 1);
    // moved to another genre: gone from this listing
    own.put({ ...product, genre: 'Saree', revision: 9 });
    expect(kurti(own).total).toBe(before.total - 1);
  });

  it('compacts a shard whose products were written again, and answers as an index read afresh', () => {
    const own = build(products);
    const latest = new Map(products.map((p) => [p.id, p]));
    // every Women product written three times over: new prices, colours, words, some withdrawn
    for (let round = 1; round <= 3; round++) {
      for (const p of inScope) {
        const colour = COLORS[(p.id + round) % COLORS.length] as string;
        const next: IndexedProduct = {
          ...p,
          features: { ...p.features, color: [colour] },
          pricePaise: p.pricePaise + round * 100,
          active: (p.id + round) % 7 !== 0,
          terms: ['kurti', colour.toLowerCase()],
          nameWords: ['kurti', colour.toLowerCase()],
          revision: round,
        };
        own.put(next);
        latest.set(p.id, next);
      }
    }
    const fresh = build([...latest.values()]);
    // retired ordinals are dropped once they outnumber the live ones: the shard never holds twice its
    // products (three rounds kept would be 600 + 3 x the Women products written)
    const women = products.filter((p) => p.prod === 'apparel' && p.userSegment === 'Women').length;
    expect(own.ordinals).toBeLessThanOrEqual(products.length + women + 1);
    expect(fresh.ordinals).toBe(products.length);
    const red = { phrase: 'red', words: [{ spellings: ['red'], exact: ['red'] }] };
    const cases: Partial<FacetQuery>[] = [
      {},
      { filters: { color: ['Red'], size: ['M'] } },
      { sort: 1, filters: { price: ['100-400'] } },
      { sort: 5, offset: 20 },
      { scope: { prod: 'search', terms: red } },
    ];
    for (const overrides of cases) {
      const ours = kurti(own, overrides);
      const theirs = kurti(fresh, overrides);
      expect(ours.ids).toEqual(theirs.ids);
      expect(ours.total).toBe(theirs.total);
      expect(ours.counts).toEqual(theirs.counts);
    }
  });

  it('finds the products of a word as they are written, between searches, as an index read afresh', () => {
    // a word on most products (its list is ORed as a bitset) and one on a few (ordinal by ordinal)
    const worded = (p: IndexedProduct, round: number): IndexedProduct => {
      const words = ['kurti', ...(p.id % 9 === round ? ['zari'] : [])];
      return { ...p, terms: words, nameWords: words, revision: round };
    };
    const own = build(products.map((p) => worded(p, 0)));
    const latest = new Map(products.map((p) => [p.id, worded(p, 0)]));
    const search = (index: FacetIndex, word: string, sort: SortCode) =>
      index.query(
        facetQuery(
          { prod: 'search', terms: { phrase: word, words: [{ spellings: [word], exact: [word] }] } },
          { sort, limit: 50 },
        ),
      );
    const sameAsFresh = () => {
      const fresh = build([...latest.values()]);
      for (const word of ['kurti', 'zari']) {
        for (const sort of [0, 1] as const) {
          const ours = search(own, word, sort);
          const theirs = search(fresh, word, sort);
          expect(ours.ids).toEqual(theirs.ids);
          expect(ours.total).toBe(theirs.total);
          expect(ours.counts).toEqual(theirs.counts);
        }
      }
    };
    let written = products.length;
    for (let round = 1; round <= 6; round++) {
      sameAsFresh();
      // a third of the products written again, with new words, and products new to the index
      for (const p of products.filter((q) => q.id % 3 === round % 3)) {
        own.put(worded(p, round));
        latest.set(p.id, worded(p, round));
      }
      const added = { ...(products[0] as IndexedProduct), id: 10_000 + round };
      own.put(worded(added, round));
      latest.set(added.id, worded(added, round));
      written += products.filter((q) => q.id % 3 === round % 3).length + 1;
    }
    sameAsFresh();
    // compacted on the way (its lists renumbered between searches)
    expect(own.ordinals).toBeLessThan(written);
  });

  it('grows a shard past its room, keeping every product', () => {
    const many = catalogue(5_000);
    const grown = build(many);
    const women = many.filter((p) => p.active && p.prod === 'apparel' && p.userSegment === 'Women');
    const found = kurti(grown, { filters: { size: ['M'] }, sort: 1, limit: 5_000 });
    expect(found.total).toBe(matching(women, { size: ['M'] }).length);
    expect(found.ids).toEqual(
      matching(women, { size: ['M'] })
        .sort(byTheRule(1))
        .map((p) => p.id),
    );
  });
});
