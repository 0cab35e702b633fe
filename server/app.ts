import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify';
import { sql } from 'kysely';
import type { Config } from './config.ts';
import type { Db } from './db/connect.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { AccountsService } from './modules/accounts/service.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { cartRoutes } from './modules/cart/routes.ts';
import { catalogRoutes } from './modules/catalog/routes.ts';
import { Catalog } from './modules/catalog/service.ts';
import { checkoutRoutes } from './modules/checkout/routes.ts';
import { deliveryRoutes } from './modules/delivery/routes.ts';
import { orderRoutes } from './modules/orders/routes.ts';
import type { PaymentGateway } from './modules/payments/gateway.ts';
import { createPaymentGateway } from './modules/payments/index.ts';
import { Refunds } from './modules/payments/refunds.ts';
import { devPaymentRoutes } from './modules/payments/routes.ts';
import { reviewRoutes } from './modules/reviews/routes.ts';
import { wishlistRoutes } from './modules/wishlist/routes.ts';
import { registerBodyDrain } from './platform/body-limit.ts';
import { ChangeFeed, PostgresChangeFeed } from './platform/changes.ts';
import { BrowserTokens, registerCsrfCheck } from './platform/csrf.ts';
import { registerErrorHandling } from './platform/errors.ts';
import { registerHealth } from './platform/health.ts';
import { scheduleHousekeeping } from './platform/housekeeping.ts';
import { imageRoutes } from './platform/images/routes.ts';
import { guardedValidatorCompiler } from './platform/input-guard.ts';
import { registerKeyHeaderRouting } from './platform/key-header.ts';
import { RateLimits } from './platform/rate-limit.ts';
import { registerRequestIdHeader, requestId } from './platform/request-id.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { Sessions } from './platform/sessions.ts';
import { createSmsSender } from './platform/sms/index.ts';
import { registerWebApp } from './platform/web.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  logger?: FastifyServerOptions['logger'];
  /** where the built web app lives; tests without a build leave the pages out */
  webDir?: string;
  /** the clock of time-limited rules (one-time codes); tests move it */
  now?: () => Date;
}

/** Changes announced to every instance on the same PostgreSQL; to this process alone on PGlite. */
async function openChangeFeed(config: Config, db: Db, log: FastifyBaseLogger): Promise<ChangeFeed> {
  if (!config.databaseUrl) return new ChangeFeed();
  const notify = (channel: string, payload: string) =>
    sql`SELECT pg_notify(${channel}, ${payload})`.execute(db);
  const feed = new PostgresChangeFeed(config.databaseUrl, notify, log);
  await feed.start();
  return feed;
}

/** What every module's routes receive: the shared services, built once here. */
export interface AppContext {
  config: Config;
  db: Db;
  /** the browser's cookie and its CSRF token, which outlive any one session */
  browser: BrowserTokens;
  sessions: Sessions;
  catalog: Catalog;
  gateway: PaymentGateway;
  /** money going back: record owed refunds in your transaction, send them after it commits */
  refunds: Refunds;
  /** counted limits shared by every instance (key checks, create-order, uploads, the SMS budget) */
  limits: RateLimits;
}

const DEFAULT_WEB_DIR = fileURLToPath(new URL('../dist/web', import.meta.url));

export async function buildApp(deps: AppDeps) {
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: 1024 * 1024,
    trustProxy: deps.config.trustProxy,
    genReqId: requestId,
    // ids in paths are plain; reject pathological URLs early
    routerOptions: { maxParamLength: 2000, ignoreTrailingSlash: true },
    // a malformed URL or content type gets our JSON error shape like everything else
    frameworkErrors: (error, _request, reply) => {
      (reply as FastifyReply)
        .code(400)
        .send({ error: error.code === 'FST_ERR_BAD_URL' ? 'Malformed URL' : error.message });
    },
  });
  // TypeBox checks bodies strictly: no coercion of "1" to 1, no silently dropped fields
  app.setValidatorCompiler(guardedValidatorCompiler);
  const { config, db } = deps;
  const sessions = new Sessions(
    db,
    config.sessionSecret,
    config.nodeEnv === 'production',
    config.sessionCacheMs,
  );
  const browser = new BrowserTokens(config.sessionSecret, config.nodeEnv === 'production');
  const gateway = createPaymentGateway(config, db);
  const changes = await openChangeFeed(config, db, app.log);
  app.addHook('onClose', () => changes.close());
  const ctx: AppContext = {
    config,
    db,
    browser,
    sessions,
    catalog: new Catalog(db, changes),
    gateway,
    refunds: new Refunds(db, gateway, app.log),
    limits: new RateLimits(db, deps.now),
  };

  registerErrorHandling(app);
  registerSecurityHeaders(app, config, deps.webDir ?? DEFAULT_WEB_DIR);
  registerBodyDrain(app);
  registerRequestIdHeader(app);
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });
  registerHealth(app, { db, stopping: () => stopping });
  allowEmptyJsonBody(app);
  const keys = registerKeyHeaderRouting(app);
  await app.register(fastifyCookie);
  registerCsrfCheck(app, browser);

  const sms = createSmsSender(config, app.log);
  const accounts = new AccountsService({
    db,
    sessions,
    sms,
    secret: config.sessionSecret,
    addressHourlyLimit: config.otpAddressHourlyLimit,
    smsBudget: config.smsBudget,
    limits: ctx.limits,
    now: deps.now ?? (() => new Date()),
    log: app.log,
  });
  scheduleHousekeeping(app, {
    sessions: () => sessions.sweep(),
    codes: () => accounts.sweepCodes(),
    limits: () => ctx.limits.sweep(),
  });
  await app.register(accountRoutes, { ...ctx, accounts, sms });
  await app.register(catalogRoutes, ctx);
  await app.register(adminRoutes, ctx);
  await app.register(imageRoutes, ctx);
  await app.register(deliveryRoutes, ctx);
  await app.register(wishlistRoutes, ctx);
  await app.register(cartRoutes, ctx);
  await app.register(checkoutRoutes, ctx);
  await app.register(orderRoutes, ctx);
  await app.register(reviewRoutes, ctx);
  await app.register(devPaymentRoutes, ctx);
  keys.answerUnknownKeys();

  await registerWebApp(app, deps.webDir ?? DEFAULT_WEB_DIR);
  return app;
}

/**
 * A bodiless call sent with `content-type: application/json` (the back office's deliver, many HTTP
 * clients' defaults) is no body rather than malformed JSON; a route that needs a body still says so.
 */
function allowEmptyJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') done(null, undefined);
    else parseJson(request, body as string, done);
  });
}
