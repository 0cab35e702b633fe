/**
 * Lighthouse 12 (mobile preset: simulated slow 4G and a 4x slower CPU) on the home, a listing and a
 * product page of the built web app, plus the initial JavaScript the app costs (gzip). With --admin,
 * accessibility alone on the back office's main pages, signed in as an owner added for the run.
 *
 *   npm run build && npm run bench:lighthouse              starts haat (demo catalogue on PGlite)
 *   npm run bench:lighthouse -- --url http://127.0.0.1:3000  a haat that is already running
 *   npm run bench:lighthouse -- --admin                    the back office (ADMIN_TOKEN of --url's haat)
 */
import { execFile } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import type { AdminOrdersResponse } from '../contract/admin.ts';
import type { ListingResponse } from '../contract/catalogue.ts';
import { apiPaths, paths } from '../contract/paths.ts';
import { apiPaths as adminApiPaths, paths as adminPaths } from '../web/admin/src/api/paths.ts';
import { call, request, startSession } from './client.ts';
import { DEFAULT_BENCH_DATA_DIR, startHaatProcess } from './haat.ts';
import { commandLine, markdownTable, runHeader, writeResultsSection } from './report.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(ROOT, 'dist/web');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const LIGHTHOUSE_CLI = join(ROOT, 'node_modules/lighthouse/cli/index.js');
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    'database-url': { type: 'string' },
    'data-dir': { type: 'string', default: DEFAULT_BENCH_DATA_DIR },
    port: { type: 'string', default: '3211' },
    runs: { type: 'string', default: '3' },
    segment: { type: 'string', default: 'Women' },
    genre: { type: 'string', default: 'Kurti' },
    'dry-run': { type: 'boolean', default: false },
    admin: { type: 'boolean', default: false },
  },
});

/** The parts of Lighthouse's result (LHR) read here. */
interface Lhr {
  runtimeError?: { message: string };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    {
      title: string;
      score: number | null;
      numericValue?: number;
      displayValue?: string;
      details?: { type?: string; overallSavingsMs?: number };
    }
  >;
}

interface PageScore {
  page: string;
  path: string;
  performance: number;
  accessibility: number;
  metrics: string[];
  findings: string[];
}

/** Which categories to score, and the debugging port of a Chromium already signed in (else one is started). */
interface Audit {
  categories: string[];
  port?: number;
}

const SHOP_AUDIT: Audit = { categories: ['performance', 'accessibility'] };

/** Lighthouse's own advice for a trace it failed to record (NO_NAVSTART and the like): run it again. */
const RUN_AGAIN = /run Lighthouse again/i;
const ATTEMPTS = 3;

async function lighthouse(url: string, outDir: string, run: number, audit: Audit): Promise<Lhr> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseOnce(url, outDir, run, audit);
    } catch (error) {
      if (attempt === ATTEMPTS || !RUN_AGAIN.test(String(error))) throw error;
      process.stdout.write('(the trace failed, again) ');
    }
  }
}

async function lighthouseOnce(url: string, outDir: string, run: number, audit: Audit): Promise<Lhr> {
  const output = join(outDir, `run-${run}.json`);
  await promisify(execFile)(
    process.execPath,
    [
      LIGHTHOUSE_CLI,
      url,
      '--quiet',
      '--output=json',
      `--output-path=${output}`,
      `--only-categories=${audit.categories.join(',')}`,
      ...(audit.port ? [`--port=${audit.port}`] : [`--chrome-flags=${CHROME_FLAGS.join(' ')}`]),
    ],
    { env: { ...process.env, CHROME_PATH } },
  );
  const lhr = JSON.parse(readFileSync(output, 'utf8')) as Lhr;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  return lhr;
}

const score = (lhr: Lhr, category: string) => Math.round(100 * (lhr.categories[category]?.score ?? 0));

/** What costs points: failing accessibility audits and the performance opportunities. */
function findings(lhr: Lhr): string[] {
  const failing = (lhr.categories.accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => `a11y: ${lhr.audits[ref.id]?.title}`);
  const opportunities = Object.values(lhr.audits)
    .filter((a) => a.details?.type === 'opportunity' && (a.details.overallSavingsMs ?? 0) > 0)
    .map((a) => `perf: ${a.title} (${a.displayValue ?? `${a.details?.overallSavingsMs} ms`})`);
  return [...failing, ...opportunities];
}

function metrics(lhr: Lhr): string[] {
  return [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
  ].map((id) => lhr.audits[id]?.displayValue ?? '?');
}

/** Runs a page several times and keeps the run with the median performance score. */
async function measurePage(
  base: string,
  [page, path]: [string, string],
  outDir: string,
  audit: Audit,
  times: number,
): Promise<PageScore> {
  const runs: Lhr[] = [];
  for (let run = 0; run < times; run++) {
    process.stdout.write(`${page}: run ${run + 1}… `);
    runs.push(await lighthouse(`${base}${path}`, outDir, runs.length, audit));
    console.log(
      audit.categories.map((category) => `${category} ${score(runs.at(-1) as Lhr, category)}`).join(', '),
    );
  }
  runs.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
  const median = runs[Math.floor(runs.length / 2)] as Lhr;
  return {
    page,
    path,
    performance: score(median, 'performance'),
    accessibility: score(median, 'accessibility'),
    metrics: metrics(median),
    findings: findings(median),
  };
}

/** The entry script and its modulepreloads: what a first visit must fetch before the app runs. */
function initialJs(): { files: string[]; gzipBytes: number; rawBytes: number } {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const files = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((m) => m[1] as string);
  let gzipBytes = 0;
  let rawBytes = 0;
  for (const file of new Set(files)) {
    const bytes = readFileSync(join(DIST, file));
    rawBytes += bytes.length;
    gzipBytes += gzipSync(bytes).length;
  }
  return { files: [...new Set(files)], gzipBytes, rawBytes };
}

async function pages(base: string): Promise<[string, string][]> {
  const session = await startSession(base);
  const listing = await call(
    base,
    request(session, 'POST', apiPaths.listing(args.segment, args.genre, {}), { page: 1, sort: 0 }),
  );
  const first = (JSON.parse(listing.body.toString()) as ListingResponse).prods[0];
  if (!first) throw new Error(`no products in ${args.segment} / ${args.genre}`);
  return [
    ['home', paths.home()],
    ['listing', paths.listing(args.segment, args.genre)],
    ['product', paths.product(first.prod, first.id)],
  ];
}

/** A phone number for this run's owner: 7 and nine digits, so no demo customer or earlier run has it. */
const runPhone = () => `7${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;

/**
 * An owner added for the run with the bearer token, then signed in as a person of staff does (the code
 * from the development outbox): the shop's session cookie and the staff session's.
 */
async function ownerCookies(base: string, token: string): Promise<{ name: string; value: string }[]> {
  const phone = runPhone();
  const added = await fetch(`${base}${adminApiPaths.staff()}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Lighthouse Owner', phone, role: 'owner' }),
  });
  if (!added.ok) throw new Error(`adding the run's owner answered ${added.status}: ${await added.text()}`);
  const session = await startSession(base);
  await call(base, request(session, 'POST', adminApiPaths.sessionCode(), { phone }));
  const outbox = await call(base, request(session, 'GET', `/api/dev/sms/${phone}`));
  const { code } = JSON.parse(outbox.body.toString()) as { code: string };
  const signIn = request(session, 'POST', adminApiPaths.session(), { phone, code });
  const res = await fetch(`${base}${signIn.path}`, {
    method: 'POST',
    headers: signIn.headers,
    body: signIn.body,
  });
  if (res.status !== 200) throw new Error(`the owner's sign-in answered ${res.status}: ${await res.text()}`);
  const pairs = [
    ...session.cookie.split('; '),
    ...res.headers.getSetCookie().map((line) => line.split(';')[0]),
  ];
  return pairs.map((pair = '') => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1) };
  });
}

/**
 * Chromium holding the owner's cookies, for Lighthouse to drive through its debugging port: Lighthouse's
 * own --extra-headers reach the page's address but not the app's fetch() calls, so it saw the sign-in.
 */
async function signedInChromium(base: string, cookies: { name: string; value: string }[]) {
  const profile = mkdtempSync(join(tmpdir(), 'haat-lighthouse-chromium-'));
  const port = Number(args.port) + 1000;
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROME_PATH,
    args: [...CHROME_FLAGS.filter((flag) => flag !== '--headless'), `--remote-debugging-port=${port}`],
  });
  await context.addCookies(cookies.map((cookie) => ({ ...cookie, url: base })));
  return {
    port,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** The back office's main pages; the order page is the newest order's, when the shop has one. */
async function adminPages(base: string, token: string): Promise<[string, string][]> {
  const orders = await call(base, {
    method: 'GET',
    path: adminApiPaths.orders(),
    headers: { authorization: `Bearer ${token}` },
  });
  const newest = (JSON.parse(orders.body.toString()) as AdminOrdersResponse).lines[0];
  return [
    ['dashboard', adminPaths.dashboard()],
    ['orders', adminPaths.orders()],
    ...(newest ? [['order', adminPaths.order(newest.orderId)] as [string, string]] : []),
    ['returns', adminPaths.returns()],
    ['refunds', adminPaths.refunds()],
    ['reviews', adminPaths.reviews()],
    ['staff', adminPaths.staff()],
    ['activity', adminPaths.activity()],
    ['products', adminPaths.products()],
    ['add product', adminPaths.newProduct()],
  ];
}

/** The shop's pages (performance and accessibility, median of --runs), or the back office's (accessibility, once). */
async function measure(base: string, adminToken: string | undefined) {
  const outDir = mkdtempSync(join(tmpdir(), 'haat-lighthouse-'));
  try {
    const scores: PageScore[] = [];
    if (adminToken) {
      const browser = await signedInChromium(base, await ownerCookies(base, adminToken));
      try {
        const audit = { categories: ['accessibility'], port: browser.port };
        for (const page of await adminPages(base, adminToken))
          scores.push(await measurePage(base, page, outDir, audit, 1));
      } finally {
        await browser.close();
      }
    } else {
      for (const page of await pages(base))
        scores.push(await measurePage(base, page, outDir, SHOP_AUDIT, Number(args.runs)));
    }
    return scores;
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

function report(scores: PageScore[], js: ReturnType<typeof initialJs>): string {
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB (${(bytes / 1024).toFixed(1)} KiB)`;
  const table = markdownTable(
    ['page', 'path', 'performance', 'accessibility', 'FCP', 'LCP', 'TBT', 'CLS'],
    scores.map((s) => [
      s.page,
      decodeURIComponent(s.path),
      String(s.performance),
      String(s.accessibility),
      ...s.metrics,
    ]),
  );
  const notes = scores.flatMap((s) => s.findings.map((f) => `- ${s.page}: ${f}`));
  return [
    '### Lighthouse (mobile) and initial JavaScript',
    '',
    runHeader(commandLine('bench:lighthouse', 'bench/lighthouse.ts')),
    `- Lighthouse 12, mobile preset (simulated throttling), Chromium at ${CHROME_PATH}, ` +
      `median of ${args.runs} runs by performance score`,
    '',
    table,
    '',
    `Initial JavaScript (entry script and its modulepreloads, gzip as Vite reports it): **${kb(js.gzipBytes)}** ` +
      `(${kb(js.rawBytes)} before gzip) in ${js.files.length} files: ${js.files.join(', ')}`,
    ...(notes.length ? ['', 'What Lighthouse flagged (median run):', '', ...notes] : []),
  ].join('\n');
}

function adminReport(scores: PageScore[]): string {
  const table = markdownTable(
    ['page', 'path', 'accessibility'],
    scores.map((s) => [s.page, s.path, String(s.accessibility)]),
  );
  const notes = scores.flatMap((s) => s.findings.map((f) => `- ${s.page}: ${f}`));
  return [
    '### Lighthouse accessibility of the back office (signed in as an owner)',
    '',
    runHeader(commandLine('bench:lighthouse', 'bench/lighthouse.ts')),
    `- Lighthouse 12, accessibility only, Chromium at ${CHROME_PATH}, one run a page`,
    '',
    table,
    ...(notes.length ? ['', 'What Lighthouse flagged:', '', ...notes] : []),
  ].join('\n');
}

/** The bearer token that adds the run's owner: the running haat's, or one made for the haat started here. */
function adminToken(): string | undefined {
  if (!args.admin) return undefined;
  if (!process.env.ADMIN_TOKEN && args.url)
    throw new Error("--admin with --url needs that haat's ADMIN_TOKEN");
  process.env.ADMIN_TOKEN ??= randomBytes(24).toString('hex');
  return process.env.ADMIN_TOKEN;
}

async function main(): Promise<void> {
  if (!existsSync(join(DIST, 'index.html')))
    throw new Error('no built web app in dist/web: run `npm run build` first');
  const js = initialJs();
  const token = adminToken();
  const server = args.url
    ? { url: args.url, close: async () => {} }
    : await startHaatProcess(
        { databaseUrl: args['database-url'], dataDir: resolve(args['data-dir']) },
        Number(args.port),
        join(tmpdir(), 'haat-lighthouse-server.log'),
      );
  try {
    const scores = await measure(server.url, token);
    const section = token ? adminReport(scores) : report(scores, js);
    console.log(`\n${section}\n`);
    if (!args['dry-run']) writeResultsSection(token ? 'lighthouse-admin' : 'lighthouse', section);
  } finally {
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
