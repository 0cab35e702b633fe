import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { addDemoPairs } from '../modules/categories/service.ts';
import { type DemoShop, generateDemoShop } from './catalogue/generate.ts';
import { DEMO_WINDOW } from './catalogue/window.ts';
import { DEMO_REMOVED } from './service.ts';

// any fixed number: two servers starting on one empty database take turns instead of seeding twice
const SEED_LOCK = 7_246_813;
// rows per INSERT: well under PostgreSQL's 65,535 parameters for the widest table
const BATCH = 400;

type Trx = Transaction<Database>;

/** What the demo fills in of the shop's own details, where the owner has not: today's haat. */
export const DEMO_SHOP_DETAILS = {
  name: 'haat',
  legalName: 'haat Retail',
  officeAddress: ['4th floor, 22 Camac Street', 'Kolkata 700016', 'West Bengal, India'],
  supportEmail: 'support@haat.example',
  supportHours: 'Monday to Saturday, 10 am to 7 pm IST',
};

/**
 * Fills an empty shop with the demo, in one transaction, every row marked `demo`. Does nothing to a shop
 * that has products, sellers or delivery partners (its owner is setting it up), nor to one whose owner
 * removed the demo before (it stays theirs).
 */
export async function seedIfEmpty(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    if (!(await isEmpty(trx))) return;
    const shop = generateDemoShop();
    await insertShop(trx, shop);
    // the demo's segments and genres in today's order (by name), going with the demo
    await addDemoPairs(trx);
    await insertWindow(trx, shop);
    await fillShopDetails(trx);
    // a demo shows every way to pay; a shop started without the demo keeps COD off until its owner decides
    await trx.updateTable('shop_settings').set({ cod_enabled: true }).execute();
  });
}

async function isEmpty(trx: Trx): Promise<boolean> {
  const { rows } = await sql<{ taken: boolean }>`SELECT
    EXISTS (SELECT 1 FROM products) OR EXISTS (SELECT 1 FROM sellers)
      OR EXISTS (SELECT 1 FROM delivery_partners)
      OR EXISTS (SELECT 1 FROM audit_log WHERE action = ${DEMO_REMOVED}) AS taken`.execute(trx);
  return rows[0]?.taken === false;
}

/** the demo's name and contact, in the shop's details the owner has left unset */
async function fillShopDetails(trx: Trx): Promise<void> {
  const demo = DEMO_SHOP_DETAILS;
  await trx
    .updateTable('shop_settings')
    .set((eb) => ({
      name: eb.fn.coalesce('name', eb.val(demo.name)),
      legal_name: eb.fn.coalesce('legal_name', eb.val(demo.legalName)),
      office_address: sql<string[]>`CASE WHEN cardinality(office_address) = 0
        THEN ${demo.officeAddress}::text[] ELSE office_address END`,
      support_email: eb.fn.coalesce('support_email', eb.val(demo.supportEmail)),
      support_hours: eb.fn.coalesce('support_hours', eb.val(demo.supportHours)),
    }))
    .execute();
}

/** The demo's home page slides and tiles (catalogue/window.ts), each with a photo of what it leads to. */
async function insertWindow(trx: Trx, shop: DemoShop): Promise<void> {
  const photoOf = ({ title, link }: (typeof DEMO_WINDOW)[number]): string => {
    const product = shop.products.find((p) =>
      link.kind === 'crafts'
        ? p.prod === 'accessories'
        : link.kind === 'listing' &&
          p.prod === 'apparel' &&
          p.user_segment === link.userSegment &&
          p.genre === link.genre,
    );
    const photo = product?.photos[0];
    if (!photo) throw new Error(`demo shop: no product for the window's "${title}"`);
    return photo;
  };
  const positions = { slide: 0, tile: 0 };
  await trx
    .insertInto('shop_window_items')
    .values(
      DEMO_WINDOW.map((item) => ({
        ...item,
        photo: photoOf(item),
        link: JSON.stringify(item.link),
        position: positions[item.kind]++,
        demo: true,
      })),
    )
    .execute();
}

async function inBatches<T>(rows: readonly T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/** each inserted row's natural key (name, code, phone) -> its new id */
function idsBy<K extends string>(rows: readonly { id: number; key: K }[]): Map<K, number> {
  return new Map(rows.map((r) => [r.key, r.id]));
}

function need<K, V>(map: Map<K, V>, key: K, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`demo shop: unknown ${what} ${String(key)}`);
  return value;
}

/** India's pincodes and who serves them: tens of thousands of rows, so one array per column, not a row each. */
async function insertPincodes(trx: Trx, shop: DemoShop, partners: Map<string, number>): Promise<void> {
  const column = <K extends keyof DemoShop['pincodes'][number]>(key: K) => shop.pincodes.map((p) => p[key]);
  // India's list may be there already (a partner's all-India start): it is the same list
  await sql`INSERT INTO pincodes (pincode, office, district, state)
    SELECT * FROM unnest(${column('pincode')}::text[], ${column('office')}::text[],
      ${column('district')}::text[], ${column('state')}::text[])
    ON CONFLICT (pincode) DO NOTHING`.execute(trx);
  const partnerIds = shop.partnerPincodes.map((p) => need(partners, p.partner, 'partner'));
  await sql`INSERT INTO partner_pincodes (partner_id, pincode)
    SELECT * FROM unnest(${partnerIds}::int[], ${shop.partnerPincodes.map((p) => p.pincode)}::text[])`.execute(
    trx,
  );
}

async function insertShop(trx: Trx, shop: DemoShop): Promise<void> {
  const sellers = idsBy(
    await trx
      .insertInto('sellers')
      .values(shop.sellers.map((seller) => ({ ...seller, demo: true })))
      .returning(['id', 'name as key'])
      .execute(),
  );
  const partners = idsBy(
    await trx
      .insertInto('delivery_partners')
      .values(shop.partners.map((partner) => ({ ...partner, demo: true })))
      .returning(['id', 'code as key'])
      .execute(),
  );
  await insertPincodes(trx, shop, partners);

  const products = new Map<string, number>();
  await inBatches(shop.products, async (batch) => {
    const rows = batch.map(
      ({ seller, partner, skus: _skus, family: _family, features, specs, ...product }) => ({
        ...product,
        seller_id: need(sellers, seller, 'seller'),
        partner_id: need(partners, partner, 'partner'),
        features: JSON.stringify(features),
        specs: JSON.stringify(specs),
        demo: true,
      }),
    );
    const inserted = await trx.insertInto('products').values(rows).returning(['id', 'sku']).execute();
    for (const { id, sku } of inserted) products.set(sku, id);
  });
  const skus = shop.products.flatMap((p) =>
    p.skus.map((s) => ({ ...s, product_id: need(products, p.sku, 'product') })),
  );
  await inBatches(skus, (batch) => trx.insertInto('skus').values(batch).execute());

  const customers = idsBy(
    await trx
      .insertInto('customers')
      .values(shop.customers.map((customer) => ({ ...customer, demo: true })))
      .returning(['id', 'phone as key'])
      .execute(),
  );
  const reviews = shop.reviews.map(({ phone, sku, ...review }) => ({
    ...review,
    customer_id: need(customers, phone, 'customer'),
    product_id: need(products, sku, 'product'),
    updated_at: review.created_at,
    demo: true,
  }));
  await inBatches(reviews, (batch) => trx.insertInto('reviews').values(batch).execute());
}
