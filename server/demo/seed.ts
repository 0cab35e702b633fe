import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { type DemoShop, generateDemoShop } from './generate.ts';

// any fixed number: two servers starting on one empty database take turns instead of seeding twice
const SEED_LOCK = 7_246_813;
// rows per INSERT: well under PostgreSQL's 65,535 parameters for the widest table
const BATCH = 400;

type Trx = Transaction<Database>;

/** Fills an empty catalogue with the demo shop, in one transaction; does nothing when products exist. */
export async function seedIfEmpty(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    const existing = await trx.selectFrom('products').select('id').limit(1).executeTakeFirst();
    if (existing) return;
    await insertShop(trx, generateDemoShop());
  });
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
  await sql`INSERT INTO pincodes (pincode, office, district, state)
    SELECT * FROM unnest(${column('pincode')}::text[], ${column('office')}::text[],
      ${column('district')}::text[], ${column('state')}::text[])`.execute(trx);
  const partnerIds = shop.partnerPincodes.map((p) => need(partners, p.partner, 'partner'));
  await sql`INSERT INTO partner_pincodes (partner_id, pincode)
    SELECT * FROM unnest(${partnerIds}::int[], ${shop.partnerPincodes.map((p) => p.pincode)}::text[])`.execute(
    trx,
  );
}

async function insertShop(trx: Trx, shop: DemoShop): Promise<void> {
  const sellers = idsBy(
    await trx.insertInto('sellers').values(shop.sellers).returning(['id', 'name as key']).execute(),
  );
  const partners = idsBy(
    await trx
      .insertInto('delivery_partners')
      .values(shop.partners)
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
    await trx.insertInto('customers').values(shop.customers).returning(['id', 'phone as key']).execute(),
  );
  const reviews = shop.reviews.map(({ phone, sku, ...review }) => ({
    ...review,
    customer_id: need(customers, phone, 'customer'),
    product_id: need(products, sku, 'product'),
    updated_at: review.created_at,
  }));
  await inBatches(reviews, (batch) => trx.insertInto('reviews').values(batch).execute());
}
