import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { apiPaths } from '../contract/paths.ts';
import { type Cluster, startCluster } from '../deploy/cluster.ts';
import { loadConfig } from '../server/config.ts';
import { connectPostgres, type Db } from '../server/db/connect.ts';
import { hmacHex, randomToken } from '../server/platform/crypto.ts';
import { SESSION_COOKIE } from '../server/platform/sessions.ts';
import { startSession } from './client.ts';
import { commandLine, markdownTable, runHeader, writeResultsSection } from './report.ts';

/**
 * Shoppers browsing, opening products, adding to the bag and paying (the simulated gateway), all at once,
 * against N haat instances behind nginx on one PostgreSQL (deploy/cluster.ts). Optionally one instance is
 * killed (SIGKILL) and restarted mid-run. Afterwards the books are checked: no size sold more units than
 * it had, no captured payment without an order or a refund, and a signed-out session refused by every
 * instance. Figures go to bench/RESULTS.md.
 */
const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string', default: process.env.DATABASE_URL },
    instances: { type: 'string', default: '2' },
    shoppers: { type: 'string', default: '50,200' },
    seconds: { type: 'string', default: '30' },
    kill: { type: 'boolean', default: false },
  },
});

type Step = 'browse' | 'product' | 'add to bag' | 'checkout';
/** how often a shopper takes each step, as a share of steps (a checkout is five calls) */
const MIX: [Step, number][] = [
  ['browse', 0.45],
  ['product', 0.35],
  ['add to bag', 0.14],
  ['checkout', 0.06],
];
const SESSION_CACHE_MS = 2000;

interface Shopper {
  customerId: number;
  cookie: string;
  csrfToken: string;
  bagged: boolean;
}

interface Catalogue {
  listings: { segment: string; genre: string }[];
  /** products with a size in stock, and that size */
  products: { id: number; size: string }[];
}

class Tally {
  readonly times = new Map<Step, number[]>();
  readonly failed = new Map<Step, number>();
  /** answered as the rules say (409 sold out, 429 limited): not an error */
  readonly refused = new Map<Step, number>();
  /** each step's first error, to say what went wrong */
  readonly firstError = new Map<Step, string>();

  add(step: Step, ms: number) {
    const list = this.times.get(step) ?? [];
    list.push(ms);
    this.times.set(step, list);
  }

  count(map: Map<Step, number>, step: Step) {
    map.set(step, (map.get(step) ?? 0) + 1);
  }
}

class Refused extends Error {}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

function chooseStep(): Step {
  let roll = Math.random();
  for (const [step, share] of MIX) {
    roll -= share;
    if (roll < 0) return step;
  }
  return 'browse';
}

async function call(
  base: string,
  shopper: Shopper,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  key?: string,
) {
  const headers: Record<string, string> = { cookie: shopper.cookie, ...(key ? { key } : {}) };
  if (method === 'POST') {
    headers['x-csrf-token'] = shopper.csrfToken;
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status === 409 || res.status === 429) throw new Refused(`${res.status}`);
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 120)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

async function takeStep(base: string, shopper: Shopper, step: Step, catalogue: Catalogue): Promise<void> {
  const product = pick(catalogue.products);
  switch (step) {
    case 'browse': {
      const { segment, genre } = pick(catalogue.listings);
      await call(base, shopper, 'POST', apiPaths.listing(segment, genre, {}), {
        page: 1 + Math.floor(Math.random() * 3),
        sort: 0,
      });
      return;
    }
    case 'product':
      await call(base, shopper, 'GET', apiPaths.product('apparel', product.id));
      return;
    case 'add to bag':
      await call(
        base,
        shopper,
        'POST',
        apiPaths.productAction('apparel', product.id),
        { prodID: product.id, size: product.size, addCart: 1 },
        'addCart',
      );
      shopper.bagged = true;
      return;
    case 'checkout':
      await checkout(base, shopper);
  }
}

/** The five calls of a purchase: the bag's amount, create-order, the simulated window, verify, place. */
async function checkout(base: string, shopper: Shopper): Promise<void> {
  const page = (await call(base, shopper, 'GET', apiPaths.purchasePage())) as {
    priceDetails: { amountToPay: number };
  };
  const amount = page.priceDetails.amountToPay * 100;
  if (amount <= 0) throw new Refused('empty bag');
  const order = (await call(base, shopper, 'POST', apiPaths.createOrder(), {
    amount,
    currency: 'INR',
    receipt: 'bench',
    notes: {},
  })) as { id: string };
  const paid = await call(base, shopper, 'POST', apiPaths.devPay(), {
    orderId: order.id,
    outcome: 'success',
    webhook: false,
  });
  await call(base, shopper, 'POST', apiPaths.verifyPayment(), paid);
  const placement = {
    prods: [],
    userInfo: {},
    orderId: paid.razorpay_order_id,
    razorpay_payment_id: paid.razorpay_payment_id,
  };
  await call(base, shopper, 'POST', apiPaths.purchasePage(), placement, 'checkOut');
  shopper.bagged = false;
}

async function runShoppers(
  base: string,
  shoppers: Shopper[],
  catalogue: Catalogue,
  until: number,
  tally: Tally,
) {
  await Promise.all(
    shoppers.map(async (shopper) => {
      while (Date.now() < until) {
        const wanted = chooseStep();
        const step = wanted === 'checkout' && !shopper.bagged ? 'add to bag' : wanted;
        const started = performance.now();
        try {
          await takeStep(base, shopper, step, catalogue);
          tally.add(step, performance.now() - started);
        } catch (error) {
          tally.count(error instanceof Refused ? tally.refused : tally.failed, step);
          if (!(error instanceof Refused) && !tally.firstError.has(step))
            tally.firstError.set(step, String(error).replace(/\s+/g, ' ').slice(0, 90));
        }
      }
    }),
  );
}

/** Customers with an address and a signed-in session each, written straight to the database (not timed). */
async function makeShoppers(db: Db, base: string, secret: string, count: number): Promise<Shopper[]> {
  const shoppers: Shopper[] = [];
  for (let i = 0; i < count; i++) {
    const phone = `6${randomBytes(5).readUIntBE(0, 5).toString().padStart(9, '0').slice(-9)}`;
    const customer = await db
      .insertInto('customers')
      .values({
        phone,
        email: `bench-${phone}@example.com`,
        fname: 'Bench',
        lname: `Shopper ${i}`,
        house_no: '12',
        road_name: 'MG Road',
        area_name: 'Ballygunge',
        city: 'Kolkata',
        pin: '700001',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = randomToken();
    await db
      .insertInto('sessions')
      .values({ id: hmacHex(secret, token), customer_id: customer.id })
      .execute();
    const browser = await startSession(base);
    shoppers.push({
      customerId: customer.id,
      cookie: `${browser.cookie}; ${SESSION_COOKIE}=${token}`,
      csrfToken: browser.csrfToken,
      bagged: false,
    });
  }
  return shoppers;
}

async function loadCatalogue(db: Db): Promise<Catalogue> {
  const listings = await db
    .selectFrom('products')
    .select(['user_segment as segment', 'genre'])
    .where('prod', '=', 'apparel')
    .where('active', '=', true)
    .distinct()
    .execute();
  // the best-stocked sizes, so a run measures selling rather than selling out
  const products = await db
    .selectFrom('skus')
    .innerJoin('products', 'products.id', 'skus.product_id')
    .select(['products.id', 'skus.size'])
    .where('products.prod', '=', 'apparel')
    .where('products.active', '=', true)
    .where('skus.stock', '>', 0)
    .orderBy('skus.stock', 'desc')
    .limit(300)
    .execute();
  return { listings, products };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

function rows(label: string, seconds: number, tally: Tally): string[][] {
  return MIX.map(([step]) => {
    const times = [...(tally.times.get(step) ?? [])].sort((a, b) => a - b);
    return [
      label,
      step,
      (times.length / seconds).toFixed(1),
      percentile(times, 50).toFixed(0),
      percentile(times, 99).toFixed(0),
      String(tally.refused.get(step) ?? 0),
      String(tally.failed.get(step) ?? 0),
    ];
  });
}

/** Sizes that sold more units during the run than they had when it began. */
async function oversold(db: Db, since: Date, before: Map<number, number>): Promise<number> {
  const sold = await db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .select(['order_lines.sku_id', (eb) => eb.fn.sum<number>('order_lines.quantity').as('units')])
    .where('orders.placed_at', '>=', since)
    .groupBy('order_lines.sku_id')
    .execute();
  return sold.filter((row) => Number(row.units) > (before.get(row.sku_id) ?? 0)).length;
}

/** Payments the gateway captured during the run with neither an order nor money sent back. */
async function paidWithoutOrder(db: Db, since: Date): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM sim_gateway_payments p
    JOIN payment_orders po ON po.gateway_order_id = p.order_id
    WHERE p.status IN ('captured', 'refunded') AND p.created_at >= ${since}
      AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.payment_order_id = po.id)
      AND NOT EXISTS (SELECT 1 FROM sim_gateway_refunds r WHERE r.payment_id = p.id)`.execute(db);
  return rows[0]?.n ?? 0;
}

/** The reconciler places or refunds what browsers left unfinished: wait for it, a minute at most. */
async function settled(db: Db, since: Date): Promise<number> {
  const deadline = Date.now() + 60_000;
  let left = await paidWithoutOrder(db, since);
  while (left > 0 && Date.now() < deadline) {
    await new Promise((done) => setTimeout(done, 1000));
    left = await paidWithoutOrder(db, since);
  }
  return left;
}

/**
 * Signs a shopper out through nginx, then asks every instance for the profile once the session cache has
 * lapsed: a visitor has none (403), while a visitor's bag answers 200 since the guest bag.
 */
async function signedOutEverywhere(cluster: Cluster, shopper: Shopper): Promise<boolean> {
  await call(cluster.url, shopper, 'GET', apiPaths.signOut());
  await new Promise((done) => setTimeout(done, SESSION_CACHE_MS + 200));
  const answers = await Promise.all(
    cluster.instances.map((instance) =>
      fetch(`${instance.url}${apiPaths.profile()}`, { headers: { cookie: shopper.cookie } }).then(
        (r) => r.status,
      ),
    ),
  );
  return answers.every((status) => status === 403);
}

async function main(): Promise<void> {
  const databaseUrl = args['database-url'];
  if (!databaseUrl)
    throw new Error('the scenario runs on PostgreSQL: pass --database-url or set DATABASE_URL');
  const instances = Number(args.instances);
  const levels = (args.shoppers ?? '').split(',').map(Number);
  const seconds = Number(args.seconds);
  const dataDir = mkdtempSync(join(tmpdir(), 'haat-scenario-'));
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SESSION_CACHE_MS: String(SESSION_CACHE_MS),
    RECONCILE_INTERVAL_MS: '2000',
  };
  const config = loadConfig(env);
  const cluster = await startCluster({ instances, port: 0, firstInstancePort: 3101, env });
  const { db, close } = connectPostgres(databaseUrl, 4);
  try {
    const catalogue = await loadCatalogue(db);
    const stock = new Map(
      (await db.selectFrom('skus').select(['id', 'stock']).execute()).map((row) => [row.id, row.stock]),
    );
    const since = new Date();
    const table: string[][] = [];
    const kills: string[] = [];
    for (const level of levels) {
      const shoppers = await makeShoppers(db, cluster.url, config.sessionSecret, level);
      const tally = new Tally();
      const until = Date.now() + seconds * 1000;
      const run = runShoppers(cluster.url, shoppers, catalogue, until, tally);
      if (args.kill && level === levels.at(-1)) {
        await new Promise((done) => setTimeout(done, (seconds * 1000) / 3));
        const started = performance.now();
        await cluster.restart(0);
        kills.push(
          `instance 1 killed (SIGKILL) at ${Math.round(seconds / 3)} s and back after ${((performance.now() - started) / 1000).toFixed(0)} s`,
        );
      }
      await run;
      table.push(...rows(`${level}`, seconds, tally));
      for (const [step, error] of tally.firstError)
        kills.push(`${level} shoppers, first ${step} error: ${error}`);
      if (level === levels.at(-1)) {
        const [first] = shoppers;
        if (first)
          kills.push(
            `signed-out session refused by every instance after ${SESSION_CACHE_MS} ms: ${await signedOutEverywhere(cluster, first)}`,
          );
      }
    }
    const unplaced = await settled(db, since);
    const over = await oversold(db, since, stock);
    const header = ['shoppers', 'step', 'per s', 'p50 ms', 'p99 ms', 'refused', 'errors'];
    const id = `scenario-${instances}${args.kill ? '-kill' : ''}`;
    const markdown = [
      `## Scenario: ${instances} instance${instances > 1 ? 's' : ''} behind nginx, PostgreSQL${args.kill ? ', one instance killed mid-run' : ''}`,
      '',
      runHeader(commandLine('bench:scenario', 'bench/scenario.ts')),
      '',
      markdownTable(header, table),
      '',
      ...kills.map((line) => `- ${line}`),
      `- sizes sold beyond their stock: ${over}`,
      `- captured payments without an order or a refund (after the reconciler): ${unplaced}`,
    ].join('\n');
    console.log(markdown);
    writeResultsSection(id, markdown);
  } finally {
    await close();
    await cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
