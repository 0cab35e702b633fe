import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/connect.ts';
import { safeEqual } from './crypto.ts';
import { notFound } from './errors.ts';

export const METRICS_PATH = '/metrics';
const OTP_SEND_ROUTE = '/api/otp/send';

/**
 * The shop's Prometheus metrics, one registry per app. Counters of what happens in this process
 * (requests, reconciler runs, one-time codes) and gauges read from the database at scrape time (orders,
 * payments, refunds, the oldest unplaced payment, live stock holds): those are the shop's, the same
 * on every instance, so a dashboard takes their max(), not their sum().
 */
export class ShopMetrics {
  readonly registry = new Registry();
  private defaultsOn = false;
  private pool: pg.Pool | undefined;

  readonly requestDuration = new Histogram({
    name: 'haat_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  /** incremented by the reconciler after each period's run */
  readonly reconcilerRuns = this.counter(
    'haat_reconciler_runs_total',
    'Reconciler runs in this process, by outcome (completed, failed)',
    ['outcome'],
  );

  /** each courier webhook event taken (token and body good), by the partner's status */
  readonly courierWebhookEvents = this.counter(
    'haat_courier_webhook_events_total',
    "Courier tracking webhook events received by this process, by the partner's status (e.g. DELIVERED)",
    ['status'],
  );

  /** incremented by courier polling after each period's run */
  readonly courierPollRuns = this.counter(
    'haat_courier_poll_runs_total',
    'Courier tracking polling runs in this process, by outcome (completed, failed)',
    ['outcome'],
  );

  readonly otpSends = this.counter(
    'haat_otp_sends_total',
    'One-time codes sent by this process (POST /api/otp/send answered 200)',
  );

  readonly otpRefusals = this.counter(
    'haat_otp_refusals_total',
    'One-time code requests refused by this process, by status (429: a limit or the SMS budget)',
    ['status_code'],
  );

  /** one-time code requests a limit held back, whatever the answer said: a flood or SMS pumping shows here */
  readonly otpLimited = this.counter(
    'haat_otp_limited_total',
    'One-time code requests held back by a limit in this process, by route (shopper, staff) and reason',
    ['route', 'reason'],
  );

  /** bookings with the courier partner: forward shipments and reverse pickups */
  readonly courierBookings = this.counter(
    'haat_courier_bookings_total',
    'Shipments booked with the courier partner by this process, by kind (forward, return) and result (booked, refused, failed)',
    ['kind', 'result'],
  );

  constructor(private readonly db: Db) {
    this.shopGauges();
    const pool = () => this.pool;
    new Gauge({
      name: 'haat_db_pool_connections',
      help: "The database pool's connections by state (total, idle, waiting clients)",
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const watched = pool();
        if (!watched) return;
        this.set({ state: 'total' }, watched.totalCount);
        this.set({ state: 'idle' }, watched.idleCount);
        this.set({ state: 'waiting' }, watched.waitingCount);
      },
    });
  }

  /**
   * The share of each SMS budget its window has used (0 to 1), read at each scrape: an alert can tell the
   * owner when one passes half, before codes are refused.
   */
  watchSmsBudgets(read: () => Promise<{ budget: string; used: number; max: number }[]>): void {
    new Gauge({
      name: 'haat_sms_budget_used_ratio',
      help: 'The share of each SMS budget used in its window (shop, unknown numbers, staff; hour and day)',
      labelNames: ['budget'] as const,
      registers: [this.registry],
      async collect() {
        for (const { budget, used, max } of await read()) this.set({ budget }, used / max);
      },
    });
  }

  /** 1 while the SMS provider is failing (its recent sends failed: code routes answer 503), else 0. */
  watchSmsProvider(sms: { provider: string; failing(): boolean }): void {
    new Gauge({
      name: 'haat_sms_provider_failing',
      help: 'Whether the SMS provider is failing: its recent sends failed or went unanswered (1), so codes are refused',
      labelNames: ['provider'] as const,
      registers: [this.registry],
      collect() {
        this.set({ provider: sms.provider }, sms.failing() ? 1 : 0);
      },
    });
  }

  /** The pool behind the database, to report its sizes (PostgreSQL; PGlite's adapter has one too). */
  watchPool(pool: pg.Pool | undefined): void {
    this.pool = pool;
  }

  /** Prometheus's text format. Process metrics (event-loop lag, memory, GC) start at the first scrape. */
  async scrape(): Promise<{ contentType: string; text: string }> {
    if (!this.defaultsOn) {
      collectDefaultMetrics({ register: this.registry, prefix: 'haat_' });
      this.defaultsOn = true;
    }
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }

  /** Records each answer: its duration, and what it says about one-time codes. */
  observe(method: string, route: string | undefined, status: number, seconds: number): void {
    this.requestDuration.observe({ method, route: route ?? 'unmatched', status_code: status }, seconds);
    if (route !== OTP_SEND_ROUTE || method !== 'POST') return;
    if (status === 200) this.otpSends.inc();
    else if (status >= 400 && status < 500) this.otpRefusals.inc({ status_code: status });
  }

  /** a counter in this app's registry, by the labels named */
  private counter<L extends string>(name: string, help: string, labelNames: readonly L[] = []) {
    return new Counter({ name, help, labelNames, registers: [this.registry] });
  }

  private shopGauges(): void {
    const { db, registry } = this;
    const byLabel = <L extends string>(
      name: string,
      help: string,
      label: L,
      read: () => Promise<{ key: string; n: number }[]>,
    ) =>
      new Gauge({
        name,
        help,
        labelNames: [label],
        registers: [registry],
        async collect() {
          this.reset();
          for (const { key, n } of await read()) this.set({ [label]: key } as Record<L, string>, n);
        },
      });
    const single = (name: string, help: string, read: () => Promise<number>) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        async collect() {
          this.set(await read());
        },
      });

    byLabel(
      'haat_orders_placed',
      'Orders placed, by who placed them (browser, webhook, reconciler)',
      'placed_by',
      () =>
        db
          .selectFrom('orders')
          .select(['placed_by as key', sql<number>`count(*)`.as('n')])
          .groupBy('placed_by')
          .execute(),
    );
    byLabel('haat_payments', 'Payments, by status (captured, failed, refunded, ...)', 'status', () =>
      db
        .selectFrom('payments')
        .select(['status as key', sql<number>`count(*)`.as('n')])
        .groupBy('status')
        .execute(),
    );
    byLabel('haat_payment_attempts', 'Checkout attempts (gateway orders), by status', 'status', () =>
      db
        .selectFrom('payment_orders')
        .select(['status as key', sql<number>`count(*)`.as('n')])
        .groupBy('status')
        .execute(),
    );
    byLabel(
      'haat_refunds',
      'Refunds, by status: pending ones wait to be sent, failed ones need a person',
      'status',
      () =>
        db
          .selectFrom('refunds')
          .select(['status as key', sql<number>`count(*)`.as('n')])
          .groupBy('status')
          .execute(),
    );
    single(
      'haat_unplaced_payment_oldest_seconds',
      'Age of the oldest paid attempt not yet placed (0: none)',
      async () => {
        const { age } = await db
          .selectFrom('payment_orders')
          .select(sql<number>`coalesce(extract(epoch from now() - min(updated_at)), 0)::float8`.as('age'))
          .where('status', '=', 'paid')
          .executeTakeFirstOrThrow();
        return age;
      },
    );
    single('haat_stock_holds_live', 'Units held for checkouts now (not released, not expired)', async () => {
      const { units } = await db
        .selectFrom('stock_holds')
        .select(sql<number>`coalesce(sum(quantity), 0)::int`.as('units'))
        .where('released_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .executeTakeFirstOrThrow();
      return units;
    });
  }
}

export interface MetricsAccess {
  metricsToken: string | undefined;
  adminToken: string | undefined;
  /** METRICS_PORT: serve the metrics on a port of their own instead of the main one */
  port: number | undefined;
  host: string;
}

interface Scrape {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Whether the authorization header shows the bearer token (compared in constant time). */
function showsToken(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/.exec(authorization ?? '');
  return Boolean(match?.[1] && safeEqual(match[1], token));
}

async function scrape(
  metrics: ShopMetrics,
  authorization: string | undefined,
  token: string | undefined,
): Promise<Scrape> {
  if (token !== undefined && !showsToken(authorization, token)) {
    const body = JSON.stringify({ error: 'A valid metrics token is required' });
    return {
      status: 401,
      headers: { 'content-type': 'application/json', 'www-authenticate': 'Bearer' },
      body,
    };
  }
  const { contentType, text } = await metrics.scrape();
  return { status: 200, headers: { 'content-type': contentType, 'cache-control': 'no-store' }, body: text };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** where the metrics' own port (METRICS_PORT) listens once the app is ready; undefined without one */
    metricsAddress(): AddressInfo | undefined;
  }
}

/**
 * Times every answer, and serves `GET /metrics`: on the main port to a bearer of METRICS_TOKEN, or of
 * ADMIN_TOKEN when METRICS_TOKEN is unset (401 otherwise; 404 when neither is set). With METRICS_PORT,
 * on a port of its own instead, meant for the private network: there the token is asked only when
 * METRICS_TOKEN is set.
 */
export function registerMetrics(app: FastifyInstance, metrics: ShopMetrics, access: MetricsAccess): void {
  app.addHook('onResponse', async (request, reply) => {
    metrics.observe(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
  });
  let server: Server | undefined;
  app.decorate('metricsAddress', () => server?.address() as AddressInfo | undefined);

  const token = access.metricsToken ?? access.adminToken;
  // not here: a JSON 404 like any unknown API path (the web app would answer its page)
  const served = access.port === undefined && token !== undefined;
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!served) throw notFound(`Not found: GET ${METRICS_PATH}`);
    const answer = await scrape(metrics, request.headers.authorization, token);
    return reply.code(answer.status).headers(answer.headers).send(answer.body);
  });
  if (access.port === undefined) return;

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '').split('?')[0];
    const answer =
      request.method === 'GET' && path === METRICS_PATH
        ? await scrape(metrics, request.headers.authorization, access.metricsToken)
        : { status: 404, headers: { 'content-type': 'application/json' }, body: '{"error":"Not found"}' };
    response.writeHead(answer.status, answer.headers).end(answer.body);
  };
  app.addHook('onReady', async () => {
    const started = createServer((request, response) => {
      handle(request, response).catch((error: unknown) => {
        app.log.error({ err: error }, 'metrics scrape failed');
        if (!response.headersSent) response.writeHead(500);
        response.end();
      });
    });
    await new Promise<void>((resolve, reject) => {
      started.once('error', reject);
      started.listen(access.port, access.host, resolve);
    });
    server = started;
  });
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });
}
