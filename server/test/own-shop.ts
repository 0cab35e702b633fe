import { randomInt } from 'node:crypto';
import { gstinCheckCharacter } from '../../contract/gstin.ts';
import type { Db } from '../db/connect.ts';
import { REMOVE_DEMO } from '../modules/setup/service.ts';

/**
 * A shop of the owner's own, set up row by row as the back office's screens leave it, beside
 * or instead of the demo's rows, so the setup checklist's tests control every row it reads.
 */

/** A GSTIN that passes the portal's checks: the state's code, the PAN, entity 1, Z, the check character. */
export function gstinOf(stateCode: string, pan: string): string {
  const first14 = `${stateCode}${pan}1Z`;
  return `${first14}${gstinCheckCharacter(first14)}`;
}

export const SHOP_DETAILS = {
  name: 'Kaveri Looms',
  legal_name: 'Kaveri Looms Private Limited',
  gstin: gstinOf('29', 'AAHCK4821M'),
  office_address: ['14, 2nd Cross, Jayanagar', 'Bengaluru 560011', 'Karnataka'],
  support_email: 'help@kaveri-looms.example',
};

/** Every seeded row as the demo's, as the demo catalogue marks what it writes. */
export async function markDemo(db: Db): Promise<void> {
  for (const table of ['products', 'sellers', 'delivery_partners', 'reviews', 'customers'] as const) {
    await db.updateTable(table).set({ demo: true }).execute();
  }
}

/** The demo's rows gone (their sizes, reviews and pincodes go with them). */
export async function removeDemoRows(db: Db): Promise<void> {
  await db.deleteFrom('reviews').where('demo', '=', true).execute();
  await db.deleteFrom('products').where('demo', '=', true).execute();
  await db.deleteFrom('delivery_partners').where('demo', '=', true).execute();
  await db.deleteFrom('sellers').where('demo', '=', true).execute();
  await db.deleteFrom('customers').where('demo', '=', true).execute();
}

/** The shop's details as a fresh database has them: none. */
export async function clearShopDetails(db: Db): Promise<void> {
  await db
    .updateTable('shop_settings')
    .set({ name: null, legal_name: null, gstin: null, office_address: [], support_email: null })
    .execute();
}

export async function fillShopDetails(db: Db): Promise<void> {
  await db.updateTable('shop_settings').set(SHOP_DETAILS).execute();
}

const run = randomInt(100_000, 999_999);
let added = 0;

/** A seller with every detail a tax invoice prints, unless `fields` leaves some out; answers its id and name. */
export async function addSeller(
  db: Db,
  fields: Partial<{ legal_name: string | null; gstin: string | null; pan: string | null }> = {},
): Promise<{ id: number; name: string }> {
  added += 1;
  const pan = 'AAFFB7362Q';
  return db
    .insertInto('sellers')
    .values({
      name: `Bagru Prints ${run}-${added}`,
      city: 'Jaipur',
      legal_name: 'Bagru Prints LLP',
      gstin: gstinOf('08', pan),
      pan,
      address: '22, Chhipa Mohalla, Bagru',
      pincode: '303007',
      state: 'Rajasthan',
      ...fields,
    })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
}

/** A delivery partner serving `pincodes`; answers its id and name. */
export async function addPartner(db: Db, pincodes: string[]): Promise<{ id: number; name: string }> {
  added += 1;
  const partner = await db
    .insertInto('delivery_partners')
    .values({ code: `OWN-${run}-${added}`, name: `Swift Couriers ${added}` })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
  if (pincodes.length) {
    await db
      .insertInto('partner_pincodes')
      .values(pincodes.map((pincode) => ({ partner_id: partner.id, pincode })))
      .execute();
  }
  return partner;
}

/** A product on sale (unless `active` is false) with one size holding `stock` units; answers its id. */
export async function addProduct(
  db: Db,
  owners: { sellerId: number; partnerId: number; stock: number; active?: boolean },
): Promise<number> {
  added += 1;
  const product = await db
    .insertInto('products')
    .values({
      prod: 'apparel',
      user_segment: 'Women',
      genre: 'Saree',
      name: `Bagru print saree ${run}-${added}`,
      seller_id: owners.sellerId,
      partner_id: owners.partnerId,
      child_key: `own-${run}-${added}`,
      color: 'Indigo',
      features: JSON.stringify({}),
      specs: JSON.stringify({}),
      current_price_paise: 249_900,
      old_price_paise: 349_900,
      active: owners.active ?? true,
      photos: [`own-${run}-${added}.webp`],
      sku: `OWN-${run}-${added}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('skus').values({ product_id: product.id, size: 'Free', stock: owners.stock }).execute();
  return product.id;
}

/** Everything the checklist's data steps ask for: the shop's details, a seller, a partner, a live product. */
export async function completeShop(db: Db): Promise<void> {
  await fillShopDetails(db);
  const seller = await addSeller(db);
  const partner = await addPartner(db, ['560011', '303007']);
  await addProduct(db, { sellerId: seller.id, partnerId: partner.id, stock: 5 });
}

/** A production configuration with everything "Go live" asks of the environment (live-looking keys). */
export const LIVE_ENV: Record<string, string> = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'a-session-secret-of-at-least-32-characters',
  PUBLIC_URL: 'https://kaveri-looms.example',
  PAYMENT_PROVIDER: 'razorpay',
  RAZORPAY_KEY_ID: 'rzp_live_K4v3r1L00ms',
  RAZORPAY_KEY_SECRET: 'live-key-secret',
  RAZORPAY_WEBHOOK_SECRET: 'live-webhook-secret',
  SMS_PROVIDER: 'msg91',
  MSG91_AUTH_KEY: 'msg91-auth-key-0123',
  MSG91_TEMPLATE_ID: 'otp-template',
  MSG91_SENDER: 'KAVERI',
  MSG91_TEMPLATE_ORDER_PLACED: 'tpl-placed',
  MSG91_TEMPLATE_ORDER_SHIPPED: 'tpl-shipped',
  MSG91_TEMPLATE_ORDER_DELIVERED: 'tpl-delivered',
  MSG91_TEMPLATE_ORDER_DELIVERED_FINAL: 'tpl-delivered-final',
  MSG91_TEMPLATE_ORDER_CANCELLED: 'tpl-cancelled',
  MSG91_TEMPLATE_RETURN_ACCEPTED: 'tpl-return-accepted',
  MSG91_TEMPLATE_REFUND_PROCESSED: 'tpl-refund-processed',
  MSG91_TEMPLATE_BACK_IN_STOCK: 'tpl-back-in-stock',
  MSG91_TEMPLATE_EXCHANGE_REQUESTED: 'tpl-exchange-requested',
  MSG91_TEMPLATE_EXCHANGE_ACCEPTED: 'tpl-exchange-accepted',
  MSG91_TEMPLATE_EXCHANGE_RECEIVED: 'tpl-exchange-received',
  MSG91_TEMPLATE_EXCHANGE_SHIPPED: 'tpl-exchange-shipped',
  MSG91_TEMPLATE_COD_OUT_FOR_DELIVERY: 'tpl-cod-out-for-delivery',
  MSG91_TEMPLATE_COD_CASH_COLLECTED: 'tpl-cod-cash-collected',
  MSG91_TEMPLATE_COD_CASH_RECEIVED: 'tpl-cod-cash-received',
  MSG91_TEMPLATE_COD_CONFIRM: 'tpl-cod-confirm',
};

/** What the test configuration (development adapters, no PUBLIC_URL) lacks, in the check's order. */
export const ENVIRONMENT = [
  'Set NODE_ENV=production',
  "Set PUBLIC_URL to the shop's https address, such as https://haat.in",
];
export const PAYMENTS = [
  "Set PAYMENT_PROVIDER=razorpay, with RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET from Razorpay's dashboard (payments are simulated now)",
  'Set RAZORPAY_KEY_ID to your live key id (rzp_live_…), not a test key',
];
export const SMS = [
  'Set SMS_PROVIDER=msg91 (messages go to the development outbox now)',
  'Set MSG91_AUTH_KEY',
  "Set MSG91_TEMPLATE_ID (the one-time code's template)",
  'Set MSG91_SENDER (your 6-letter DLT sender id)',
  'Set MSG91_TEMPLATE_ORDER_PLACED (the "order placed" SMS\'s template)',
  'Set MSG91_TEMPLATE_ORDER_SHIPPED (the "order shipped" SMS\'s template)',
  'Set MSG91_TEMPLATE_ORDER_DELIVERED (the "order delivered" SMS\'s template)',
  'Set MSG91_TEMPLATE_ORDER_DELIVERED_FINAL (the "order delivered final" SMS\'s template)',
  'Set MSG91_TEMPLATE_ORDER_CANCELLED (the "order cancelled" SMS\'s template)',
  'Set MSG91_TEMPLATE_RETURN_ACCEPTED (the "return accepted" SMS\'s template)',
  'Set MSG91_TEMPLATE_REFUND_PROCESSED (the "refund processed" SMS\'s template)',
  'Set MSG91_TEMPLATE_BACK_IN_STOCK (the "back in stock" SMS\'s template)',
  'Set MSG91_TEMPLATE_EXCHANGE_REQUESTED (the "exchange requested" SMS\'s template)',
  'Set MSG91_TEMPLATE_EXCHANGE_ACCEPTED (the "exchange accepted" SMS\'s template)',
  'Set MSG91_TEMPLATE_EXCHANGE_RECEIVED (the "exchange received" SMS\'s template)',
  'Set MSG91_TEMPLATE_EXCHANGE_SHIPPED (the "exchange shipped" SMS\'s template)',
  'Set MSG91_TEMPLATE_COD_OUT_FOR_DELIVERY (the "cod out for delivery" SMS\'s template)',
  'Set MSG91_TEMPLATE_COD_CASH_COLLECTED (the "cod cash collected" SMS\'s template)',
  'Set MSG91_TEMPLATE_COD_CASH_RECEIVED (the "cod cash received" SMS\'s template)',
  'Set MSG91_TEMPLATE_COD_CONFIRM (the "cod confirm" SMS\'s template)',
];
export const SHOP = [
  "Add your shop's name",
  "Add your shop's legal name",
  "Add your shop's GSTIN",
  "Add your shop's registered office address",
  "Add your shop's support e-mail",
];
export const ADD_SELLER =
  'Add a seller: the business named on tax invoices, with its legal name, GSTIN, PAN and address';

/** Everything "Go live" misses on a shop with only the demo, in development: what `npm run doctor` prints. */
export const NOTHING_SET_UP = [
  ...ENVIRONMENT,
  ...SHOP,
  ADD_SELLER,
  'Add a delivery partner',
  'Add your first product',
  ...PAYMENTS,
  ...SMS,
  REMOVE_DEMO,
];
