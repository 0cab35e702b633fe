/**
 * A restart at scale: haat started in production mode on a large catalogue, `/readyz` asked
 * every 100 ms from the process's start, and the moment it says ready the shopper's first requests, one
 * after another: a search, a filtered listing, the listing's first product's page, then a mix of
 * searches, suggestions, listings in every sort and product pages. Readiness is right when none of them
 * waits for an index or a cache being built: each answer's time is what it costs once warm.
 *
 *   npm run bench:restart [-- --database-url postgres://… --runs 3 --compiled --verbose --dry-run]
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, openSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { HomeResponse, ListingResponse, SelectedFilters } from '../contract/catalogue.ts';
import { apiPaths } from '../contract/paths.ts';
import { spawnCompiledServer, spawnServer, stopProcess } from '../deploy/processes.ts';
import { type Captured, call, request, type Session, startSession } from './client.ts';
import type { FireRequest } from './fire.ts';
import { commandLine, markdownTable, runHeader, writeResultsSection } from './report.ts';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/haat_bench' },
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: '3233' },
    // dist/server/main.js (npm run build) as the image runs it, rather than server/main.ts through tsx
    compiled: { type: 'boolean', default: false },
    // every request's time, not only the slowest
    verbose: { type: 'boolean', default: false },
    'dry-run': { type: 'boolean', default: false },
  },
});

const PORT = Number(args.port);
const BASE = `http://127.0.0.1:${PORT}`;
const POLL_MS = 100;
const LOG_FILE = '/tmp/haat-bench-restart.log';

/**
 * Production as `Go live` asks it, with keys that are never used: nothing is paid or texted here. The
 * jobs (SMS outbox, payment reconciler) find nothing to do on a bench catalogue.
 */
const PRODUCTION_ENV: Record<string, string> = {
  NODE_ENV: 'production',
  DATABASE_URL: args['database-url'],
  SESSION_SECRET: 'bench-restart-session-secret-of-32-characters',
  PUBLIC_URL: 'https://bench.haat.example',
  SMS_PROVIDER: 'msg91',
  MSG91_AUTH_KEY: 'bench-msg91-auth-key',
  MSG91_TEMPLATE_ID: 'bench-otp-template',
  PAYMENT_PROVIDER: 'razorpay',
  RAZORPAY_KEY_ID: 'rzp_test_bench',
  RAZORPAY_KEY_SECRET: 'bench-key-secret',
  RAZORPAY_WEBHOOK_SECRET: 'bench-webhook-secret',
};

interface Timed {
  what: string;
  ms: number;
}

interface Run {
  /** from the spawn to the first 200 of /healthz, then of /readyz */
  listening: number;
  ready: number;
  /** each reason /readyz gave, with when it was first given */
  reasons: Timed[];
  first: Timed[];
  next: Timed[];
}

async function timed(what: string, base: string, r: FireRequest): Promise<Timed & Captured> {
  const sent = performance.now();
  const captured = await call(base, r);
  return { what, ms: performance.now() - sent, ...captured };
}

const json = <T>(captured: Captured) => JSON.parse(captured.body.toString()) as T;

/** /readyz every 100 ms until it answers 200; /healthz's first 200 and every reason given on the way. */
async function untilReady(child: ChildProcess, started: number): Promise<Omit<Run, 'first' | 'next'>> {
  let listening = Number.NaN;
  const reasons: Timed[] = [];
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haat exited with code ${child.exitCode}: see ${LOG_FILE}`);
    const asked = performance.now();
    const res = await fetch(`${BASE}/readyz`).catch(() => undefined);
    if (res) {
      if (Number.isNaN(listening)) listening = performance.now() - started;
      const body = (await res.json()) as { error?: string };
      if (res.ok) return { listening, ready: performance.now() - started, reasons };
      const reason = body.error ?? String(res.status);
      if (reasons.at(-1)?.what !== reason) reasons.push({ what: reason, ms: performance.now() - started });
    }
    await new Promise((done) => setTimeout(done, Math.max(0, POLL_MS - (performance.now() - asked))));
  }
}

/**
 * About 50 requests a shopper's first minutes make, none of them asked before in this process: searches
 * (every sort, a typo, a filter, a second page), suggestions as typed, every genre's listing in one of
 * the six sorts, accessories, product pages.
 */
function nextRequests(session: Session, home: HomeResponse, productIds: number[]): [string, FireRequest][] {
  const get = (path: string): [string, FireRequest] => [path, request(session, 'GET', path)];
  const post = (path: string, sort: number, page = 1): [string, FireRequest] => [
    `${path} sort ${sort}${page > 1 ? ` page ${page}` : ''}`,
    request(session, 'POST', path, { page, sort }),
  ];
  const filters: SelectedFilters[] = [{}, { price: ['500-1999'] }, { discount: ['30'] }, { size: ['L'] }];
  const listings = home.map(({ userSegment, genre }, i) =>
    post(apiPaths.listing(userSegment, genre, filters[i % filters.length] ?? {}), i % 6),
  );
  const searches: [string, SelectedFilters, number, number][] = [
    ['silk saree', {}, 1, 0],
    ['silk saree', {}, 1, 3],
    ['cotton shirt', {}, 1, 1],
    ['red kurti', { size: ['M'] }, 1, 0],
    ['floral lehenga', {}, 2, 0],
    ['brass', {}, 1, 3],
    ['kurtaa', {}, 1, 0],
    ['wedding', {}, 1, 5],
  ];
  return [
    ...searches.map(([q, f, page, sort]) => get(apiPaths.search(q, f, page, sort))),
    ...['ku', 'kur', 'sil', 'red k', 'bra', 'lehe'].map((q) => get(apiPaths.suggest(q))),
    ...listings,
    post(apiPaths.accessories({}), 3),
    post(apiPaths.listing('Women', 'Kurti', {}), 3, 2),
    ...productIds.map((id) => get(apiPaths.product('apparel', id))),
  ];
}

async function oneRun(): Promise<Run> {
  const log = openSync(LOG_FILE, 'a');
  const env = { PATH: process.env.PATH ?? '', ...PRODUCTION_ENV };
  const started = performance.now();
  const child = args.compiled
    ? spawnCompiledServer(env, PORT, ['ignore', log, log])
    : spawnServer(env, PORT, ['ignore', log, log]);
  try {
    const readiness = await untilReady(child, started);
    const search = await timed('first search ("kurta")', BASE, {
      method: 'GET',
      path: apiPaths.search('kurta', {}, 1, 0),
      headers: {},
    });
    // the session the web app opens on its first page; its own time is not an index's
    const session = await startSession(BASE);
    const filtered = await timed(
      'filtered listing (Women / Kurti, red, M)',
      BASE,
      request(session, 'POST', apiPaths.listing('Women', 'Kurti', { color: ['Red'], size: ['M'] }), {
        page: 1,
        sort: 0,
      }),
    );
    const firstProduct = json<ListingResponse>(filtered).prods[0];
    if (!firstProduct) throw new Error('the filtered listing found nothing');
    const product = await timed(
      'its first product',
      BASE,
      request(session, 'GET', apiPaths.product(firstProduct.prod, firstProduct.id)),
    );
    const home = await timed('home', BASE, request(session, 'GET', apiPaths.home()));
    const found = json<ListingResponse>(search).prods.map((p) => p.id);
    const next: Timed[] = [home];
    for (const [what, r] of nextRequests(session, json<HomeResponse>(home), found.slice(0, 6))) {
      next.push(await timed(what, BASE, r));
    }
    return { ...readiness, first: [search, filtered, product].map(({ what, ms }) => ({ what, ms })), next };
  } finally {
    await stopProcess(child);
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;
const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;
const slowest = (run: Run) => run.next.reduce((a, b) => (b.ms > a.ms ? b : a));

if (args.compiled && !existsSync(fileURLToPath(new URL('../dist/server/main.js', import.meta.url)))) {
  throw new Error('--compiled runs dist/server/main.js: npm run build first');
}
const runs: Run[] = [];
for (let i = 1; i <= Number(args.runs); i++) {
  const run = await oneRun();
  runs.push(run);
  const reasons = run.reasons.map((r) => `${seconds(r.ms)} "${r.what}"`).join(', ');
  console.log(
    `run ${i}: listening ${seconds(run.listening)}, ready ${seconds(run.ready)} (${reasons}); ` +
      run.first.map((t) => `${t.what} ${ms(t.ms)}`).join(', ') +
      `; next ${run.next.length}: slowest ${ms(slowest(run).ms)} (${slowest(run).what})`,
  );
  if (args.verbose) for (const t of run.next) console.log(`  ${ms(t.ms).padStart(9)}  ${t.what}`);
}

const rows = [
  [
    'listening (first /healthz 200)',
    ...runs.map((r) => seconds(r.listening)),
    seconds(median(runs.map((r) => r.listening))),
  ],
  [
    'ready (first /readyz 200)',
    ...runs.map((r) => seconds(r.ready)),
    seconds(median(runs.map((r) => r.ready))),
  ],
  ...(runs[0]?.first ?? []).map((t, i) => {
    const each = runs.map((r) => r.first[i]?.ms ?? Number.NaN);
    return [t.what, ...each.map(ms), ms(median(each))];
  }),
  [
    `slowest of the next ${runs[0]?.next.length ?? 0}`,
    ...runs.map((r) => `${ms(slowest(r).ms)} (${slowest(r).what})`),
    ms(median(runs.map((r) => slowest(r).ms))),
  ],
];
const section = [
  `## Restart at scale (${args.compiled ? 'compiled server' : 'server through tsx'})`,
  '',
  runHeader(commandLine('bench:restart', 'bench/restart.ts')),
  '',
  markdownTable(['', ...runs.map((_, i) => `run ${i + 1}`), 'median'], rows),
].join('\n');
console.log(`\n${section}`);
if (!args['dry-run']) writeResultsSection(`restart-${args.compiled ? 'compiled' : 'tsx'}`, section);
