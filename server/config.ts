import { resolve } from 'node:path';
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
  /** baseUrl: Razorpay's API host, or a local fake in tests */
  razorpay: { keyId: string; keySecret: string; webhookSecret: string; baseUrl: string };
  adminToken: string | undefined;
  /** the bearer a Prometheus scrape of /metrics shows; ADMIN_TOKEN's when unset */
  metricsToken: string | undefined;
  /** /metrics on a port of its own (0: any free one) instead of the main port */
  metricsPort: number | undefined;
  /** how long a graceful stop (SIGTERM) waits for requests in flight before cutting them */
  shutdownGraceMs: number;
  reconcileIntervalMs: number;
  /** one-time codes (and key=phone / key=mail checks) a client address may make per hour */
  otpAddressHourlyLimit: number;
  /** every SMS the shop may send per hour and per day, whoever asks: SMS costs money */
  smsBudget: { hourly: number; daily: number };
  /** the proxies allowed to set X-Forwarded-For: addresses, CIDRs or names (loopback, uniquelocal, ...) */
  trustProxy: string;
  /** how long a session read from the database is reused in this process */
  sessionCacheMs: number;
  /** the shop's absolute origin in canonical URLs, share tags and the sitemap; the request's host when unset */
  publicUrl: string | undefined;
  /** fill an empty shop with the demo catalogue at start (HAAT_DEMO; on in development, off in production) */
  demo: boolean;
  /** the browsable API reference at /api/docs (API_DOCS; on in development, off in production) */
  apiDocs: boolean;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const value = env[name] ?? fallback;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new ConfigError(`${name} must be one of ${allowed.join(', ')} (got "${value}")`);
  }
  return value as T;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return value;
}

function text(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value === '' ? undefined : value;
}

function smsTemplates(env: Env): Config['smsTemplates'] {
  const templates: Config['smsTemplates'] = {};
  for (const kind of MESSAGE_KINDS) {
    const name = templateVariable(kind);
    const id = text(env, name);
    if (id === undefined) continue;
    if (!/^[\w-]{1,64}$/.test(id))
      throw new ConfigError(`${name} must be an MSG91 template id (got "${id}")`);
    templates[kind] = id;
  }
  return templates;
}

function trustProxy(value: string): string {
  if (!/^[\w.:/,\s-]+$/.test(value))
    throw new ConfigError(`TRUST_PROXY is not a list of addresses (got "${value}")`);
  return value;
}

/** An http(s) origin, kept without a trailing slash so paths join onto it. */
function publicUrl(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.search || url.hash) {
    throw new ConfigError(`PUBLIC_URL must be an http(s) address such as https://haat.in (got "${value}")`);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

const DEV_SESSION_SECRET = 'haat-development-session-secret-not-for-production';

export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = oneOf(env, 'NODE_ENV', ['production', 'development', 'test'] as const, 'development');
  const production = nodeEnv === 'production';
  const config: Config = {
    nodeEnv,
    port: integer(env, 'PORT', 3000, 0, 65535),
    host: text(env, 'HOST') ?? '127.0.0.1',
    databaseUrl: text(env, 'DATABASE_URL'),
    dataDir: resolve(text(env, 'DATA_DIR') ?? './data'),
    sessionSecret: text(env, 'SESSION_SECRET') ?? (production ? '' : DEV_SESSION_SECRET),
    smsProvider: oneOf(env, 'SMS_PROVIDER', ['console', 'msg91'] as const, production ? 'msg91' : 'console'),
    msg91: {
      authKey: text(env, 'MSG91_AUTH_KEY') ?? '',
      templateId: text(env, 'MSG91_TEMPLATE_ID') ?? '',
      sender: text(env, 'MSG91_SENDER'),
      baseUrl: text(env, 'MSG91_BASE_URL') ?? 'https://control.msg91.com',
    },
    smsTemplates: smsTemplates(env),
    outboxIntervalMs: integer(env, 'OUTBOX_INTERVAL_MS', 2000, 10, 86_400_000),
    paymentProvider: oneOf(
      env,
      'PAYMENT_PROVIDER',
      ['simulated', 'razorpay'] as const,
      production ? 'razorpay' : 'simulated',
    ),
    razorpay: {
      keyId: text(env, 'RAZORPAY_KEY_ID') ?? 'rzp_test_haatsimulated',
      keySecret: text(env, 'RAZORPAY_KEY_SECRET') ?? '',
      webhookSecret: text(env, 'RAZORPAY_WEBHOOK_SECRET') ?? '',
      baseUrl: text(env, 'RAZORPAY_BASE_URL') ?? 'https://api.razorpay.com',
    },
    adminToken: text(env, 'ADMIN_TOKEN'),
    metricsToken: text(env, 'METRICS_TOKEN'),
    metricsPort:
      text(env, 'METRICS_PORT') === undefined ? undefined : integer(env, 'METRICS_PORT', 0, 0, 65535),
    shutdownGraceMs: integer(env, 'SHUTDOWN_GRACE_MS', 10_000, 0, 600_000),
    reconcileIntervalMs: integer(env, 'RECONCILE_INTERVAL_MS', 60_000, 100, 86_400_000),
    otpAddressHourlyLimit: integer(env, 'OTP_ADDRESS_HOURLY_LIMIT', 100, 1, 1_000_000),
    smsBudget: {
      hourly: integer(env, 'SMS_HOURLY_BUDGET', 1000, 1, 10_000_000),
      daily: integer(env, 'SMS_DAILY_BUDGET', 10_000, 1, 100_000_000),
    },
    sessionCacheMs: integer(env, 'SESSION_CACHE_MS', 5000, 0, 60_000),
    trustProxy: trustProxy(text(env, 'TRUST_PROXY') ?? 'loopback'),
    publicUrl: publicUrl(text(env, 'PUBLIC_URL')),
    demo: oneOf(env, 'HAAT_DEMO', ['on', 'off'] as const, production ? 'off' : 'on') === 'on',
    apiDocs: oneOf(env, 'API_DOCS', ['on', 'off'] as const, production ? 'off' : 'on') === 'on',
  };
  if (config.smsProvider === 'msg91') assertMsg91Ready(config.msg91, production);
  fillSimulatedSecrets(config, env);
  if (production) assertProductionReady(config);
  return config;
}

function assertMsg91Ready(msg91: Config['msg91'], production: boolean): void {
  if (!/^\S{8,200}$/.test(msg91.authKey)) {
    throw new ConfigError(
      'MSG91_AUTH_KEY must be set (the auth key of your MSG91 account) when SMS_PROVIDER=msg91',
    );
  }
  if (!/^[\w-]{1,64}$/.test(msg91.templateId)) {
    throw new ConfigError(
      'MSG91_TEMPLATE_ID must be set to the MSG91 template id mapped to your DLT template',
    );
  }
  if (msg91.sender !== undefined && !/^[A-Za-z]{6}$/.test(msg91.sender)) {
    throw new ConfigError(`MSG91_SENDER must be a 6-letter DLT sender id (got "${msg91.sender}")`);
  }
  const url = URL.canParse(msg91.baseUrl) ? new URL(msg91.baseUrl) : undefined;
  const allowed = production ? ['https:'] : ['https:', 'http:'];
  if (!url || !allowed.includes(url.protocol)) {
    throw new ConfigError(
      `MSG91_BASE_URL must be an ${production ? 'https' : 'http(s)'} URL (got "${msg91.baseUrl}")`,
    );
  }
}

/**
 * The simulated gateway signs with development secrets; Razorpay's are never guessed, in any mode: a
 * public secret would let anyone forge a webhook that places an order.
 */
function fillSimulatedSecrets(config: Config, env: Env): void {
  if (config.paymentProvider === 'simulated') {
    config.razorpay.keySecret ||= 'haat-simulated-key-secret';
    config.razorpay.webhookSecret ||= 'haat-simulated-webhook-secret';
    return;
  }
  const missing = ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'].filter(
    (name) => !text(env, name),
  );
  if (missing.length) {
    throw new ConfigError(
      `PAYMENT_PROVIDER=razorpay needs ${missing.join(', ')} (from Razorpay's dashboard)`,
    );
  }
}

function assertProductionReady(config: Config): void {
  if (config.sessionSecret.length < 32) {
    throw new ConfigError('SESSION_SECRET must be set to at least 32 characters in production');
  }
  if (config.smsProvider === 'console') {
    throw new ConfigError('SMS_PROVIDER=console is for development; set SMS_PROVIDER=msg91 in production');
  }
  if (config.paymentProvider === 'simulated') {
    throw new ConfigError('PAYMENT_PROVIDER=simulated is for development; use razorpay in production');
  }
  if (!config.razorpay.baseUrl.startsWith('https://')) {
    throw new ConfigError(`RAZORPAY_BASE_URL must be an https URL (got "${config.razorpay.baseUrl}")`);
  }
  if (config.adminToken !== undefined && config.adminToken.length < 24) {
    throw new ConfigError('ADMIN_TOKEN must be at least 24 characters');
  }
}
