/**
 * The facet index under live sales (decision 041), at the scale of the bench database: how long the index's
 * thread is busy pricing every product again when sales start, change and end, and what its listing,
 * search and suggestion queries cost with no sale and with 50 live. The index is built here, in this
 * process, from the database (as its thread builds it), and timed alone: no HTTP, no cards.
 *
 *   npx tsx bench/reprice.ts --database-url postgres://postgres@127.0.0.1:5432/haat_bench [--sales 50]
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { SelectedFilters, SortCode } from '../contract/catalogue.ts';
import { connectPostgres } from '../server/db/connect.ts';
import { FacetIndex } from '../server/modules/catalogue/facet-index/facet-index.ts';
import type { FacetQuery } from '../server/modules/catalogue/facet-index/types.ts';
import { indexedProducts } from '../server/modules/catalogue/index-rows.ts';
import * as store from '../server/modules/catalogue/store.ts';
import type { SaleTerms } from '../server/modules/offers/sale-price.ts';
import { benchGenres } from './catalogue.ts';
import { benchSales, saleOfEverything } from './sales.ts';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/haat_bench' },
    sales: { type: 'string', default: '50' },
  },
});

const BATCH = 20_000;
const ms = (t: number) => `${t.toFixed(1)} ms`;

/**
 * The CPU time `work` takes, in ms, and its wall time: on the shared machine this process waits for a
 * core much of the time, so the CPU time is what the index's thread would be busy for.
 */
function timed(work: () => void): { cpu: number; wall: number } {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  work();
  const { user, system } = process.cpuUsage(cpu);
  return { cpu: (user + system) / 1000, wall: performance.now() - wall };
}

async function readIndex(databaseUrl: string): Promise<{ index: FacetIndex; products: number }> {
  const database = await connectPostgres(databaseUrl);
  try {
    const index = new FacetIndex();
    index.reserve(await store.indexShardSizes(database.db));
    const highest = await store.highestProductId(database.db);
    for (let from = 0; from < highest; from += BATCH) {
      for (const p of indexedProducts(await store.indexRows(database.db, from, from + BATCH))) index.put(p);
    }
    index.finishFirstRead();
    return { index, products: index.ordinals };
  } finally {
    await database.close();
  }
}

/** Listings of every apparel genre (colours and a size, the price and discount filters; four sorts), searches and suggestions. */
function queries(): { listing: FacetQuery[]; search: FacetQuery[]; suggestion: FacetQuery[] } {
  const listing: FacetQuery[] = [];
  const search: FacetQuery[] = [];
  const suggestion: FacetQuery[] = [];
  const base = { offset: 0, limit: 20, counts: true };
  for (const { spec, sizeRun } of benchGenres()) {
    if (spec.prod !== 'apparel') continue;
    const scope = { prod: 'apparel' as const, userSegment: spec.segment, genre: spec.genre };
    spec.colours.slice(0, 6).forEach((colour, i) => {
      const choices: SelectedFilters[] = [
        { color: [colour], size: [sizeRun[i % sizeRun.length] as string] },
        { color: [colour], price: ['500-1999'] },
        { color: [colour], discount: ['30'] },
      ];
      for (const filters of choices) {
        for (const sort of [0, 1, 2, 5] as SortCode[]) listing.push({ ...base, scope, filters, sort });
      }
      const words = [colour.toLowerCase(), ...spec.genre.toLowerCase().split(' ')];
      const terms = { phrase: words.join(' '), words: words.map((w) => ({ spellings: [w], exact: [w] })) };
      for (const [filters, sort] of [
        [{}, 0],
        [{ size: ['M'] }, 1],
        [{ price: ['500-1999'] }, 0],
      ] as [SelectedFilters, SortCode][]) {
        search.push({ ...base, scope: { prod: 'search', terms }, filters, sort });
      }
      suggestion.push({
        ...base,
        limit: 6,
        counts: false,
        scope: { prod: 'search', terms },
        filters: {},
        sort: 0,
      });
    });
  }
  return { listing, search, suggestion };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

/** Each query once (uncached: a fresh pricing leaves no tally kept), p50 and p99 of the index's CPU time. */
function timeQueries(index: FacetIndex, list: FacetQuery[]): string {
  const times = list.map((q) => timed(() => index.query(q)).cpu).sort((a, b) => a - b);
  return `${list.length} queries, CPU p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))}`;
}

function timeSales(index: FacetIndex, label: string, sales: SaleTerms[]): void {
  const { cpu, wall } = timed(() => index.setSales(sales));
  console.log(`${label}: CPU ${ms(cpu)} (wall ${ms(wall)})`);
}

const started = performance.now();
const { index, products } = await readIndex(args['database-url']);
console.log(`index of ${products} products read in ${ms(performance.now() - started)}`);
const live = benchSales(Number(args.sales), products);
const all = queries();
// the same questions twice per pricing, the first pass after a new pricing (no tally kept) is the one told
const measure = (label: string) => {
  for (const [kind, list] of Object.entries(all))
    console.log(`${label}, ${kind}: ${timeQueries(index, list)}`);
};
measure('no sale');
timeSales(index, `re-priced: ${live.length} sales start`, live);
measure(`${live.length} sales`);
timeSales(index, `re-priced: a sale of everything starts beside them (50% off)`, [
  ...live,
  saleOfEverything(999, 50),
]);
timeSales(index, `re-priced: the sale of everything ends`, live);
timeSales(
  index,
  `re-priced: ${live.length} other sales instead`,
  benchSales(Number(args.sales), products, 1_001),
);
timeSales(index, 're-priced: every sale ends', []);
// the first pass above also warmed the code up: no sale measured again, as it ran with the sales
measure('no sale, again');
timeSales(index, 're-priced: a sale of everything starts alone', [saleOfEverything(999, 50)]);
timeSales(index, 're-priced: nothing changes (the same set again)', [saleOfEverything(999, 50)]);

/**
 * What live sales add to the queries: every query of a kind once, CPU time summed, with no sale and with
 * the sales in turn (each change of pricing leaves no tally kept), `PASSES` times; the median pass told.
 * Sums of a few thousand queries are steadier on a shared machine than one query's p99.
 */
const PASSES = 7;
const totals = new Map<string, number[]>();
for (let pass = 0; pass < PASSES; pass++) {
  for (const [label, sales] of [
    ['no sale', []],
    [`${live.length} sales`, live],
  ] as const) {
    index.setSales(sales);
    for (const [kind, list] of Object.entries(all)) {
      const key = `${label}, ${kind}`;
      const { cpu } = timed(() => {
        for (const q of list) index.query(q);
      });
      totals.set(key, [...(totals.get(key) ?? []), cpu]);
    }
  }
}
for (const [key, cpus] of totals) {
  const sorted = [...cpus].sort((a, b) => a - b);
  console.log(
    `${key}, all queries once, median of ${PASSES} passes: CPU ${ms(percentile(sorted, 50))} (${sorted.map((c) => c.toFixed(0)).join(', ')})`,
  );
}
