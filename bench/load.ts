/**
 * Load benchmark: the real haat app (in this process) against a bare node:http server that answers the
 * very same bytes (the ceiling), endpoint by endpoint, with autocannon in a child process on loopback.
 * "uncached" cases spread thousands of distinct requests over the connections, so that the catalogue's
 * response caches rarely help and the database is measured.
 *
 *   npm run bench                                              demo catalogue on PGlite
 *   npm run bench -- --database-url postgres://…/haat_bench    PostgreSQL (e.g. the 1,000,000 products)
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import type { HomeResponse, ListingResponse, SelectedFilters } from '../contract/catalogue.ts';
import { apiPaths } from '../contract/paths.ts';
import { type Captured, call, request, type Session, startSession } from './client.ts';
import { cpuMeter } from './cpu.ts';
import type { FireRequest, FireResult, FireSpec } from './fire.ts';
import { DEFAULT_BENCH_DATA_DIR, type RunningHaat, startHaatInProcess } from './haat.ts';
import { commandLine, markdownTable, runHeader, writeResultsSection } from './report.ts';
import { insertBenchSales, removeBenchSales } from './sales.ts';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    'data-dir': { type: 'string', default: DEFAULT_BENCH_DATA_DIR },
    segment: { type: 'string', default: 'Women' },
    genre: { type: 'string', default: 'Kurti' },
    filters: { type: 'string', default: '{"color":["Red"],"size":["M"]}' },
    connections: { type: 'string', default: '32' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    cases: { type: 'string' },
    label: { type: 'string' },
    'dry-run': { type: 'boolean', default: false },
    // live sales put in the sales table for the run, and removed after it
    sales: { type: 'string', default: '0' },
  },
});

const connections = Number(args.connections);
const duration = Number(args.duration);
const warmup = Number(args.warmup);
const filters = JSON.parse(args.filters) as SelectedFilters;
// enough that a 10 s run of an uncached case at a few thousand requests a second repeats none
const DISTINCT_REQUESTS = 50_000;
// PostgreSQL's backends serving it are counted in each case's CPU time (bench/cpu.ts)
const databaseName = args['database-url'] ? new URL(args['database-url']).pathname.slice(1) : undefined;
const FIRE_SCRIPT = fileURLToPath(new URL('./fire.ts', import.meta.url));

interface Case {
  name: string;
  requests: FireRequest[];
}

/** A fixed pseudo-random order, so every run sends the same requests. */
function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  let seed = 20_250_101;
  for (let i = out.length - 1; i > 0; i--) {
    // xorshift32
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    const j = (seed >>> 0) % (i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Distinct filter sets built from the values the listing offers: one or two colours, a size, … */
function filterSets(offered: ListingResponse['filterFeature']): SelectedFilters[] {
  const values = (feature: string) => offered.find((f) => feature in f)?.[feature] ?? [];
  const colours = values('color');
  const colourChoices = colours.flatMap((a, i) => [[a], ...colours.slice(i + 1).map((b) => [a, b])]);
  const optional = (feature: string) => [undefined, ...values(feature)];
  const sets: SelectedFilters[] = [];
  for (const color of colourChoices)
    for (const size of values('size'))
      for (const occasion of optional('occasion'))
        for (const fabric of optional('fabric')) {
          const set: SelectedFilters = { color, size: [size] };
          if (occasion) set.occasion = [occasion];
          if (fabric) set.fabric = [fabric];
          sets.push(set);
        }
  return shuffled(sets).slice(0, DISTINCT_REQUESTS);
}

/** The word with its third letter left out: a typo the search must forgive. */
const misspelt = (word: string) => (word.length > 4 ? word.slice(0, 2) + word.slice(3) : word);

/**
 * What shoppers type: a colour, a fabric or an occasion with a genre ("red kurti", "silk saree"), and
 * parts of the catalogue's product names ("floral lehenga", "brocade lehenga set", "red tiered frock",
 * each name's end in three colours),
 * every third one with its last word misspelt. Each is searched with no filter, a size or a price range,
 * sorted three ways.
 */
function searchTexts(
  home: HomeResponse,
  offered: ListingResponse['filterFeature'],
  names: string[],
): string[] {
  const values = (feature: string) => offered.find((f) => feature in f)?.[feature] ?? [];
  const genres = [...new Set(home.map((h) => h.genre.toLowerCase()))];
  const colours = values('color').map((c) => c.toLowerCase());
  const words = [...colours, ...values('fabric'), ...values('occasion')].map((w) => w.toLowerCase());
  const typed = (text: string, i: number) => {
    const parts = text.split(' ');
    if (i % 3 === 0) parts.push(misspelt(parts.pop() ?? ''));
    return parts.join(' ');
  };
  const byFeature = genres.flatMap((genre) => words.map((word) => `${word} ${genre}`));
  const byName = names.flatMap((name, i) => {
    const parts = name.toLowerCase().split(' ');
    const tail = parts.slice(-2).join(' ');
    const colour = (step: number) => colours[(i + step) % Math.max(colours.length, 1)] ?? '';
    return [
      `${parts[0]} ${parts.at(-1)}`,
      parts.slice(1).join(' '),
      ...[0, 3, 7].map((step) => `${colour(step)} ${tail}`.trim()),
    ];
  });
  return [...new Set([...byFeature, ...byName].map(typed))];
}

const SEARCH_FILTERS: SelectedFilters[] = [{}, { size: ['M'] }, { price: ['500-1999'] }];
/** best match, price low to high, popularity */
const SEARCH_SORTS = [0, 1, 3];

/** Each text as typed from its second letter: what the search box asks for suggestions. */
const typedPrefixes = (texts: string[]) =>
  [
    ...new Set(texts.flatMap((t) => Array.from({ length: t.length - 1 }, (_, i) => t.slice(0, i + 2)))),
  ].filter((p) => !p.endsWith(' '));

/** Distinct product names, in a fixed order. */
async function sampleNames(haat: RunningHaat) {
  const { rows } = await sql<{ name: string }>`
    SELECT DISTINCT name FROM products ORDER BY name LIMIT ${DISTINCT_REQUESTS}`.execute(haat.db);
  return rows.map((row) => row.name);
}

async function sampleProducts(haat: RunningHaat) {
  const { rows } = await sql<{ id: number; prod: string }>`
    SELECT id, prod FROM products ORDER BY hashint4(id) LIMIT ${DISTINCT_REQUESTS}`.execute(haat.db);
  return rows;
}

async function buildCases(haat: RunningHaat, session: Session): Promise<Case[]> {
  const listing = (selected: SelectedFilters, sort: 0 | 1 | 2) =>
    request(session, 'POST', apiPaths.listing(args.segment, args.genre, selected), { page: 1, sort });
  const plain = listing({}, 0);
  const first = JSON.parse((await call(haat.url, plain)).body.toString()) as ListingResponse;
  const product = first.prods[0];
  if (!product) throw new Error(`no products in ${args.segment} / ${args.genre}`);
  const sets = filterSets(first.filterFeature);
  const products = await sampleProducts(haat);
  const home = JSON.parse((await call(haat.url, request(session, 'GET', apiPaths.home()))).body.toString());
  const texts = shuffled(searchTexts(home as HomeResponse, first.filterFeature, await sampleNames(haat)));
  const searches = shuffled(
    texts.flatMap((q) =>
      SEARCH_FILTERS.flatMap((f) =>
        SEARCH_SORTS.map((sort) => request(session, 'GET', apiPaths.search(q, f, 1, sort))),
      ),
    ),
  ).slice(0, DISTINCT_REQUESTS);
  const suggestions = shuffled(
    typedPrefixes(texts).map((q) => request(session, 'GET', apiPaths.suggest(q))),
  ).slice(0, DISTINCT_REQUESTS);
  const cases: Case[] = [
    { name: 'home', requests: [request(session, 'GET', apiPaths.home())] },
    // the session read every listing and product request makes, alone: the floor under those cases
    { name: 'session check', requests: [request(session, 'GET', apiPaths.check())] },
    { name: 'listing', requests: [plain] },
    { name: `listing, filters ${args.filters}`, requests: [listing(filters, 0)] },
    { name: 'listing, sort by price', requests: [listing({}, 1)] },
    {
      name: 'accessories listing',
      requests: [request(session, 'POST', apiPaths.accessories({}), { page: 1, sort: 0 })],
    },
    { name: 'product page', requests: [request(session, 'GET', apiPaths.product(product.prod, product.id))] },
    {
      name: `uncached: listing, ${sets.length} filter sets`,
      requests: sets.map((set) => listing(set, 0)),
    },
    { name: `uncached: search with facets, ${searches.length} texts and filters`, requests: searches },
    { name: `uncached: suggestions, ${suggestions.length} typed texts`, requests: suggestions },
    {
      name: `uncached: ${products.length} product pages`,
      requests: products.map((p) => request(session, 'GET', apiPaths.product(p.prod, p.id))),
    },
  ];
  const wanted = args.cases?.split(',').map((s) => s.trim());
  return wanted ? cases.filter((c) => wanted.some((w) => c.name.includes(w))) : cases;
}

/** The same bytes haat answered, served with nothing else to do: what the machine can do at best. */
async function startCeiling(responses: Map<string, Captured>) {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const hit = responses.get(`${req.method} ${req.url}`);
      if (!hit) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': hit.type, 'content-length': hit.body.length });
      res.end(hit.body);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** autocannon in a child process (its own core, as far as two cores allow). */
function fire(url: string, requests: FireRequest[]): Promise<FireResult> {
  const spec: FireSpec = { url, connections, duration, warmup, requests };
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', FIRE_SCRIPT], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('error', fail);
    child.on('exit', (code) => {
      if (code === 0) done(JSON.parse(out) as FireResult);
      else fail(new Error(`load generator exited with code ${code}`));
    });
    child.stdin.end(JSON.stringify(spec));
  });
}

const ms = (value: number) => (value < 10 ? value.toFixed(1) : value.toFixed(0));
const int = (value: number) => Math.round(value).toLocaleString('en-US');

async function measureCase(haat: RunningHaat, c: Case, ceilingUrl: string | undefined): Promise<string[]> {
  process.stdout.write(`${c.name}: haat… `);
  const spent = cpuMeter(databaseName);
  const ours = await fire(haat.url, c.requests);
  const cpu = spent();
  const bare = ceilingUrl ? await fire(ceilingUrl, c.requests) : undefined;
  console.log(`${int(ours.rps)} req/s${bare ? ` (ceiling ${int(bare.rps)})` : ''}`);
  const only = c.requests.length === 1 ? c.requests[0] : undefined;
  const repeats = c.requests.length > 1 && ours.sent > c.requests.length ? ' (some repeated)' : '';
  return [
    c.name + repeats,
    only ? `${only.method} ${decodeURIComponent(only.path)}` : `${c.requests.length} distinct`,
    int(ours.rps),
    ms(ours.p50),
    ms(ours.p99),
    bare ? int(bare.rps) : '–',
    bare ? ms(bare.p50) : '–',
    bare ? ms(bare.p99) : '–',
    bare ? `${Math.round((100 * ours.rps) / bare.rps)}%` : '–',
    String(ours.failures + (bare?.failures ?? 0)),
    (cpu.haatMs / ours.sent).toFixed(2),
    databaseName ? (cpu.databaseMs / ours.sent).toFixed(2) : '–',
  ];
}

async function run(haat: RunningHaat): Promise<void> {
  const session = await startSession(haat.url);
  const cases = await buildCases(haat, session);
  // the ceiling answers the one-request cases with the bytes haat gave for them
  const responses = new Map<string, Captured>();
  for (const c of cases) {
    const only = c.requests.length === 1 ? c.requests[0] : undefined;
    if (only) responses.set(`${only.method} ${only.path}`, await call(haat.url, only));
  }
  const ceiling = await startCeiling(responses);
  const rows: string[][] = [];
  try {
    for (const c of cases)
      rows.push(await measureCase(haat, c, c.requests.length === 1 ? ceiling.url : undefined));
  } finally {
    await ceiling.close();
  }
  const table = markdownTable(
    [
      'case',
      'request',
      'haat req/s',
      'haat p50 ms',
      'haat p99 ms',
      'ceiling req/s',
      'ceiling p50 ms',
      'ceiling p99 ms',
      'haat / ceiling',
      'errors',
      'haat CPU ms/req',
      'database CPU ms/req',
    ],
    rows,
  );
  const engine = haat.engine === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL';
  // the demo's size changes with the seed; its section keeps one name so that reruns replace it
  const catalogue = haat.products < 10_000 ? 'demo catalogue' : `${int(haat.products)} products`;
  const label = args.label ?? `${engine}, ${catalogue}`;
  const section = [
    `### Load: ${label}`,
    '',
    runHeader(commandLine('bench', 'bench/load.ts')),
    `- catalogue: ${int(haat.products)} products; listing: ${args.segment} / ${args.genre}, page 1; ${args.sales} live sales`,
    `- load: autocannon, ${connections} connections, ${warmup} s warm-up then ${duration} s per case, loopback`,
    '',
    table,
  ].join('\n');
  console.log(`\n${section}\n`);
  if (!args['dry-run']) writeResultsSection(`load: ${label}`, section);
}

async function main(): Promise<void> {
  const haat = await startHaatInProcess({
    databaseUrl: args['database-url'],
    dataDir: resolve(args['data-dir']),
  });
  const sales = await insertBenchSales(haat.db, Number(args.sales), haat.products);
  try {
    // a sale's start reaches every listing within a second
    if (sales.length > 0) await new Promise((done) => setTimeout(done, 2_000));
    await run(haat);
  } finally {
    await removeBenchSales(haat.db, sales);
    await haat.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
