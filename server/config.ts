import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { COD_CONFIRM_SECONDS } from '../contract/cod-constants.ts';
import { ORDER_MAX_RUPEES, ORDER_MAX_UNITS, STOCK_HOLD_MINUTES } from '../contract/shopping-rules.ts';
import { MESSAGE_KINDS, type MessageKind, templateVariable } from './platform/sms/templates.ts';

/** Everything the server reads from the environment, parsed and validated once at start. */
export interface Config {
  nodeEnv: 'production' | 'development' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  sessionSecret: string;
  smsProvider: 'console' | 'msg91';
  /** MSG91's flow API; only read when smsProvider is msg91 */
  msg91: { authKey: string; templateId: string; sender: string | undefined; baseUrl: string };
  /** MSG91 flow template id per order message (MSG91_TEMPLATE_ORDER_PLACED, ...); a missing one waits */
  smsTemplates: Partial<Record<MessageKind, string>>;
  /** how often the SMS outbox worker looks for messages to send */
  outboxIntervalMs: number;
  paymentProvider: 'simulated' | 'razorpay';
  /**
   * no real money can move: the simulated gateway, or Razorpay's test keys (rzp_test_); in production a
   * rehearsal of going live, which the shop and the back office say in a banner
   */
  testMode: boolean;
  /** baseUrl: Razorpay's API host, or a local fake in tests */
  razorpay: { keyId: string; keySecret: string; webhookSecret: string; baseUrl: string };
  courierProvider: 'manual' | 'shiprocket';
  /**
   * Shiprocket's API user; baseUrl undefined outside production is the local fake the shop serves itself
   * (decision 048); webhookToken is what Shiprocket sends in the webhook's x-api-key header
   */
  shiprocket: { email: string; password: string; baseUrl: string | undefined; webhookToken: string };
  /** how long a page waits for the courier's delivery estimate before it shows the spec's 7 to 10 days */
  courierEstimateWaitMs: number;
  /** shipments not done and unheard of this long are asked about by polling (decision 050) */
  courierPollAfterMs: number;
  /** how often polling looks for such shipments */
  courierPollIntervalMs: number;
  adminToken: string | undefined;
  /** the bearer a Prometheus scrape of /metrics shows; ADMIN_TOKEN's when unset */
  metricsToken: string | undefined;
  /** /metrics on a port of its own (0: any free one) instead of the main port */
  metricsPort: number | undefined;
  /** how long a graceful stop (SIGTERM) waits for requests in flight before cutting them */
  shutdownGraceMs: number;
  reconcileIntervalMs: number;
  /** what one unpaid checkout may hold: its bag's units and amount in rupees */
  orderLimits: { maxUnits: number; maxRupees: number };
  /** how long a checkout's units are held from the account's first unpaid attempt in a row (decision 054) */
  stockHoldMinutes: number;
  /** how long a cash-on-delivery order waits for its SMS code before the shop cancels it (decision 069) */
  codConfirmSeconds: number;
  /** one-time codes (and key=phone / key=mail checks) a client address may make per hour */
  otpAddressHourlyLimit: number;
  /** every SMS the shop may send shoppers per hour and per day, whoever asks: SMS costs money */
  smsBudget: { hourly: number; daily: number };
  /** the percentage of smsBudget that codes for numbers with no account may use (SMS pumping) */
  smsUnknownShare: number;
  /** the percentage of that share one network may use in an hour (and of the daily share in a day) */
  smsUnknownNetworkShare: number;
  /** the back office's sign-in codes, a budget of their own that no shopper request can spend */
  staffSmsBudget: { hourly: number; daily: number };
  /** the proxies allowed to set X-Forwarded-For: addresses, CIDRs or names (loopback, uniquelocal, ...) */
  trustProxy: string;
  /** how long a session read from the database is reused in this process */
  sessionCacheMs: number;
  /**
   * the shop's absolute origin in canonical URLs, share tags, robots.txt and the sitemap: required in
   * production; the request's host when unset (development only)
   */
  publicUrl: string | undefined;
  /** fill an empty shop with the demo catalogue at start (HAAT_DEMO; on in development, off in production) */
  demo: boolean;
  /** the browsable API reference at /api/docs (API_DOCS; on in development, off in production) */
  apiDocs: boolean;
}

/** Every problem of the configuration, one per line, so one start names them all. */
export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string | string[]) {
    const list = typeof problems === 'string' ? [problems] : problems;
    super(list.join('\n'));
    this.problems = list;
  }
}

export type Env = Record<string, string | undefined>;
/** The problems found so far: each check adds its own and reading goes on with the default. */
type Problems = string[];

function oneOf<T extends string>(
  env: Env,
  problems: Problems,
  name: string,
  allowed: readonly T[],
  fallback: T,
): T {
  const value = env[name] ?? fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  problems.push(`${name} must be one of ${allowed.join(', ')} (got "${value}")`);
  return fallback;
}

function integer(
  env: Env,
  problems: Problems,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (Number.isInteger(value) && value >= min && value <= max) return value;
  problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  return fallback;
}

function text(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value === '' ? undefined : value;
}

function smsTemplates(env: Env, problems: Problems): Config['smsTemplates'] {
  const templates: Config['smsTemplates'] = {};
  for (const kind of MESSAGE_KINDS) {
    const name = templateVariable(kind);
    const id = text(env, name);
    if (id === undefined) continue;
    if (/^[\w-]{1,64}$/.test(id)) templates[kind] = id;
    else problems.push(`${name} must be an MSG91 template id (got "${id}")`);
  }
  return templates;
}

function trustProxy(problems: Problems, value: string): string {
  if (/^[\w.:/,\s-]+$/.test(value)) return value;
  problems.push(`TRUST_PROXY is not a list of addresses (got "${value}")`);
  return 'loopback';
}

/** An http(s) origin, kept without a trailing slash so paths join onto it. */
function publicUrl(problems: Problems, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.search || url.hash) {
    problems.push(`PUBLIC_URL must be an http(s) address such as https://haat.in (got "${value}")`);
    return undefined;
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** how Razorpay's test key ids begin; a live key's begin rzp_live_ */
export const RAZORPAY_TEST_KEY = 'rzp_test_';

const DEV_SESSION_SECRET = 'haat-development-session-secret-not-for-production';

/**
 * The variables the server and its commands (`npm run staff`, `npm run doctor`) read: the project's
 * `.env` in the folder they start in, under the process's own variables, which win (as `node
 * --env-file` and compose's `env_file` have it).
 */
export function readEnvironment(file = resolve('.env'), env: Env = process.env): Env {
  if (!existsSync(file)) return env;
  return { ...parseEnv(readFileSync(file, 'utf8')), ...env };
}

export function loadConfig(env: Env = readEnvironment()): Config {
  const problems: Problems = [];
  const nodeEnv = oneOf(
    env,
    problems,
    'NODE_ENV',
    ['production', 'development', 'test'] as const,
    'development',
  );
  const production = nodeEnv === 'production';
  /** one of two choices, the first by default outside production and the second in it */
  const byStage = <T extends string>(name: string, [elsewhere, inProduction]: readonly [T, T]) =>
    oneOf(env, problems, name, [elsewhere, inProduction], production ? inProduction : elsewhere);
  const config: Config = {
    nodeEnv,
    port: integer(env, problems, 'PORT', 3000, 0, 65535),
    host: text(env, 'HOST') ?? '127.0.0.1',
    databaseUrl: text(env, 'DATABASE_URL'),
    dataDir: resolve(text(env, 'DATA_DIR') ?? './data'),
    sessionSecret: text(env, 'SESSION_SECRET') ?? (production ? '' : DEV_SESSION_SECRET),
    smsProvider: byStage('SMS_PROVIDER', ['console', 'msg91']),
    msg91: {
      authKey: text(env, 'MSG91_AUTH_KEY') ?? '',
      templateId: text(env, 'MSG91_TEMPLATE_ID') ?? '',
      sender: text(env, 'MSG91_SENDER'),
      baseUrl: text(env, 'MSG91_BASE_URL') ?? 'https://control.msg91.com',
    },
    smsTemplates: smsTemplates(env, problems),
    outboxIntervalMs: integer(env, problems, 'OUTBOX_INTERVAL_MS', 2000, 10, 86_400_000),
    paymentProvider: byStage('PAYMENT_PROVIDER', ['simulated', 'razorpay']),
    testMode: false,
    razorpay: {
      keyId: text(env, 'RAZORPAY_KEY_ID') ?? 'rzp_test_haatsimulated',
      keySecret: text(env, 'RAZORPAY_KEY_SECRET') ?? '',
      webhookSecret: text(env, 'RAZORPAY_WEBHOOK_SECRET') ?? '',
      baseUrl: text(env, 'RAZORPAY_BASE_URL') ?? 'https://api.razorpay.com',
    },
    courierProvider: oneOf(env, problems, 'COURIER_PROVIDER', ['manual', 'shiprocket'] as const, 'manual'),
    shiprocket: {
      email: text(env, 'SHIPROCKET_EMAIL') ?? '',
      password: text(env, 'SHIPROCKET_PASSWORD') ?? '',
      baseUrl: text(env, 'SHIPROCKET_BASE_URL') ?? (production ? SHIPROCKET_API : undefined),
      webhookToken: text(env, 'SHIPROCKET_WEBHOOK_TOKEN') ?? '',
    },
    courierEstimateWaitMs: integer(env, problems, 'COURIER_ESTIMATE_WAIT_MS', 1500, 1, 60_000),
    courierPollAfterMs: integer(env, problems, 'COURIER_POLL_AFTER_MS', 43_200_000, 0, 2_592_000_000),
    courierPollIntervalMs: integer(env, problems, 'COURIER_POLL_INTERVAL_MS', 600_000, 100, 86_400_000),
    adminToken: text(env, 'ADMIN_TOKEN'),
    metricsToken: text(env, 'METRICS_TOKEN'),
    metricsPort:
      text(env, 'METRICS_PORT') === undefined
        ? undefined
        : integer(env, problems, 'METRICS_PORT', 0, 0, 65535),
    shutdownGraceMs: integer(env, problems, 'SHUTDOWN_GRACE_MS', 10_000, 0, 600_000),
    reconcileIntervalMs: integer(env, problems, 'RECONCILE_INTERVAL_MS', 60_000, 100, 86_400_000),
    orderLimits: {
      maxUnits: integer(env, problems, 'ORDER_MAX_UNITS', ORDER_MAX_UNITS, 1, 10_000),
      maxRupees: integer(env, problems, 'ORDER_MAX_RUPEES', ORDER_MAX_RUPEES, 1, 100_000_000),
    },
    stockHoldMinutes: integer(env, problems, 'STOCK_HOLD_MINUTES', STOCK_HOLD_MINUTES, 1, 1440),
    codConfirmSeconds: integer(
      env,
      problems,
      'COD_CONFIRM_SECONDS',
      COD_CONFIRM_SECONDS.default,
      COD_CONFIRM_SECONDS.min,
      COD_CONFIRM_SECONDS.max,
    ),
    otpAddressHourlyLimit: integer(env, problems, 'OTP_ADDRESS_HOURLY_LIMIT', 100, 1, 1_000_000),
    smsBudget: {
      hourly: integer(env, problems, 'SMS_HOURLY_BUDGET', 1000, 1, 10_000_000),
      daily: integer(env, problems, 'SMS_DAILY_BUDGET', 10_000, 1, 100_000_000),
    },
    smsUnknownShare: integer(env, problems, 'SMS_UNKNOWN_SHARE', 20, 1, 100),
    smsUnknownNetworkShare: integer(env, problems, 'SMS_UNKNOWN_NETWORK_SHARE', 10, 1, 100),
    staffSmsBudget: {
      hourly: integer(env, problems, 'STAFF_SMS_HOURLY_BUDGET', 100, 1, 1_000_000),
      daily: integer(env, problems, 'STAFF_SMS_DAILY_BUDGET', 500, 1, 10_000_000),
    },
    sessionCacheMs: integer(env, problems, 'SESSION_CACHE_MS', 5000, 0, 60_000),
    trustProxy: trustProxy(problems, text(env, 'TRUST_PROXY') ?? 'loopback'),
    publicUrl: publicUrl(problems, text(env, 'PUBLIC_URL')),
    demo: byStage('HAAT_DEMO', ['on', 'off']) === 'on',
    apiDocs: byStage('API_DOCS', ['on', 'off']) === 'on',
  };
  config.testMode =
    config.paymentProvider === 'simulated' || config.razorpay.keyId.startsWith(RAZORPAY_TEST_KEY);
  if (config.smsProvider === 'msg91') checkMsg91(problems, config.msg91, production);
  fillSimulatedSecrets(problems, config, env);
  if (config.courierProvider === 'shiprocket') checkShiprocket(problems, config, production);
  if (production) checkProductionReady(problems, config, env);
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

function checkMsg91(problems: Problems, msg91: Config['msg91'], production: boolean): void {
  if (msg91.authKey === '') {
    problems.push('MSG91_AUTH_KEY must be set (the auth key of your MSG91 account) when SMS_PROVIDER=msg91');
  } else if (/\s/.test(msg91.authKey)) {
    problems.push('MSG91_AUTH_KEY must not contain spaces');
  } else if (msg91.authKey.length < 8 || msg91.authKey.length > 200) {
    problems.push(
      `MSG91_AUTH_KEY must be at least 8 characters and at most 200 (got ${msg91.authKey.length})`,
    );
  }
  if (msg91.templateId === '') {
    problems.push('MSG91_TEMPLATE_ID must be set to the MSG91 template id mapped to your DLT template');
  } else if (!/^[\w-]{1,64}$/.test(msg91.templateId)) {
    problems.push(
      `MSG91_TEMPLATE_ID must be an MSG91 template id: up to 64 letters, digits, _ or - (got "${msg91.templateId}")`,
    );
  }
  if (msg91.sender !== undefined && !/^[A-Za-z]{6}$/.test(msg91.sender)) {
    problems.push(`MSG91_SENDER must be a 6-letter DLT sender id (got "${msg91.sender}")`);
  }
  checkOutsideUrl(problems, 'MSG91_BASE_URL', msg91.baseUrl, production);
}

/**
 * The simulated gateway signs with development secrets; Razorpay's are never guessed, in any mode: a
 * public secret would let anyone forge a webhook that places an order.
 */
function fillSimulatedSecrets(problems: Problems, config: Config, env: Env): void {
  if (config.paymentProvider === 'simulated') {
    config.razorpay.keySecret ||= 'haat-simulated-key-secret';
    config.razorpay.webhookSecret ||= 'haat-simulated-webhook-secret';
    return;
  }
  const missing = ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'].filter(
    (name) => !text(env, name),
  );
  if (missing.length) {
    problems.push(`PAYMENT_PROVIDER=razorpay needs ${missing.join(', ')} (from Razorpay's dashboard)`);
  }
}

const LOOPBACK = ['127.0.0.1', 'localhost', '[::1]'];

/**
 * An outside service's address: https in production, where http is allowed only on this machine (a
 * local stand-in: the doctor's rehearsal against fakes, decision 065); http(s) elsewhere.
 */
function checkOutsideUrl(problems: Problems, name: string, value: string, production: boolean): void {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  const local = url?.protocol === 'http:' && LOOPBACK.includes(url.hostname);
  const allowed = url?.protocol === 'https:' || local || (!production && url?.protocol === 'http:');
  if (!allowed) {
    problems.push(
      `${name} must be an ${production ? 'https' : 'http(s)'} URL${production ? ' (http only on 127.0.0.1)' : ''} (got "${value}")`,
    );
  }
}

const SHIPROCKET_API = 'https://apiv2.shiprocket.in';

/**
 * Shiprocket's real API needs its API user and the webhook's token; the local fake takes any user and
 * a development token. Production refuses an http address, as it does Razorpay's.
 */
function checkShiprocket(problems: Problems, config: Config, production: boolean): void {
  const { shiprocket } = config;
  if (shiprocket.baseUrl === undefined) {
    shiprocket.email ||= 'fake@haat.local';
    shiprocket.password ||= 'haat-fake-courier-password';
    shiprocket.webhookToken ||= 'haat-fake-courier-webhook-token';
    return;
  }
  checkOutsideUrl(problems, 'SHIPROCKET_BASE_URL', shiprocket.baseUrl, production);
  const missing = [
    ['SHIPROCKET_EMAIL', shiprocket.email],
    ['SHIPROCKET_PASSWORD', shiprocket.password],
    ['SHIPROCKET_WEBHOOK_TOKEN', shiprocket.webhookToken],
  ].filter(([, value]) => value === '');
  if (missing.length) {
    problems.push(
      `COURIER_PROVIDER=shiprocket needs ${missing.map(([name]) => name).join(', ')} (Shiprocket's API user and webhook token)`,
    );
  }
}

function checkProductionReady(problems: Problems, config: Config, env: Env): void {
  if (!text(env, 'SESSION_SECRET')) {
    problems.push('SESSION_SECRET must be set to at least 32 characters in production');
  } else if (config.sessionSecret.length < 32) {
    problems.push(
      `SESSION_SECRET must be at least 32 characters in production (got ${config.sessionSecret.length})`,
    );
  }
  // a rehearsal (Razorpay's test keys) may keep its codes in the server's log
  if (config.smsProvider === 'console' && !config.testMode) {
    problems.push(
      'SMS_PROVIDER=console is for development and rehearsals with Razorpay test keys; set SMS_PROVIDER=msg91 in production',
    );
  }
  if (config.paymentProvider === 'simulated') {
    problems.push('PAYMENT_PROVIDER=simulated is for development; use razorpay in production');
  }
  checkOutsideUrl(problems, 'RAZORPAY_BASE_URL', config.razorpay.baseUrl, true);
  // a malformed PUBLIC_URL has its own problem already (publicUrl)
  if (text(env, 'PUBLIC_URL') === undefined) {
    problems.push(
      "PUBLIC_URL must be set in production: the shop's address, such as https://haat.in (the sitemap, robots.txt, canonical links and passkeys name it, never the request's Host)",
    );
  }
  if (config.adminToken !== undefined && config.adminToken.length < 24) {
    problems.push(`ADMIN_TOKEN must be at least 24 characters (got ${config.adminToken.length})`);
  }
}
