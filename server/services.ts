import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Config } from './config.ts';
import type { Db } from './db/connect.ts';
import { DemoShop } from './demo/service.ts';
import { type Courier, makeIntegrations } from './integrations/index.ts';
import { AccountsService } from './modules/accounts/service.ts';
import { BackInStock } from './modules/back-in-stock/service.ts';
import { GuestBags } from './modules/bag/guest-bag.ts';
import { Bag, bagLines } from './modules/bag/service.ts';
import { Books } from './modules/books/service.ts';
import { Catalogue } from './modules/catalogue/service.ts';
import { Categories } from './modules/categories/service.ts';
import { Placement } from './modules/checkout/placement.ts';
import { Reconciler } from './modules/checkout/reconciler.ts';
import { Checkout } from './modules/checkout/service.ts';
import { PaymentWebhook } from './modules/checkout/webhook.ts';
import { CodCash } from './modules/cod/cash-service.ts';
import { CodLapse } from './modules/cod/lapse.ts';
import { CashOnDelivery } from './modules/cod/service.ts';
import { DeliveryEstimates } from './modules/courier/estimates.ts';
import { Shipping } from './modules/courier/shipping.ts';
import { CourierTracking, TrackingPoller } from './modules/courier/tracking.ts';
import { Partners } from './modules/delivery/service.ts';
import { Inventory } from './modules/inventory/service.ts';
import { Invoices } from './modules/invoices/service.ts';
import { Notifications } from './modules/notifications/service.ts';
import { Coupons } from './modules/offers/coupons.ts';
import { Sales } from './modules/offers/sales.ts';
import { Offers } from './modules/offers/service.ts';
import { BackOffice } from './modules/orders/back-office.ts';
import { Orders } from './modules/orders/service.ts';
import { Passkeys } from './modules/passkeys/service.ts';
import type { PaymentGateway } from './modules/payments/gateway.ts';
import { Refunds } from './modules/payments/refunds.ts';
import { CatalogueCsv } from './modules/products/catalogue-csv.ts';
import { Products } from './modules/products/service.ts';
import { Reports } from './modules/reports/service.ts';
import { ReturnableGenres } from './modules/returns/service.ts';
import { Reviews, takeReviewPhoto } from './modules/reviews/service.ts';
import { Sellers } from './modules/sellers/service.ts';
import { SeoPages } from './modules/seo/service.ts';
import { Sitemaps } from './modules/seo/sitemap.ts';
import { Settlements } from './modules/settlements/service.ts';
import { ShopSetup } from './modules/setup/service.ts';
import { Shop } from './modules/shop/service.ts';
import { ShopWindow } from './modules/shop-window/service.ts';
import { SizeCharts } from './modules/size-charts/service.ts';
import { StaffDirectory } from './modules/staff/service.ts';
import { StaffSignIn } from './modules/staff/sign-in.ts';
import { Wishlist } from './modules/wishlist/service.ts';
import { AdminAuth } from './platform/admin-auth.ts';
import { ChangeFeed, PostgresChangeFeed } from './platform/changes.ts';
import { ShopControl } from './platform/control.ts';
import { BrowserTokens } from './platform/csrf.ts';
import { Images } from './platform/images/service.ts';
import { ShopMetrics } from './platform/metrics.ts';
import { RateLimits } from './platform/rate-limit.ts';
import { Sessions } from './platform/sessions.ts';
import type { WatchedSms } from './platform/sms/watch.ts';

export interface ServiceDeps {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  /** the clock of time-limited rules (codes, limits); tests move it */
  now?: () => Date;
}

/**
 * Every service, adapter and background job of the shop, built once by `buildServices`. Route plugins
 * receive this and construct nothing; a module's routes use the services they name.
 */
export interface Services {
  config: Config;
  db: Db;
  // platform: who is asking, how often, and who else must hear of a change
  /** the browser's cookie and its CSRF token, which outlive any one session */
  browser: BrowserTokens;
  sessions: Sessions;
  /** counted limits shared by every instance (key checks, create-order, uploads, the SMS budget) */
  limits: RateLimits;
  changes: ChangeFeed;
  /** Prometheus metrics: request timings, the reconciler's runs, and the shop's gauges */
  metrics: ShopMetrics;
  // adapters to the world outside
  /** the SMS provider, watched: `failing()` while its recent sends failed */
  sms: WatchedSms;
  gateway: PaymentGateway;
  /** money going back: record owed refunds in your transaction, send them after it commits */
  refunds: Refunds;
  /** SMS about orders: written in the change's transaction, sent (and retried) by a worker */
  notifications: Notifications;
  // the shop, in the order a sale goes through it
  /** what can be sold: every change of stock and holds, in the caller's transaction, announced after it */
  inventory: Inventory;
  images: Images;
  /** the shop's own details, policy pages and settings (delivery charge, low-stock threshold) */
  shop: Shop;
  /** size charts per genre and per seller for a genre: the back office keeps them, product pages show them */
  sizeCharts: SizeCharts;
  /** the owner's segments and genres: the menu's order and which genres are one-size */
  categories: Categories;
  catalogue: Catalogue;
  /** the home page's slides and tiles, the owner's */
  shopWindow: ShopWindow;
  accounts: AccountsService;
  wishlist: Wishlist;
  /** "Notify me" on a sold-out size: told by inventory, in the transaction that brings the size back */
  backInStock: BackInStock;
  /** festive sales and coupon codes: the bag, checkout and catalogue price with their parts */
  offers: Offers;
  bag: Bag;
  /** a visitor's bag and wishlist, merged into the account's at login */
  guestBags: GuestBags;
  checkout: Checkout;
  placement: Placement;
  /** cash on delivery: the offer, placing with no payment, and the SMS code that confirms the order */
  cod: CashOnDelivery;
  /** cancels COD orders left unconfirmed past their window, on every instance */
  codLapse: CodLapse;
  webhook: PaymentWebhook;
  reconciler: Reconciler;
  orders: Orders;
  backOffice: BackOffice;
  /** GST tax invoices and credit notes as PDFs */
  invoices: Invoices;
  reviews: Reviews;
  /** genres the back office marks not returnable */
  returnableGenres: ReturnableGenres;
  /** the back office's catalogue: products, photos, low stock; and the CSV import and export */
  products: Products;
  catalogueCsv: CatalogueCsv;
  /** the shop's sellers: staff read them, the owner changes them; deactivating one pauses its products */
  sellers: Sellers;
  /** sellers' settlements: the ledger of delivered lines, statements and payouts (decision 070) */
  settlements: Settlements;
  /** delivery partners: their tracking pages and the pincodes each serves (owner only) */
  partners: Partners;
  /** the courier partner (Shiprocket, or its local fake), none when the shop ships by hand */
  courier: Courier;
  /** Ship through the courier partner: bookings, labels, manifests, pickups, reverse pickups */
  shipping: Shipping;
  /** "Delivery by": the seller's handover and the courier's estimate, kept per pair of pincodes */
  deliveryEstimates: DeliveryEstimates;
  /** the courier's tracking events (webhook and polling) moving the lines */
  tracking: CourierTracking;
  /** asks the partner about shipments unheard of too long; none when the shop ships by hand */
  trackingPoller: TrackingPoller | undefined;
  /** cash on delivery's cash: what couriers owe, and their remittance files reconciled (decision 069) */
  codCash: CodCash;
  /** the owner's GST returns: each seller's GSTR-1 and the operator's GSTR-8 (decision 070) */
  books: Books;
  /** the owner's reports: sales by day, top products and genres, returns, offers, the orders CSV (decision 070) */
  reports: Reports;
  /** pages others read: each page's head and a product's markup, and the sitemap (decision 021) */
  seoPages: SeoPages;
  sitemaps: Sitemaps;
  /** the demo catalogue, removed by the owner in one action */
  demo: DemoShop;
  // the back office's people: who they are, their sign-in, and the guard of /admin/api/
  staff: StaffDirectory;
  staffSignIn: StaffSignIn;
  adminAuth: AdminAuth;
  /** WebAuthn passkeys of staff and shoppers: a way in that needs no SMS (PUBLIC_URL names the origin) */
  passkeys: Passkeys;
  /** on PGlite: how `npm run staff` reaches this running shop (the folder admits one process) */
  control: ShopControl | undefined;
  /** the owner's setup checklist and "Go live" (also `npm run doctor`) */
  setup: ShopSetup;
}

/** Builds the shop from its configuration and database, in the order of its floors. */
export async function buildServices({
  config,
  db,
  log,
  now = () => new Date(),
}: ServiceDeps): Promise<Services> {
  const production = config.nodeEnv === 'production';
  const browser = new BrowserTokens(config.sessionSecret, production);
  const sessions = new Sessions(db, config.sessionSecret, production, config.sessionCacheMs);
  const limits = new RateLimits(db, now);
  const changes = await openChangeFeed(config, db, log);

  const metrics = new ShopMetrics(db);
  const { sms, gateway, courier } = makeIntegrations(config, db, log, now);
  const refunds = new Refunds(db, gateway, log);
  const notifications = new Notifications({ db, sms, log, intervalMs: config.outboxIntervalMs });

  const inventory = new Inventory(db, changes, BackInStock.tellWaiting, config.stockHoldMinutes);
  const images = new Images(config.dataDir);
  const shop = new Shop(db, changes, config.dataDir, config.codConfirmSeconds);
  const sales = new Sales(db, changes, log, now);
  await sales.reload();
  const sizeCharts = new SizeCharts(db, changes);
  const categories = new Categories(db, changes);
  const catalogue = new Catalogue(db, changes, inventory, sales, sizeCharts, categories, now);
  const shopWindow = new ShopWindow(db, config.dataDir, catalogue);
  const accounts = new AccountsService({
    db,
    sms,
    secret: config.sessionSecret,
    addressHourlyLimit: config.otpAddressHourlyLimit,
    smsBudget: config.smsBudget,
    unknownShare: config.smsUnknownShare,
    unknownNetworkShare: config.smsUnknownNetworkShare,
    staffSmsBudget: config.staffSmsBudget,
    limits,
    now,
    log,
    onHeld: (route, reason) => metrics.otpLimited.inc({ route, reason }),
  });
  metrics.watchSmsBudgets(() => accounts.budgetUse());
  metrics.watchSmsProvider(sms);
  const wishlist = new Wishlist(db, sales);
  const backInStock = new BackInStock(db);
  const coupons = new Coupons(db, limits, (trx, owner) => bagLines(trx, owner, sales.current()), now);
  const bag = new Bag(db, inventory, shop, sales, coupons, config.orderLimits);
  const guestBags = new GuestBags(db, bag, wishlist);
  const { keyId, keySecret, webhookSecret } = config.razorpay;
  const checkout = new Checkout(
    db,
    gateway,
    keyId,
    keySecret,
    inventory,
    limits,
    shop,
    sales,
    coupons,
    config.orderLimits,
  );
  const placement = new Placement(db, gateway, refunds, inventory);
  const cod = new CashOnDelivery({
    db,
    inventory,
    limits,
    shop,
    bag,
    sales,
    coupons,
    orderLimits: config.orderLimits,
    confirmSeconds: config.codConfirmSeconds,
    secret: config.sessionSecret,
  });
  const webhook = new PaymentWebhook(db, webhookSecret, placement);
  const reconciler = new Reconciler(
    db,
    gateway,
    placement,
    refunds,
    config.reconcileIntervalMs,
    log,
    (outcome) => metrics.reconcilerRuns.inc({ outcome }),
  );
  const orders = new Orders({ db, refunds, inventory }, catalogue, takeReviewPhoto);
  const codLapse = new CodLapse({ db, refunds, inventory }, log);
  const shipping = new Shipping(
    { db, refunds, inventory },
    courier.partner,
    (kind, result) => metrics.courierBookings.inc({ kind, result }),
    log,
  );
  const backOffice = new BackOffice({ db, refunds, inventory }, now, (purchaseId) =>
    shipping.bookReturn(purchaseId),
  );
  const invoices = new Invoices(db, config.dataDir, limits);
  const reviews = new Reviews(db, catalogue, config.dataDir, limits);
  const returnableGenres = new ReturnableGenres(db, changes);
  const products = new Products(db, inventory, changes, config.dataDir, shop, categories);
  const catalogueCsv = new CatalogueCsv(db, inventory, changes, config.dataDir, categories);
  const sellers = new Sellers(db, products, changes);
  const partners = new Partners(db);
  const deliveryEstimates = new DeliveryEstimates(
    db,
    courier.partner,
    config.courierEstimateWaitMs,
    now,
    log,
  );
  const tracking = new CourierTracking({ db, refunds, inventory }, backOffice);
  const trackingPoller =
    courier.partner &&
    new TrackingPoller(
      db,
      courier.partner,
      tracking,
      { afterMs: config.courierPollAfterMs, intervalMs: config.courierPollIntervalMs },
      log,
      (outcome) => metrics.courierPollRuns.inc({ outcome }),
    );
  const seoPages = new SeoPages(catalogue, shop, shopWindow);
  const sitemaps = new Sitemaps(db);
  const demo = new DemoShop(db, changes, config.dataDir);
  const staff = buildStaffDirectory(db, now);
  const staffSignIn = new StaffSignIn({ db, directory: staff, accounts, secret: config.sessionSecret, now });
  const control = config.databaseUrl ? undefined : new ShopControl(config.dataDir);
  const adminAuth = new AdminAuth({ adminToken: config.adminToken, browser, sessions: staffSignIn, control });
  const passkeys = new Passkeys({
    db,
    publicUrl: config.publicUrl,
    shopName: async () => (await shop.details()).name,
    directory: staff,
    now,
  });
  const setup = buildShopSetup(db, config);

  return {
    config,
    db,
    browser,
    sessions,
    limits,
    changes,
    metrics,
    sms,
    gateway,
    refunds,
    notifications,
    inventory,
    images,
    shop,
    sizeCharts,
    categories,
    catalogue,
    shopWindow,
    accounts,
    wishlist,
    backInStock,
    offers: new Offers(sales, coupons),
    bag,
    guestBags,
    checkout,
    placement,
    cod,
    codLapse,
    webhook,
    reconciler,
    orders,
    backOffice,
    invoices,
    reviews,
    returnableGenres,
    products,
    catalogueCsv,
    sellers,
    settlements: new Settlements(db, sellers, now),
    partners,
    courier,
    shipping,
    deliveryEstimates,
    tracking,
    trackingPoller,
    codCash: new CodCash(db),
    books: new Books(db, now),
    reports: new Reports(db),
    seoPages,
    sitemaps,
    demo,
    staff,
    staffSignIn,
    adminAuth,
    passkeys,
    control,
    setup,
  };
}

/** The staff directory alone, for `npm run staff` when no shop is running on the database. */
export function buildStaffDirectory(db: Db, now: () => Date = () => new Date()): StaffDirectory {
  return new StaffDirectory(db, now, Passkeys.forgetStaff);
}

/** `npm run doctor`'s real calls: in production, whether Razorpay and MSG91 take the shop's keys. */
export { askOutsideServices } from './integrations/index.ts';

/** The setup checklist alone, for `npm run doctor` when no shop is running on the database. */
export function buildShopSetup(db: Db, config: Config): ShopSetup {
  return new ShopSetup(db, config);
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
