/**
 * The owner's books on a month of 100,000 order lines (issue 40): GSTR-1, GSTR-8, the settlement and a
 * seller's statement each under 10 s, streamed, without holding the month in memory. Generates the month
 * (bench/books-month.ts) into a migrated database, then starts the real server in its own process and asks
 * for each answer as the owner (ADMIN_TOKEN), recording its wall time, first byte, size, the server's peak
 * RSS during it (VmHWM, reset before each request) and /healthz's latency meanwhile.
 *
 *   npm run bench:books                                   # PostgreSQL, postgres://postgres@127.0.0.1:5432/bench_books
 *   npm run bench:books -- --reset                        # replace the month a database already holds
 *   npm run bench:books -- --pglite --data-dir data/bench-books
 *   npm run bench:books -- --skip-generate --runs 3       # measure again on the month generated before
 *   npm run bench:books -- --generate-only --lines 20000
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { indiaMonth } from '../contract/india-time.ts';
import {
  freePort,
  spawnCompiledServer,
  spawnServer,
  stopProcess,
  untilAnswers,
} from '../deploy/processes.ts';
import { openDatabase } from '../server/db/connect.ts';
import { migrate } from '../server/db/migrate.ts';
import { checkAgainstShop, clearShop, generateMonth, type MonthSummary } from './books-month.ts';
import { commandLine, markdownTable, runHeader, writeResultsSection } from './report.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/bench_books';
const TOKEN = 'bench-books-admin-token-0123456789';
const TARGET_MS = 10_000;
const PROBE_EVERY_MS = 50;

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    pglite: { type: 'boolean', default: false },
    'data-dir': { type: 'string', default: resolve(ROOT, 'data/bench-books') },
    lines: { type: 'string', default: '100000' },
    period: { type: 'string' },
    'as-of': { type: 'string' },
    seed: { type: 'string', default: 'books' },
    reset: { type: 'boolean', default: false },
    'skip-generate': { type: 'boolean', default: false },
    'generate-only': { type: 'boolean', default: false },
    runs: { type: 'string', default: '2' },
    /** only the answers whose names contain one of these (comma-separated), e.g. `statement,GSTR-8` */
    cases: { type: 'string' },
    'dry-run': { type: 'boolean', default: false },
  },
});

const choice = {
  databaseUrl: args.pglite
    ? undefined
    : (args['database-url'] ?? process.env.BENCH_DATABASE_URL ?? DEFAULT_DATABASE_URL),
  dataDir: args['data-dir'],
};
const asOf = args['as-of'] ? new Date(args['as-of']) : new Date();
/** the India month before asOf's: a whole month, all of it in the past */
const previousMonth = (at: Date) => {
  const [year, month] = indiaMonth(at).split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
};
const period = args.period ?? previousMonth(asOf);
const engine = choice.databaseUrl ? 'PostgreSQL' : 'PGlite';
if (choice.databaseUrl) {
  const name = new URL(choice.databaseUrl).pathname.slice(1);
  // the test suite's databases are never filled (or emptied) by a bench
  if (name === 'test' || name === 'postgres' || name.startsWith('test_'))
    throw new Error(`refusing to use the "${name}" database`);
}

const started = performance.now();
const step = (label: string) =>
  console.log(`[${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s] ${label}`);

async function generate(): Promise<MonthSummary> {
  const database = await openDatabase(choice);
  try {
    await migrate(database.db);
    step(`migrated (${engine})`);
    const summary = await database.db.transaction().execute(async (trx) => {
      await clearShop(trx, args.reset);
      const month = await generateMonth(trx, { period, lines: Number(args.lines), asOf, seed: args.seed });
      step(`generated ${period}: ${JSON.stringify(month)}`);
      step(`checked against the shop's own issue: the documents of ${await checkAgainstShop(trx)} orders`);
      return month;
    });
    await sql`VACUUM ANALYZE`.execute(database.db);
    step('vacuumed and analysed');
    return summary;
  } finally {
    await database.close();
  }
}

/** The biggest seller of the month (the most invoices dated in it), read from the database. */
async function biggestSeller(): Promise<{ id: number; invoices: number; lines: number }> {
  const database = await openDatabase(choice);
  try {
    const { rows } = await sql<{ id: number; invoices: number; lines: number }>`
      SELECT i.seller_id AS id, count(*)::int AS invoices,
        sum(jsonb_array_length(i.document -> 'lines'))::int AS lines
      FROM invoices i
      WHERE to_char(i.issued_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM') = ${period}
      GROUP BY i.seller_id ORDER BY count(*) DESC LIMIT 1`.execute(database.db);
    const top = rows[0];
    if (!top) throw new Error(`no invoices dated in ${period}: generate the month first`);
    return top;
  } finally {
    await database.close();
  }
}

interface Measured {
  status: number;
  bytes: number;
  firstByteMs: number;
  wallMs: number;
  rssBeforeMb: number;
  peakRssMb: number;
  /** the server's CPU time (user and system) during the request */
  cpuMs: number;
  health: { probes: number; p50: number; max: number; failed: number; why: string };
}

const statusOf = (pid: number) => readFileSync(`/proc/${pid}/status`, 'utf8');
const kbField = (text: string, field: string) =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(text)?.[1] ?? 0);
const mb = (kb: number) => Math.round(kb / 1024);
/** the process's user and system CPU time so far, in ms (/proc/<pid>/stat fields 14 and 15, in 1/100 s) */
const cpuOf = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

/** One request as the owner, read to its end, with /healthz asked meanwhile (one at a time, 50 ms apart). */
async function measure(url: string, path: string, pid: number): Promise<Measured> {
  // "5" resets the process's peak resident set (VmHWM) to its current size (Linux 4.0+)
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  const rssBeforeMb = mb(kbField(statusOf(pid), 'VmRSS'));
  const cpuBefore = cpuOf(pid);
  let done = false;
  const latencies: number[] = [];
  let failed = 0;
  /** why the first failed probe failed */
  let why = '';
  const probing = (async () => {
    while (!done) {
      const sent = performance.now();
      const ok = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(30_000) }).then(
        async (res) => {
          await res.arrayBuffer();
          why ||= res.ok ? '' : `status ${res.status}`;
          return res.ok;
        },
        (error: Error) => {
          why ||= String((error.cause as Error | undefined)?.message ?? error.message);
          return false;
        },
      );
      // a failed probe's wait counts too: it is how long the server left it unanswered
      latencies.push(performance.now() - sent);
      if (!ok) failed += 1;
      // paced, so the probes take no share of the server worth counting
      await sleep(PROBE_EVERY_MS);
    }
  })();
  const sent = performance.now();
  const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${TOKEN}` } });
  const firstByteMs = performance.now() - sent;
  let bytes = 0;
  if (res.body) for await (const chunk of res.body) bytes += (chunk as Uint8Array).byteLength;
  const wallMs = performance.now() - sent;
  done = true;
  await probing;
  const peakRssMb = mb(kbField(statusOf(pid), 'VmHWM'));
  const cpuMs = cpuOf(pid) - cpuBefore;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return {
    status: res.status,
    bytes,
    firstByteMs,
    wallMs,
    rssBeforeMb,
    peakRssMb,
    cpuMs,
    health: { probes: latencies.length, p50: at(0.5), max: Math.round(latencies.at(-1) ?? 0), failed, why },
  };
}

function cases(seller: number): [string, string][] {
  const p = `period=${period}`;
  return [
    ['GSTR-1, JSON', `/admin/api/books/gstr1?seller=${seller}&${p}`],
    ['GSTR-1, CSV b2cs', `/admin/api/books/gstr1?seller=${seller}&${p}&format=csv&table=b2cs`],
    ['GSTR-1, CSV hsn', `/admin/api/books/gstr1?seller=${seller}&${p}&format=csv&table=hsn`],
    ['GSTR-8', `/admin/api/books/gstr8?${p}`],
    ['settlement', `/admin/api/settlements?${p}`],
    ['statement, JSON', `/admin/api/settlements/${seller}?${p}`],
    ['statement, CSV', `/admin/api/settlements/${seller}?${p}&format=csv`],
    ['statement, PDF', `/admin/api/settlements/${seller}?${p}&format=pdf`],
  ];
}

const seconds = (ms: number) => (ms / 1000).toFixed(2);
const size = (bytes: number) =>
  bytes >= 1e6
    ? `${(bytes / 1e6).toFixed(1)} MB`
    : bytes >= 1e3
      ? `${(bytes / 1e3).toFixed(1)} kB`
      : `${bytes} B`;

async function measureAll(summary: MonthSummary | undefined): Promise<void> {
  const seller = await biggestSeller();
  const compiled = existsSync(resolve(ROOT, 'dist/server/main.js'));
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    HAAT_DEMO: 'off',
    ADMIN_TOKEN: TOKEN,
    DATA_DIR: choice.dataDir,
    ...(choice.databaseUrl && { DATABASE_URL: choice.databaseUrl }),
  };
  const log = 'ignore';
  const child = compiled
    ? spawnCompiledServer(env, port, ['ignore', log, 'inherit'])
    : spawnServer(env, port, ['ignore', log, 'inherit']);
  const url = `http://127.0.0.1:${port}`;
  const runs = Number(args.runs);
  const rows: string[][] = [];
  try {
    await untilAnswers(`${url}/readyz`, child, 5 * 60_000);
    const pid = child.pid as number;
    const startRss = mb(kbField(statusOf(pid), 'VmRSS'));
    const loads: number[] = [loadavg()[0] ?? 0];
    step(
      `server ${compiled ? 'dist/server/main.js' : 'server/main.ts (tsx)'} ready, pid ${pid}, RSS ${startRss} MB`,
    );
    const only = args.cases?.split(',').map((c) => c.trim().toLowerCase());
    const chosen = cases(seller.id).filter(
      ([name]) => !only || only.some((c) => name.toLowerCase().includes(c)),
    );
    for (const [name, path] of chosen) {
      const results: Measured[] = [];
      for (let run = 0; run < runs; run++) {
        const m = await measure(url, path, pid);
        results.push(m);
        loads.push(loadavg()[0] ?? 0);
        step(
          `${name}: ${m.status}, ${size(m.bytes)}, first byte ${seconds(m.firstByteMs)} s, wall ${seconds(m.wallMs)} s, ` +
            `server CPU ${seconds(m.cpuMs)} s, RSS ${m.rssBeforeMb} -> peak ${m.peakRssMb} MB, healthz ${m.health.probes} probes p50 ${m.health.p50} ms max ${m.health.max} ms` +
            (m.health.failed ? `, ${m.health.failed} failed (${m.health.why})` : '') +
            `, load ${(loadavg()[0] ?? 0).toFixed(1)}`,
        );
      }
      const worst = Math.max(...results.map((r) => r.wallMs));
      rows.push([
        name,
        `\`${path.replace(/\?.*/, '')}\``,
        [...new Set(results.map((r) => r.status))].join(', '),
        size(results[0]?.bytes ?? 0),
        results.map((r) => seconds(r.firstByteMs)).join(' / '),
        results.map((r) => seconds(r.wallMs)).join(' / '),
        results.map((r) => seconds(r.cpuMs)).join(' / '),
        results.map((r) => `${r.peakRssMb - r.rssBeforeMb} (${r.peakRssMb})`).join(' / '),
        results
          .map((r) => `${r.health.max}${r.health.failed ? ` (${r.health.failed} failed)` : ''}`)
          .join(' / '),
        worst < TARGET_MS && results.every((r) => r.status === 200) ? 'yes' : '**no**',
      ]);
    }
    const markdown = [
      `## The owner's books on a month of 100,000 order lines (issue 40), ${engine}`,
      '',
      runHeader(commandLine('bench:books', 'bench/books.ts')),
      `- load average (1 min) during the run: ${Math.min(...loads).toFixed(1)} to ${Math.max(...loads).toFixed(1)} on ${cpus().length} cores`,
      `- engine: ${engine}; server: ${compiled ? '`dist/server/main.js`' : '`server/main.ts` (tsx)'}, RSS ${startRss} MB when ready`,
      `- period ${period}; biggest seller ${seller.id}: ${seller.invoices} invoices, ${seller.lines} invoice lines` +
        (summary ? `; month: ${JSON.stringify(summary)}` : ''),
      '',
      markdownTable(
        [
          'answer',
          'route',
          'status',
          'size',
          'first byte s',
          'wall s',
          'server CPU s',
          'RSS growth MB (peak)',
          'healthz max ms',
          'under 10 s',
        ],
        rows,
      ),
    ].join('\n');
    console.log(`\n${markdown}`);
    if (!args['dry-run']) writeResultsSection(`books: ${engine}`, markdown);
  } finally {
    await stopProcess(child);
  }
}

const summary = args['skip-generate'] ? undefined : await generate();
if (!args['generate-only']) await measureAll(summary);
step('done');
