/**
 * The hostile probe: haat started in production mode, every limit at its default, many client
 * networks simulated through `X-Forwarded-For` from loopback (TRUST_PROXY=loopback, as behind the
 * documented nginx). SMS and payments go to local fakes of MSG91 and Razorpay served over TLS, since
 * production takes only https gateways. Each attack prints what it got and whether the shop held.
 *
 *   npm run bench:probe                        # PostgreSQL database haat_probe (made and seeded on first use)
 *   npm run bench:probe -- --only lockout,hoard
 *
 * Nothing here leaves the machine: every address it names travels only as a header to 127.0.0.1.
 */
import { execFileSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { freePort, spawnServer, stopProcess, untilAnswers } from '../deploy/processes.ts';
import { connectPostgres } from '../server/db/connect.ts';
import { startFakeMsg91 } from '../server/integrations/msg91/fake-server.ts';
import { startFakeRazorpay } from '../server/integrations/razorpay/fake-server.ts';
import { checkoutSignature } from '../server/modules/payments/gateway.ts';
import { adminUrl } from '../server/test/postgres.ts';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/haat_probe' },
    only: { type: 'string', default: '' },
  },
});

const ADMIN_TOKEN = 'probe-admin-token-of-at-least-32-characters';
const LOG_FILE = '/tmp/haat-probe.log';
const PUBLIC_URL = 'https://shop.haat.example';

// Network helpers ----------------------------------------------------------------------------------------

/** The n-th simulated network: a /24 of its own (100.64.0.0/10, carrier-grade NAT space). */
const network = (n: number, host = 7) => `100.${64 + (n >> 8)}.${n & 255}.${host}`;
const randomPhone = () => `9${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;

interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
}

/** One browser: a cookie jar and the CSRF token read once at start, as a spec-following client. */
class Browser {
  private readonly cookies = new Map<string, string>();
  private token = '';
  constructor(
    private readonly base: string,
    public address: string,
  ) {}

  static async open(base: string, address: string): Promise<Browser> {
    const browser = new Browser(base, address);
    const check = await browser.send('GET', '/api/check');
    browser.token = (check.body as { csrfToken: string }).csrfToken;
    return browser;
  }

  get(path: string, headers: Record<string, string> = {}) {
    return this.send('GET', path, undefined, headers);
  }

  post(path: string, body: unknown = {}, headers: Record<string, string> = {}) {
    return this.send('POST', path, body, { 'x-csrf-token': this.token, ...headers });
  }

  async send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const all: Record<string, string> = { 'x-forwarded-for': this.address, ...headers };
    if (body !== undefined) all['content-type'] = 'application/json';
    if (this.cookies.size) all.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: all,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq > 0) this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const text = await res.text();
    const json = (res.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : text;
    return { status: res.status, body: json, headers: res.headers } satisfies Answer;
  }
}

// The gateways' fakes over TLS ---------------------------------------------------------------------------

/** A self-signed certificate for 127.0.0.1, trusted by haat through NODE_EXTRA_CA_CERTS. */
function selfSignedCertificate(): { key: string; cert: string; certFile: string } {
  const dir = mkdtempSync(join(tmpdir(), 'haat-probe-tls-'));
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  execFileSync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
    '-keyout',
    keyFile,
    '-out',
    certFile,
  ]);
  return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8'), certFile };
}

/** TLS in front of a local http fake: what haat in production can talk to. */
async function tlsFront(target: string, tls: { key: string; cert: string }): Promise<string> {
  const server = createHttpsServer(tls, (req, res) => {
    const upstream = httpRequest(
      new URL(req.url ?? '/', target),
      { method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  server.unref();
  return `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

// The shop ------------------------------------------------------------------------------------------------

async function ensureDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = connectPostgres(adminUrl(url, 'postgres'), 1);
  const exists = await sql`SELECT 1 FROM pg_database WHERE datname = ${name}`.execute(admin.db);
  if (exists.rows.length === 0) await sql.raw(`CREATE DATABASE ${name}`).execute(admin.db);
  await admin.close();
  // the probe's own shop: what earlier runs counted must not hold this run back
  const shop = connectPostgres(url, 1);
  await sql`DELETE FROM rate_events`.execute(shop.db).catch(() => undefined);
  await sql`DELETE FROM otp_codes`.execute(shop.db).catch(() => undefined);
  await shop.close();
}

async function startShop(env: Record<string, string>) {
  const port = await freePort();
  const log = openSync(LOG_FILE, 'a');
  const child = spawnServer({ ...process.env, ...env }, port, ['ignore', log, log]);
  const url = `http://127.0.0.1:${port}`;
  await untilAnswers(`${url}/readyz`, child, 10 * 60_000);
  return { url, child, stop: () => stopProcess(child) };
}

// The attacks ----------------------------------------------------------------------------------------------

interface Finding {
  attack: string;
  held: boolean;
  what: string;
}
const findings: Finding[] = [];
function report(attack: string, held: boolean, what: string): void {
  findings.push({ attack, held, what });
  console.log(`${held ? 'HELD  ' : 'BROKEN'} ${attack}: ${what}`);
}

const tally = (answers: Answer[]) => {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
};

interface Context {
  base: string;
  /** the phone's newest OTP once MSG91 has been asked for more than `seen` (a staff code leaves after the answer) */
  codeAfter(phone: string, seen: number): Promise<string | undefined>;
  smsCount(phone?: string): number;
  razorpay: Awaited<ReturnType<typeof startFakeRazorpay>>;
}

/** A shopper who has signed up from `browser` (so the browser has signed in with the phone). */
async function signUp(ctx: Context, browser: Browser, phone: string) {
  const seen = ctx.smsCount(phone);
  const sent = await browser.post('/api/otp/send', { phoneNumber: phone });
  if (sent.status !== 200)
    throw new Error(`sign-up code for ${phone}: ${sent.status} ${JSON.stringify(sent.body)}`);
  await browser.post('/api/otp/verify', { phoneNumber: phone, code: await ctx.codeAfter(phone, seen) });
  const made = await browser.post(
    '/api/signUp',
    { phone, mail: `probe${phone}@example.in`, fname: 'Probe', lname: 'Shopper' },
    { key: 'login' },
  );
  if (made.status !== 200) throw new Error(`sign-up ${phone}: ${made.status} ${JSON.stringify(made.body)}`);
}

/** 20 networks at once ask for the phone's codes, twice over; then its owner asks from their own browser. */
async function lockout(ctx: Context): Promise<void> {
  const ownerPhone = randomPhone();
  const owner = await Browser.open(ctx.base, network(1));
  const automation = { authorization: `Bearer ${ADMIN_TOKEN}` };
  const added = await owner.send(
    'POST',
    '/admin/api/staff',
    { name: 'Probe Owner', phone: ownerPhone, role: 'owner' },
    automation,
  );
  await owner.post('/admin/api/session/code', { phone: ownerPhone });
  const signedIn = await owner.post('/admin/api/session', {
    phone: ownerPhone,
    code: await ctx.codeAfter(ownerPhone, 0),
  });
  if (signedIn.status !== 200) {
    throw new Error(
      `owner sign-in: ${added.status} then ${signedIn.status} ${JSON.stringify(signedIn.body)}`,
    );
  }

  const shopperPhone = randomPhone();
  const shopper = await Browser.open(ctx.base, network(2));
  await signUp(ctx, shopper, shopperPhone);
  // a person asks again only after the 30 s the contract makes every browser wait between codes
  await sleep(31_000);

  for (const [who, phone, path, body, own] of [
    ['owner', ownerPhone, '/admin/api/session/code', { phone: ownerPhone }, owner],
    ['shopper', shopperPhone, '/api/otp/send', { phoneNumber: shopperPhone }, shopper],
  ] as const) {
    const attackers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => Browser.open(ctx.base, network(100 + i))),
    );
    const waves: Answer[] = [];
    for (let wave = 0; wave < 2; wave++) {
      waves.push(...(await Promise.all(attackers.map((a) => a.post(path, body)))));
    }
    const silent = who === 'owner' ? waves.filter((a) => a.status === 200).length : 0;
    own.address = network(3); // on the move: a network of their own that has never asked
    const before = ctx.smsCount(phone);
    const asked = await own.post(path, body);
    const code = await ctx.codeAfter(phone, before);
    const delivered = code !== undefined;
    const signIn =
      who === 'owner'
        ? await own.post('/admin/api/session', { phone, code })
        : await own.post('/api/otp/verify', { phoneNumber: phone, code });
    const retry =
      asked.status === 429 ? ` (retry after ${(asked.body as { retryAfter?: number }).retryAfter} s)` : '';
    report(
      `lock-out of the ${who}`,
      asked.status === 200 && delivered && signIn.status === 200,
      `40 requests from 20 networks: ${JSON.stringify(tally(waves))}${who === 'owner' ? ` (${silent} answered 200)` : ''}; ` +
        `their own browser then asked: ${asked.status}${retry}, SMS ${delivered ? 'delivered' : 'NOT delivered'}, sign-in ${signIn.status}`,
    );
  }
}

/** Two networks spend the unknown-number share; a new shopper on a third network then asks for a code. */
async function unknownFlood(ctx: Context): Promise<void> {
  const sentBy: number[] = [];
  for (const n of [10, 11]) {
    const browser = await Browser.open(ctx.base, network(n));
    let sent = 0;
    for (let batch = 0; batch < 10; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 25 }, () => browser.post('/api/otp/send', { phoneNumber: randomPhone() })),
      );
      sent += answers.filter((a) => a.status === 200).length;
    }
    sentBy.push(sent);
  }
  const newcomer = await Browser.open(ctx.base, network(12));
  const asked = await newcomer.post('/api/otp/send', { phoneNumber: randomPhone() });
  report(
    'two networks flood new numbers',
    asked.status === 200,
    `250 requests each; codes sent ${sentBy.join(' and ')}; a new shopper on a third network then got ${asked.status}`,
  );
}

/** 150 code requests at once from one network. */
async function parallel(ctx: Context): Promise<void> {
  const browsers = await Promise.all(Array.from({ length: 150 }, () => Browser.open(ctx.base, network(20))));
  const answers = await Promise.all(
    browsers.map((b) => b.post('/api/otp/send', { phoneNumber: randomPhone() })),
  );
  const sent = answers.filter((a) => a.status === 200).length;
  // unknown numbers: the network's share of the unknown-number budget, 10 % of 20 % of 1,000
  report(
    '150 parallel code requests, one network',
    sent <= 20,
    `${JSON.stringify(tally(answers))} (at most 20 allowed)`,
  );
}

/** The ids of in-stock products with a size of at least 4 units, and that size. */
async function stockedProducts(browser: Browser, wanted: number) {
  const found: { id: number; size: string; stock: number }[] = [];
  for (let page = 1; found.length < wanted && page < 20; page++) {
    const listing = await browser.post('/api/item/Women/Kurti/%7B%7D', { page, sort: 0 });
    const products = (listing.body as { prods: { id: number }[] }).prods;
    for (const { id } of products) {
      const info = (await browser.get(`/product/ind/apparel/${id}`)).body as {
        productInfo: { additionsize: Record<string, number>; stock: number };
      };
      const size = Object.entries(info.productInfo.additionsize).find(([, units]) => units >= 4)?.[0];
      if (size) found.push({ id, size, stock: info.productInfo.stock });
      if (found.length === wanted) break;
    }
  }
  return found;
}

const amountToPay = async (browser: Browser) =>
  ((await browser.get('/api/purchasePage')).body as { priceDetails: { amountToPay: number } }).priceDetails
    .amountToPay * 100;

const createOrder = async (browser: Browser) =>
  browser.post('/create-order', { amount: await amountToPay(browser), currency: 'INR', receipt: 'probe' });

/** One account bags 30 products' units and opens a payment; then a second attempt after a smaller bag. */
async function hoard(ctx: Context): Promise<void> {
  const hoarder = await Browser.open(ctx.base, network(30));
  await signUp(ctx, hoarder, randomPhone());
  await hoarder.post('/editProfile', {
    fname: 'Probe',
    lname: 'Hoarder',
    houseNo: '12',
    roadName: 'MG Road',
    areaName: 'Ballygunge',
    city: 'Kolkata',
    pin: '700001',
  });
  const products = await stockedProducts(hoarder, 30);
  for (const { id, size } of products) {
    for (let unit = 0; unit < 4; unit++) {
      await hoarder.post(`/product/apparel/${id}`, { prodID: id, size, addCart: 1 }, { key: 'addCart' });
    }
  }
  const big = await createOrder(hoarder);
  const observer = await Browser.open(ctx.base, network(31));
  const first = products[0];
  if (!first) throw new Error('no stocked product');
  const seen = (await observer.get(`/product/ind/apparel/${first.id}`)).body as {
    productInfo: { stock: number };
  };
  report(
    'hoard 120 units of 30 products',
    big.status === 409 && seen.productInfo.stock === first.stock,
    `create-order ${big.status} ${JSON.stringify(big.body)}; another shopper sees ${seen.productInfo.stock} of ${first.stock} units`,
  );

  const drop = ({ id, size }: { id: number; size: string }) =>
    hoarder.post(`/product/apparel/${id}`, { prodID: id, size, addCart: 0 }, { key: 'addCart' });
  for (const product of products.slice(2)) await drop(product);
  const one = await createOrder(hoarder);
  const second = products[1];
  if (second) await drop(second);
  const two = await createOrder(hoarder);
  const released = (await observer.get(`/product/ind/apparel/${products[1]?.id}`)).body as {
    productInfo: { stock: number };
  };
  const until = (a: Answer) => (a.body as { heldUntil?: string }).heldUntil;
  report(
    'a second create-order releases the first hold',
    one.status === 200 &&
      two.status === 200 &&
      released.productInfo.stock === products[1]?.stock &&
      until(one) !== undefined &&
      until(one) === until(two),
    `attempts ${one.status}/${two.status}, held until ${until(one)} then ${until(two)}; the dropped product shows ${released.productInfo.stock} of ${products[1]?.stock}`,
  );
  await invoiceFlood(ctx, hoarder, two);
}

/** A paid order, then its invoice asked 200 times, 10 at a time, while /healthz is timed. */
async function invoiceFlood(ctx: Context, shopper: Browser, attempt: Answer): Promise<void> {
  const { id: orderId, key_secret } = {
    ...(attempt.body as { id: string }),
    key_secret: ctx.razorpay.keySecret,
  };
  const payment = ctx.razorpay.capture(orderId);
  const signature = checkoutSignature(key_secret, orderId, payment.id);
  const result = {
    razorpay_order_id: orderId,
    razorpay_payment_id: payment.id,
    razorpay_signature: signature,
  };
  await shopper.post('/verify-payment', result);
  await shopper.post(
    '/api/purchasePage',
    { prods: [], userInfo: {}, orderId, razorpay_payment_id: payment.id },
    { key: 'checkOut' },
  );
  const lines = (await shopper.get('/api/orders')).body as { invoiceUrl: string }[];
  const invoice = lines[0]?.invoiceUrl;
  if (!invoice) return report('invoice flood', false, 'no order was placed');
  const health = async () => {
    const at = performance.now();
    await fetch(`${ctx.base}/healthz`);
    return performance.now() - at;
  };
  const quiet: number[] = [];
  for (let i = 0; i < 20; i++) quiet.push(await health());
  const busy: number[] = [];
  const statuses: Answer[] = [];
  let done = false;
  const flood = (async () => {
    for (let round = 0; round < 20; round++) {
      statuses.push(...(await Promise.all(Array.from({ length: 10 }, () => shopper.get(invoice)))));
    }
    done = true;
  })();
  while (!done) busy.push(await health());
  await flood;
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const worst = Math.max(...busy);
  report(
    'one shopper downloads an invoice 200 times, 10 at a time',
    median(busy) - median(quiet) <= 150 && worst <= 2000,
    `${JSON.stringify(tally(statuses))}; /healthz median ${median(quiet).toFixed(1)} ms quiet, ${median(busy).toFixed(1)} ms during, worst ${worst.toFixed(0)} ms`,
  );
}

/** A GET with headers fetch would not send as given (Host), answering the body's text. */
function rawGet(url: string, headers: Record<string, string>): Promise<string> {
  return new Promise((done, fail) => {
    httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(Buffer.concat(chunks).toString('utf8')));
    })
      .on('error', fail)
      .end();
  });
}

/** The Host header never becomes the shop's address. */
async function hostHeader(ctx: Context): Promise<void> {
  const evil = 'evil.example';
  const pages = ['/sitemap.xml', '/robots.txt', '/'];
  const leaks: string[] = [];
  for (const page of pages) {
    for (const header of ['host', 'x-forwarded-host']) {
      if ((await rawGet(`${ctx.base}${page}`, { [header]: evil })).includes(evil))
        leaks.push(`${page} (${header})`);
    }
  }
  report(
    'a hostile Host header',
    leaks.length === 0,
    leaks.length ? `named in ${leaks.join(', ')}` : `PUBLIC_URL's origin on ${pages.join(', ')}`,
  );
}

/** 10,000 requests of random shapes at the API's routes: none may answer 5xx. */
async function fuzz(ctx: Context): Promise<void> {
  const routes = [
    '/api/otp/send',
    '/api/otp/verify',
    '/api/signUp',
    '/api/login',
    '/create-order',
    '/editProfile',
    '/api/purchasePage',
    '/api/coupons/apply',
    '/return',
    '/cancel',
    '/orders/rate',
    '/api/pincheck',
    '/api/item/Women/Kurti/%7B%7D',
    '/admin/api/session/code',
    '/admin/api/session',
    '/admin/api/session/passkey',
    '/admin/api/session/passkey/options',
    '/api/session/passkey',
    '/verify-payment',
  ];
  const values = [
    null,
    true,
    -1,
    0,
    1e308,
    'x'.repeat(5000),
    '९८७६५४३२१०',
    [],
    {},
    [[[]]],
    { a: { b: {} } },
    '9876543210',
    '123456',
  ];
  const pick = <T>(xs: readonly T[]) => xs[randomInt(0, xs.length)] as T;
  const fields = [
    'phoneNumber',
    'phone',
    'code',
    'amount',
    'id',
    'rawId',
    'response',
    'page',
    'sort',
    'orderID',
    'key',
  ];
  const browsers = await Promise.all(
    Array.from({ length: 10 }, (_, i) => Browser.open(ctx.base, network(200 + i))),
  );
  const failures: string[] = [];
  for (let round = 0; round < 1000; round++) {
    await Promise.all(
      browsers.map(async (browser) => {
        const body = Object.fromEntries(
          Array.from({ length: randomInt(0, 4) }, () => [pick(fields), pick(values)]),
        );
        const path = pick(routes);
        const answer = await browser.post(path, body, {
          key: pick(['login', 'phone', 'mail', 'checkOut', 'addCart', '']),
        });
        if (answer.status >= 500)
          failures.push(`${path} ${JSON.stringify(body).slice(0, 80)} -> ${answer.status}`);
      }),
    );
  }
  report(
    '10,000 fuzzed requests',
    failures.length === 0,
    failures.length ? failures.slice(0, 5).join('; ') : 'no 5xx',
  );
}

/** Production without PUBLIC_URL must refuse to start. */
async function noPublicUrl(env: Record<string, string>): Promise<void> {
  const { PUBLIC_URL: _, ...rest } = env;
  const port = await freePort();
  const child = spawnServer({ ...process.env, ...rest }, port, ['ignore', 'pipe', 'pipe']);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number | null>((done) => {
    const timer = setTimeout(() => {
      child.kill();
      done(null);
    }, 30_000);
    child.once('exit', (exit) => {
      clearTimeout(timer);
      done(exit);
    });
  });
  report(
    'production without PUBLIC_URL',
    code !== null && code !== 0 && output.includes('PUBLIC_URL'),
    `exit ${code}: ${output.trim().split('\n').at(-1)?.slice(0, 160)}`,
  );
}

// Run ------------------------------------------------------------------------------------------------------

// the floods last: they spend the budgets that the others' sign-ups need
const ATTACKS = { hoard, lockout, hostHeader, fuzz, unknownFlood, parallel } as const;

async function main(): Promise<void> {
  const only = args.only ? args.only.split(',') : Object.keys(ATTACKS);
  const tls = selfSignedCertificate();
  const msg91 = await startFakeMsg91();
  const razorpay = await startFakeRazorpay();
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    DATABASE_URL: args['database-url'],
    HAAT_DEMO: 'on',
    PUBLIC_URL,
    TRUST_PROXY: 'loopback',
    ADMIN_TOKEN,
    SESSION_SECRET: 'probe-session-secret-of-at-least-32-characters',
    SMS_PROVIDER: 'msg91',
    MSG91_AUTH_KEY: 'probe-msg91-auth-key',
    MSG91_TEMPLATE_ID: 'probe-otp-template',
    MSG91_BASE_URL: await tlsFront(msg91.url, tls),
    PAYMENT_PROVIDER: 'razorpay',
    RAZORPAY_KEY_ID: razorpay.keyId,
    RAZORPAY_KEY_SECRET: razorpay.keySecret,
    RAZORPAY_WEBHOOK_SECRET: 'probe-webhook-secret',
    RAZORPAY_BASE_URL: await tlsFront(razorpay.url, tls),
    NODE_EXTRA_CA_CERTS: tls.certFile,
  };
  await ensureDatabase(args['database-url']);
  if (only.includes('publicUrl') || !args.only) await noPublicUrl(env);
  const shop = await startShop(env);
  const otps = () =>
    msg91.received.flatMap(({ body }) => {
      const recipients = (body as { recipients?: { mobiles?: string; otp?: string }[] }).recipients ?? [];
      return recipients.flatMap((r) =>
        r.otp && r.mobiles ? [{ phone: r.mobiles.slice(2), code: r.otp }] : [],
      );
    });
  const ctx: Context = {
    base: shop.url,
    codeAfter: async (phone, seen) => {
      const sent = () => otps().filter((o) => o.phone === phone);
      for (let wait = 0; wait < 50 && sent().length <= seen; wait++) await sleep(100);
      return sent().length > seen ? sent().at(-1)?.code : undefined;
    },
    smsCount: (phone) => otps().filter((o) => phone === undefined || o.phone === phone).length,
    razorpay,
  };
  try {
    for (const name of only) {
      const attack = ATTACKS[name as keyof typeof ATTACKS];
      if (!attack) continue;
      await attack(ctx).catch((error: unknown) =>
        report(name, false, `the probe itself failed: ${String(error)}`),
      );
    }
  } finally {
    await shop.stop();
    await msg91.close();
    await razorpay.close();
  }
  const broken = findings.filter((f) => !f.held).length;
  console.log(`\n${findings.length - broken} held, ${broken} broken (log: ${LOG_FILE})`);
  process.exitCode = broken ? 1 : 0;
}

await main();
