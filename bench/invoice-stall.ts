/**
 * Whether invoice PDFs can freeze the shop: `/healthz`'s latency, probed one request after
 * another, first idle for 2 s, then while one shopper asks for their own invoice 200 times, 10 at a time,
 * and while the back office (not counted by the shopper's limit) asks for it 200 times, 10 at a time. The
 * contract: the median within 150 ms of the idle median, and no probe over 2 s.
 * `createdb -h 127.0.0.1 -U postgres haat_invoice_stall; npm run bench:invoice-stall [-- --database-url postgres://… --port 3232]`
 */

import { setTimeout as sleep } from 'node:timers/promises';
import { spawnServer, stopProcess, untilAnswers } from '../deploy/processes.ts';
import { connectPostgres } from '../server/db/connect.ts';
import { SESSION_COOKIE } from '../server/platform/sessions.ts';
import { Fixtures } from '../server/test/fixtures.ts';
import { TestClient } from '../server/test/http.ts';

const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? (process.argv[at + 1] ?? fallback) : fallback;
};
const DATABASE_URL = arg('database-url', 'postgres://postgres@127.0.0.1:5432/haat_invoice_stall');
const PORT = Number(arg('port', '3232'));
const URL_ = `http://127.0.0.1:${PORT}`;
const TOKEN = 'bench-invoice-admin-token-0123456789';
const REQUESTS = 200;
const AT_ONCE = 10;

interface Probed {
  probes: number;
  p50: number;
  p99: number;
  max: number;
}

/** /healthz asked again and again until `work` settles: its latencies' p50, p99 and maximum, in ms. */
async function probeDuring(work: Promise<unknown>): Promise<Probed> {
  let done = false;
  const settled = work.finally(() => {
    done = true;
  });
  const times: number[] = [];
  while (!done) {
    const sent = performance.now();
    await fetch(`${URL_}/healthz`).then((res) => res.arrayBuffer());
    times.push(performance.now() - sent);
  }
  await settled;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? Number.NaN;
  return { probes: times.length, p50: at(0.5), p99: at(0.99), max: times.at(-1) ?? Number.NaN };
}

/** `REQUESTS` GETs of `url`, `AT_ONCE` at a time: how many of each status came back. */
async function burst(url: string, headers: Record<string, string>): Promise<string> {
  const statuses = new Map<number, number>();
  let left = REQUESTS;
  const one = async () => {
    while (left-- > 0) {
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, one));
  return [...statuses].map(([status, n]) => `${n} x ${status}`).join(', ');
}

const child = spawnServer(
  { ...process.env, NODE_ENV: 'development', DATABASE_URL, ADMIN_TOKEN: TOKEN },
  PORT,
  ['ignore', 'ignore', 'inherit'],
);
const database = connectPostgres(DATABASE_URL, 2);
try {
  await untilAnswers(`${URL_}/readyz`, child, 5 * 60_000);
  // a shopper with a paid order, signed in straight through the database (the development secret)
  const fixtures = new Fixtures(database.db);
  const product = await fixtures.product();
  const customerId = await fixtures.customer();
  const order = await fixtures.order(customerId, [{ product }]);
  const shopper = await new TestClient(URL_).start();
  await fixtures.logIn(shopper, customerId);
  const path = `/api/orders/${order.purchaseIds[0]}/invoice`;

  const idle = await probeDuring(sleep(2000));
  console.log('idle (2 s)', idle);
  const cases: [string, Record<string, string>][] = [
    ['the shopper', { cookie: `${SESSION_COOKIE}=${shopper.cookie(SESSION_COOKIE)}` }],
    ['the back office', { authorization: `Bearer ${TOKEN}` }],
  ];
  for (const [who, headers] of cases) {
    let answers = '';
    const sent = performance.now();
    const probed = await probeDuring(
      burst(`${URL_}${path}`, headers).then((a) => {
        answers = `${a} in ${Math.round(performance.now() - sent)} ms`;
      }),
    );
    const within = probed.p50 - idle.p50 <= 150 && probed.max <= 2000;
    console.log(`${who}: ${REQUESTS} invoices, ${AT_ONCE} at a time`, { ...probed, answers, within });
  }
} finally {
  await stopProcess(child);
  await database.close();
}
