/**
 * Lighthouse 12 (mobile preset: simulated slow 4G and a 4x slower CPU) on the home, a listing and a
 * product page of the built web app, plus the initial JavaScript the app costs (gzip).
 *
 *   npm run build && npm run bench:lighthouse              starts haat (demo catalogue on PGlite)
 *   npm run bench:lighthouse -- --url http://127.0.0.1:3000  a haat that is already running
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { ListingResponse } from '../contract/catalog.ts';
import { apiPaths, paths } from '../web/src/config/paths.ts';
import { call, request, startSession } from './client.ts';
import { DEFAULT_BENCH_DATA_DIR, startHaatProcess } from './haat.ts';
import { commandLine, markdownTable, runHeader, writeResultsSection } from './report.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(ROOT, 'dist/web');
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

async function lighthouse(url: string, outDir: string, run: number): Promise<Lhr> {
  const output = join(outDir, `run-${run}.json`);
  await promisify(execFile)(
    process.execPath,
    [
      LIGHTHOUSE_CLI,
      url,
      '--quiet',
      '--output=json',
      `--output-path=${output}`,
      '--only-categories=performance,accessibility',
      `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
    ],
    { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' } },
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
async function measurePage(base: string, page: string, path: string, outDir: string): Promise<PageScore> {
  const runs: Lhr[] = [];
  for (let run = 0; run < Number(args.runs); run++) {
    process.stdout.write(`${page}: run ${run + 1}… `);
    runs.push(await lighthouse(`${base}${path}`, outDir, runs.length));
    console.log(`performance ${score(runs.at(-1) as Lhr, 'performance')}`);
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

async function measure(base: string) {
  const outDir = mkdtempSync(join(tmpdir(), 'haat-lighthouse-'));
  try {
    const scores: PageScore[] = [];
    for (const [page, path] of await pages(base)) scores.push(await measurePage(base, page, path, outDir));
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
    `- Lighthouse 12, mobile preset (simulated throttling), Chromium at ${process.env.CHROME_PATH ?? '/usr/bin/chromium'}, ` +
      `median of ${args.runs} runs by performance score`,
    '',
    table,
    '',
    `Initial JavaScript (entry script and its modulepreloads, gzip as Vite reports it): **${kb(js.gzipBytes)}** ` +
      `(${kb(js.rawBytes)} before gzip) in ${js.files.length} files: ${js.files.join(', ')}`,
    ...(notes.length ? ['', 'What Lighthouse flagged (median run):', '', ...notes] : []),
  ].join('\n');
}

async function main(): Promise<void> {
  if (!existsSync(join(DIST, 'index.html')))
    throw new Error('no built web app in dist/web: run `npm run build` first');
  const js = initialJs();
  const server = args.url
    ? { url: args.url, close: async () => {} }
    : await startHaatProcess(
        { databaseUrl: args['database-url'], dataDir: resolve(args['data-dir']) },
        Number(args.port),
        join(tmpdir(), 'haat-lighthouse-server.log'),
      );
  try {
    const section = report(await measure(server.url), js);
    console.log(`\n${section}\n`);
    if (!args['dry-run']) writeResultsSection('lighthouse', section);
  } finally {
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
