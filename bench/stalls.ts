/**
 * Whether one request can freeze the shop: `/healthz`'s latency, probed one request after
 * another, while each of these runs against haat in its own process: a zip bomb in a catalogue import's
 * dry run, a flood of deeply nested 1 MB JSON bodies, a 50,000-row CSV import's dry run, and a cold
 * start (the time to ready, and the first search after it). Beside the latencies, the CPU time the server's
 * thread spent in its longest event-loop gap (bench/loop-watch.ts): on a shared machine, what the shop itself
 * held the loop for, apart from the time it waited for a core.
 * `npm run bench:stalls [-- --database-url postgres://… --port 3231]`
 */

import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';
import { CSV_COLUMNS } from '../contract/products.ts';
import { spawnServer, stopProcess, untilAnswers } from '../deploy/processes.ts';

const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? (process.argv[at + 1] ?? fallback) : fallback;
};
const DATABASE_URL = arg('database-url', 'postgres://postgres@127.0.0.1:5432/haat_stalls');
const PORT = Number(arg('port', '3231'));
const URL_ = `http://127.0.0.1:${PORT}`;
const TOKEN = 'bench-stalls-admin-token-0123456789';
const BEARER = { authorization: `Bearer ${TOKEN}` };
const MiB = 1024 * 1024;
// the server's event-loop gaps, written by bench/loop-watch.ts
const GAPS = join(tmpdir(), `haat-stalls-${process.pid}.gaps`);
const LOOP_WATCH = fileURLToPath(new URL('./loop-watch.ts', import.meta.url));

interface Probed {
  probes: number;
  failed: number;
  p50: number;
  p99: number;
  max: number;
  /** the server's own event-loop delay meanwhile (prom-client's, reset at each scrape of /metrics), ms */
  loopP99: number;
  loopMax: number;
  /** the server process's CPU time meanwhile, ms: its own work, whatever else the machine runs */
  serverCpu: number;
  /** the most CPU time the server's thread spent in one event-loop gap, and the gaps over 50 ms of it, ms */
  heldMax: number;
  heldOver50: number;
}

/** The CPU time (ms) the server's thread spent in each gap of its event loop between two moments (µs). */
function heldBetween(from: number, to: number): number[] {
  const lines = readFileSync(GAPS, { encoding: 'utf8', flag: 'a+' }).split('\n');
  return lines
    .map((line) => line.split(' ').map(Number))
    .filter(([start = 0, end = 0]) => start >= from && end <= to)
    .map(([, , cpu = 0]) => cpu / 1000);
}
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/**
 * The server's event-loop delay since the last scrape, in ms (a scrape starts a new window), and its
 * process's CPU time so far, in ms.
 */
async function loopDelay(): Promise<{ loopP99: number; loopMax: number; cpu: number }> {
  // once more on a kept-alive connection the server closed (after a refused body, say)
  const scrape = () => fetch(`${URL_}/metrics`, { headers: BEARER }).then((res) => res.text());
  const text = await scrape().catch(scrape);
  const sample = (name: string) => 1000 * Number(new RegExp(`^${name} ([0-9.e+-]+)`, 'm').exec(text)?.[1]);
  return {
    loopP99: sample('haat_nodejs_eventloop_lag_p99_seconds'),
    loopMax: sample('haat_nodejs_eventloop_lag_max_seconds'),
    cpu: sample('haat_process_cpu_seconds_total'),
  };
}

/** /healthz asked again and again until `work` settles: its latencies' p50, p99 and maximum, in ms. */
async function probeDuring(work: () => Promise<unknown>): Promise<Probed> {
  const before = await loopDelay();
  const from = monotonicUs();
  const working = work();
  let done = false;
  working.then(
    () => (done = true),
    () => (done = true),
  );
  const times: number[] = [];
  let failed = 0;
  while (!done) {
    const sent = performance.now();
    // a connection the server reset counts, and the probing goes on
    await fetch(`${URL_}/healthz`).then(
      (res) => res.arrayBuffer(),
      () => failed++,
    );
    times.push(performance.now() - sent);
  }
  await working;
  const held = heldBetween(from, monotonicUs());
  const { loopP99, loopMax, cpu } = await loopDelay();
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? Number.NaN;
  const max = times.at(-1) ?? Number.NaN;
  const serverCpu = cpu - before.cpu;
  return {
    probes: times.length,
    failed,
    p50: at(0.5),
    p99: at(0.99),
    max,
    loopP99,
    loopMax,
    serverCpu,
    heldMax: Math.max(0, ...held),
    heldOver50: held.filter((ms) => ms > 50).length,
  };
}

const importForm = (csv: string, zip?: Uint8Array) => {
  const body = new FormData();
  body.append('file', new Blob([csv], { type: 'text/csv' }), 'catalogue.csv');
  if (zip) body.append('photos', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'photos.zip');
  return body;
};

async function dryRun(body: FormData): Promise<string> {
  const res = await fetch(`${URL_}/admin/api/catalogue/import?mode=dry-run`, {
    method: 'POST',
    body,
    headers: BEARER,
  });
  return `${res.status} ${(await res.text()).slice(0, 80)}`;
}

/**
 * Entries of zeros just under a photo's limit, then one of 64 MB: under 1 MB zipped, and every entry
 * declaring 1,000 bytes, as a bomb's maker would have it.
 */
function zipBomb(): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  const photo = new Uint8Array(14 * MiB);
  for (let i = 1; i <= 4; i++) files[`shoot/${i}.jpg`] = photo;
  files['shoot/bomb.jpg'] = new Uint8Array(64 * MiB);
  const zip = zipSync(files, { level: 1 });
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  for (let at = 0; at + 4 <= zip.length; at++) {
    const signature = view.getUint32(at, true);
    if (signature === 0x04034b50) view.setUint32(at + 22, 1000, true);
    else if (signature === 0x02014b50) view.setUint32(at + 24, 1000, true);
  }
  return zip;
}

/** A shopper's cookies and CSRF token, as the web app has them after GET /api/check. */
async function shopperHeaders(): Promise<Record<string, string>> {
  const res = await fetch(`${URL_}/api/check`);
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  const cookie = res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { cookie, 'x-csrf-token': csrfToken, 'content-type': 'application/json' };
}

async function deepFlood(): Promise<string> {
  const body = `${'['.repeat(500_000)}${']'.repeat(500_000)}`;
  const headers = await shopperHeaders();
  const statuses = new Map<number, number>();
  const one = async () => {
    for (let i = 0; i < 25; i++) {
      const res = await fetch(`${URL_}/api/item/Women/Kurti`, {
        method: 'POST',
        body,
        headers,
      });
      await res.arrayBuffer();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: 8 }, one));
  return [...statuses].map(([status, n]) => `${n} x ${status}`).join(', ');
}

async function bigCsv(rows: number): Promise<string> {
  const res = await fetch(`${URL_}/admin/api/catalogue/export`, { headers: BEARER });
  const [header = '', first = ''] = (await res.text()).split('\r\n');
  const cells = first.split(',');
  const sku = header.split(',').indexOf('sku');
  const lines = [header];
  for (let i = 1; i <= rows; i++) {
    cells[sku] = `STALL-${i}`;
    lines.push(cells.join(','));
  }
  return lines.join('\r\n');
}

const start = performance.now();
const child = spawnServer(
  { ...process.env, NODE_ENV: 'development', DATABASE_URL, ADMIN_TOKEN: TOKEN, LOOP_WATCH_FILE: GAPS },
  PORT,
  ['ignore', 'ignore', 'inherit'],
  [LOOP_WATCH],
);
try {
  await untilAnswers(`${URL_}/healthz`, child, 5 * 60_000);
  const listening = performance.now() - start;
  let coldStart = '';
  const coldProbe = await probeDuring(async () => {
    await untilAnswers(`${URL_}/readyz`, child, 5 * 60_000);
    const ready = performance.now() - start;
    const sent = performance.now();
    const search = await fetch(`${URL_}/api/search?q=kurta`);
    await search.arrayBuffer();
    const firstSearch = performance.now() - sent;
    coldStart = `healthz after ${listening.toFixed(0)} ms, ready after ${ready.toFixed(0)} ms, first search ${search.status} in ${firstSearch.toFixed(0)} ms`;
  });
  console.log('cold start:', coldStart, coldProbe);
  const results: Record<string, Probed & { answer: string }> = {};
  const run = async (name: string, work: () => Promise<string>) => {
    let answer = '';
    const probed = await probeDuring(() =>
      work().then((a) => {
        answer = a;
      }),
    );
    results[name] = { ...probed, answer };
    console.log(name, results[name]);
  };
  const idle = new Promise((resolve) => setTimeout(resolve, 2000));
  await run('idle (2 s)', async () => {
    await idle;
    return '';
  });
  const bomb = zipBomb();
  const header = CSV_COLUMNS.join(',');
  await run('zip bomb dry run', () => dryRun(importForm(header, bomb)));
  await run('deep JSON flood (8 x 25 bodies of 1 MB)', deepFlood);
  const csv = await bigCsv(50_000);
  await run('50,000-row CSV dry run', () => dryRun(importForm(csv)));
} finally {
  await stopProcess(child);
  rmSync(GAPS, { force: true });
}
