import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import type pg from 'pg';
import type { Config } from './config.ts';
import type { Db } from './db/connect.ts';
import { projectPath } from './db/project-root.ts';
import { demoRoutes } from './demo/routes.ts';
import { devSmsRoutes } from './integrations/msg91/console-routes.ts';
import { devPaymentRoutes } from './integrations/razorpay/simulated-routes.ts';
import { devShippingRoutes } from './integrations/shiprocket/fake-routes.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { backInStockRoutes } from './modules/back-in-stock/routes.ts';
import { bagRoutes } from './modules/bag/routes.ts';
import { booksRoutes } from './modules/books/routes.ts';
import { catalogueRoutes } from './modules/catalogue/routes.ts';
import { categoryRoutes } from './modules/categories/routes.ts';
import { checkoutRoutes } from './modules/checkout/routes.ts';
import { codCashRoutes } from './modules/cod/cash-routes.ts';
import { codRoutes } from './modules/cod/routes.ts';
import { courierRoutes, devCourierRoutes } from './modules/courier/routes.ts';
import { shippingRoutes } from './modules/courier/shipping-routes.ts';
import { courierWebhookRoutes, devTrackingRoutes } from './modules/courier/tracking-routes.ts';
import { indiaPincodes } from './modules/delivery/india.ts';
import { deliveryRoutes, partnerRoutes } from './modules/delivery/routes.ts';
import { inventoryRoutes } from './modules/inventory/routes.ts';
import { invoiceRoutes } from './modules/invoices/routes.ts';
import { offerRoutes } from './modules/offers/routes.ts';
import { devOrderRoutes, orderRoutes } from './modules/orders/routes.ts';
import { passkeyRoutes } from './modules/passkeys/routes.ts';
import { productRoutes } from './modules/products/routes.ts';
import { reportRoutes } from './modules/reports/routes.ts';
import { returnRoutes } from './modules/returns/routes.ts';
import { reviewRoutes } from './modules/reviews/routes.ts';
import { sellerRoutes } from './modules/sellers/routes.ts';
import { seoPageRenderer, seoRoutes } from './modules/seo/routes.ts';
import { settlementRoutes } from './modules/settlements/routes.ts';
import { setupRoutes } from './modules/setup/routes.ts';
import { shopRoutes } from './modules/shop/routes.ts';
import { shopWindowRoutes } from './modules/shop-window/routes.ts';
import { sizeChartRoutes } from './modules/size-charts/routes.ts';
import { staffRoutes } from './modules/staff/routes.ts';
import { wishlistRoutes } from './modules/wishlist/routes.ts';
import { registerAdminNoStore } from './platform/admin-auth.ts';
import { JSON_BODY_LIMIT, registerBodyDrain } from './platform/body-limit.ts';
import { registerCsrfCheck } from './platform/csrf.ts';
import { AppError, registerErrorHandling } from './platform/errors.ts';
import { registerHealth } from './platform/health.ts';
import { scheduleHousekeeping } from './platform/housekeeping.ts';
import { imageRoutes } from './platform/images/routes.ts';
import { guardedValidatorCompiler } from './platform/input-guard.ts';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './platform/json-depth.ts';
import { registerKeyHeaderRouting } from './platform/key-header.ts';
import { registerMetrics } from './platform/metrics.ts';
import { registerOpenApi } from './platform/openapi.ts';
import { registerRequestIdHeader, requestId } from './platform/request-id.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { registerGracefulClose } from './platform/shutdown.ts';
import { registerWebApp } from './platform/web.ts';
import { buildServices, type Services } from './services.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  /** the pool under `db`, whose sizes the metrics report */
  pool?: pg.Pool;
  logger?: FastifyServerOptions['logger'];
  /** where the built web app lives; tests without a build leave the pages out */
  webDir?: string;
  /** the clock of time-limited rules (one-time codes); tests move it */
  now?: () => Date;
}

const DEFAULT_WEB_DIR = projectPath('dist/web');

export async function buildApp(deps: AppDeps) {
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: JSON_BODY_LIMIT,
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
  const services = await buildServices({ config, db, log: app.log, now: deps.now });
  const { browser } = services;
  // read before the app listens, so that no request (and no /readyz) comes before India's pincodes
  indiaPincodes();

  registerErrorHandling(app);
  registerRequestIdHeader(app);
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });
  // before every route: the document and its check see only routes added after
  await registerOpenApi(app, { docs: config.apiDocs });
  registerHealth(app, { db, stopping: () => stopping, warming: () => services.catalogue.warming() });
  registerGracefulClose(app, config.shutdownGraceMs);
  services.metrics.watchPool(deps.pool);
  registerMetrics(app, services.metrics, {
    metricsToken: config.metricsToken,
    adminToken: config.adminToken,
    port: config.metricsPort,
    host: config.host,
  });
  registerSecurityHeaders(app, config);
  registerAdminNoStore(app);
  registerBodyDrain(app);
  parseJsonBodies(app);
  const keys = registerKeyHeaderRouting(app);
  await app.register(fastifyCookie);
  registerCsrfCheck(app, browser);

  registerJobs(app, services);
  for (const routes of [
    accountRoutes,
    devSmsRoutes,
    catalogueRoutes,
    adminRoutes,
    inventoryRoutes,
    productRoutes,
    imageRoutes,
    deliveryRoutes,
    courierRoutes,
    courierWebhookRoutes,
    shippingRoutes,
    codCashRoutes,
    booksRoutes,
    reportRoutes,
    wishlistRoutes,
    backInStockRoutes,
    bagRoutes,
    checkoutRoutes,
    codRoutes,
    offerRoutes,
    orderRoutes,
    returnRoutes,
    invoiceRoutes,
    reviewRoutes,
    staffRoutes,
    passkeyRoutes,
    sellerRoutes,
    settlementRoutes,
    sizeChartRoutes,
    categoryRoutes,
    partnerRoutes,
    devPaymentRoutes,
    devCourierRoutes,
    devTrackingRoutes,
    devOrderRoutes,
    devShippingRoutes,
    seoRoutes,
    setupRoutes,
    demoRoutes,
    shopRoutes,
    shopWindowRoutes,
  ]) {
    await app.register(routes, services);
  }
  keys.answerUnknownKeys();

  await registerWebApp(app, deps.webDir ?? DEFAULT_WEB_DIR, seoPageRenderer(services));
  return app;
}

/**
 * The background jobs: the reconciler, courier polling, the SMS outbox, the hourly sweeps, and the change
 * feed's connection.
 */
function registerJobs(app: FastifyInstance, services: Services): void {
  const { reconciler, trackingPoller, sessions, accounts, limits, changes, staffSignIn, control } = services;
  control?.register(app);
  app.addHook('onReady', async () => reconciler.start());
  app.addHook('onReady', async () => trackingPoller?.start());
  app.addHook('onClose', async () => trackingPoller?.stop());
  app.addHook('onReady', async () => services.codLapse.start());
  app.addHook('onClose', async () => services.codLapse.stop());
  app.addHook('onReady', async () => services.notifications.start());
  app.addHook('onClose', async () => services.notifications.stop());
  app.addHook('onClose', async () => services.catalogue.stop());
  app.addHook('onClose', async () => services.offers.sales.stop());
  app.addHook('onClose', async () => {
    // a run in progress ends at its safe point (each placement is one transaction) before the pool closes
    await reconciler.stop();
    await changes.close();
  });
  scheduleHousekeeping(app, {
    sessions: () => sessions.sweep(),
    codes: () => accounts.sweepCodes(),
    signedInBrowsers: () => accounts.sweepSignedInBrowsers(),
    limits: () => limits.sweep(),
    staffSessions: () => staffSignIn.sweep(),
  });
}

/**
 * A bodiless call sent with `content-type: application/json` (the back office's deliver, many HTTP
 * clients' defaults) is no body rather than malformed JSON; a route that needs a body still says so.
 * A body nested deeper than any contract's is refused before it is parsed (platform/json-depth.ts).
 */
function parseJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (text === '') done(null, undefined);
    else if (nestsDeeperThan(text, MAX_JSON_DEPTH)) done(new TooDeep(), undefined);
    else parseJson(request, text, done);
  });
}

class TooDeep extends AppError {
  constructor() {
    super(400, `JSON bodies may nest at most ${MAX_JSON_DEPTH} levels deep`);
  }
}
