import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gstinProblem, panProblem } from '../../contract/gstin.ts';
import { connectPglite, createPglite, type DatabaseHandle, type Db } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';
import { databaseKinds, openTestDatabase } from '../test/database.ts';
import { generateDemoShop } from './catalogue/generate.ts';
import { DEMO_SHOP_DETAILS, seedIfEmpty } from './seed.ts';
import { DEMO_REMOVED } from './service.ts';

/** md5 of every seeded table's rows in id order (timestamps as epochs: the session time zone may differ) */
async function fingerprint(db: Db): Promise<Record<string, string>> {
  const { rows } = await sql<Record<string, string>>`
    SELECT
      (SELECT md5(string_agg(concat_ws('|', id, prod, user_segment, genre, name, description, seller_id,
          partner_id, child_key, color, features::text, specs::text, current_price_paise, old_price_paise,
          discount, active, array_to_string(photos, ','), sku, launch_date::text, weight_cat, hsn_code), '~' ORDER BY id))
        FROM products) AS products,
      (SELECT md5(string_agg(concat_ws('|', id, product_id, size, position, stock), '~' ORDER BY id))
        FROM skus) AS skus,
      (SELECT md5(string_agg(concat_ws('|', id, name, city, gstin, legal_name, address, pincode, state), '~'
        ORDER BY id)) FROM sellers) AS sellers,
      (SELECT md5(string_agg(concat_ws('|', partner_id, pincode), '~' ORDER BY partner_id, pincode))
        FROM partner_pincodes) AS partner_pincodes,
      (SELECT md5(string_agg(concat_ws('|', id, phone, email, fname, lname, pin), '~' ORDER BY id))
        FROM customers) AS customers,
      (SELECT md5(string_agg(concat_ws('|', customer_id, product_id, rating, body, photo, verified_purchase,
          extract(epoch FROM created_at)), '~' ORDER BY customer_id, product_id))
        FROM reviews) AS reviews`.execute(db);
  return rows[0] ?? {};
}

// Map.groupBy arrives in Node 21
function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

async function count(
  db: Db,
  table: 'products' | 'skus' | 'reviews' | 'customers' | 'sellers' | 'delivery_partners',
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('demo shop generator', () => {
  it('makes the same shop on every call', () => {
    expect(JSON.stringify(generateDemoShop())).toBe(JSON.stringify(generateDemoShop()));
  });
});

describe('seedIfEmpty on a fresh database', () => {
  let fresh: DatabaseHandle;
  beforeAll(async () => {
    fresh = connectPglite(await createPglite());
    await migrate(fresh.db);
  }, 60_000);
  afterAll(() => fresh.close());

  it('seeds once when two start together, and a later run adds nothing', async () => {
    await Promise.all([seedIfEmpty(fresh.db), seedIfEmpty(fresh.db)]);
    const products = await count(fresh.db, 'products');
    const skus = await count(fresh.db, 'skus');
    expect(products).toBe(generateDemoShop().products.length);
    await seedIfEmpty(fresh.db);
    expect(await count(fresh.db, 'products')).toBe(products);
    expect(await count(fresh.db, 'skus')).toBe(skus);
    expect(await count(fresh.db, 'reviews')).toBeGreaterThan(0);
  }, 60_000);

  it("keeps the shop's details the owner set, and fills only those left unset", async () => {
    const other = connectPglite(await createPglite());
    try {
      await migrate(other.db);
      await other.db
        .updateTable('shop_settings')
        .set({ name: 'Rangrez Stores', office_address: ['12 Park Street', 'Kolkata 700016'] })
        .execute();
      await seedIfEmpty(other.db);
      const shop = await other.db.selectFrom('shop_settings').selectAll().executeTakeFirstOrThrow();
      expect(shop.name).toBe('Rangrez Stores');
      expect(shop.office_address).toEqual(['12 Park Street', 'Kolkata 700016']);
      expect(shop.legal_name).toBe(DEMO_SHOP_DETAILS.legalName);
      expect(shop.support_email).toBe(DEMO_SHOP_DETAILS.supportEmail);
    } finally {
      await other.close();
    }
  }, 60_000);

  it("fills no shop whose owner has begun: a seller of their own and no product yet, India's pincodes loaded", async () => {
    const other = connectPglite(await createPglite());
    try {
      await migrate(other.db);
      await other.db
        .insertInto('sellers')
        .values({ name: 'Rangrez Stores', city: 'Kolkata', gstin: null })
        .execute();
      await seedIfEmpty(other.db);
      expect(await count(other.db, 'products')).toBe(0);
      await other.db.deleteFrom('sellers').execute();
      await other.db
        .insertInto('pincodes')
        .values({ pincode: '700001', office: 'Kolkata G.P.O.', district: 'Kolkata', state: 'West Bengal' })
        .execute();
      await seedIfEmpty(other.db);
      expect(await count(other.db, 'products')).toBe(generateDemoShop().products.length);
    } finally {
      await other.close();
    }
  }, 60_000);

  it('never fills a shop again once its owner removed the demo', async () => {
    const other = connectPglite(await createPglite());
    try {
      await migrate(other.db);
      await other.db
        .insertInto('audit_log')
        .values({ actor: 'admin', action: DEMO_REMOVED, subject: 'demo', details: '{}' })
        .execute();
      await seedIfEmpty(other.db);
      expect(await count(other.db, 'products')).toBe(0);
      expect(await count(other.db, 'sellers')).toBe(0);
    } finally {
      await other.close();
    }
  }, 60_000);

  for (const kind of databaseKinds()) {
    it(`gives the very rows of the test template, seeded separately [${kind}]`, async () => {
      const template = await openTestDatabase(kind);
      try {
        const expected = await fingerprint(template.db);
        expect(Object.values(expected).every((hash) => /^[0-9a-f]{32}$/.test(hash))).toBe(true);
        expect(await fingerprint(fresh.db)).toEqual(expected);
      } finally {
        await template.close();
      }
    }, 60_000);
  }
});

describe('the demo catalogue', () => {
  let handle: DatabaseHandle;
  let db: Db;
  beforeAll(async () => {
    handle = await openTestDatabase('pglite');
    db = handle.db;
  }, 60_000);
  afterAll(() => handle.close());

  it('has at least 1,500 products, crafts among them', async () => {
    const rows = await db
      .selectFrom('products')
      .select(['prod', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('prod')
      .execute();
    const by = Object.fromEntries(rows.map((r) => [r.prod, Number(r.n)]));
    expect((by.apparel ?? 0) + (by.accessories ?? 0)).toBeGreaterThanOrEqual(1500);
    expect(by.accessories).toBeGreaterThanOrEqual(250);
  });

  it('has every genre the home page names, and the crafts section', async () => {
    const rows = await db
      .selectFrom('products')
      .select(['prod', 'user_segment', 'genre'])
      .distinct()
      .execute();
    const genres = rows.map((r) => `${r.prod}:${r.user_segment}/${r.genre}`);
    const wanted = [
      ...['Kurti', 'Top', 'Dress', 'Co ord set', 'Hand bag', 'Wallet', 'Hand purse', 'Saree'].map(
        (g) => `Women/${g}`,
      ),
      'Unisex/Backpack',
      'Men/Hand bag',
      'Men/Kurta',
      'Men/Shirt',
      'Men/T-shirt',
      'Kids/Frock',
    ];
    for (const genre of wanted) expect(genres).toContain(`apparel:${genre}`);
    const crafts = [
      'Terracotta jewellery',
      'Dokra jewellery',
      'Kantha stole',
      'Jute bag',
      'Madhubani painting',
    ];
    for (const genre of crafts) expect(genres).toContain(`accessories:Crafts/${genre}`);
  });

  it('describes products with exactly the agreed feature keys', async () => {
    const rows = await db.selectFrom('products').select(['prod', 'genre', 'color', 'features']).execute();
    const keys = (prod: string) =>
      new Set(rows.filter((r) => r.prod === prod).flatMap((r) => Object.keys(r.features)));
    expect([...keys('apparel')].sort()).toEqual(
      ['color', 'fabric', 'fitType', 'neckLine', 'occasion', 'size', 'sleeveSize'].sort(),
    );
    expect([...keys('accessories')].sort()).toEqual(['color', 'craft', 'material', 'occasion']);
    for (const row of rows) {
      expect(row.features.color).toEqual([row.color]);
      for (const values of Object.values(row.features)) expect(values.length).toBeGreaterThan(0);
    }
    const bags = rows.filter((r) => /bag|wallet|purse/i.test(r.genre) && r.prod === 'apparel');
    expect(bags.length).toBeGreaterThan(0);
    for (const bag of bags) {
      expect(bag.features.size).toEqual(['Free Size']);
      expect(bag.features.sleeveSize).toBeUndefined();
      expect(bag.features.neckLine).toBeUndefined();
    }
  });

  it('prices in whole rupees with a discount of 0 to 70%', async () => {
    const rows = await db
      .selectFrom('products')
      .select(['current_price_paise', 'old_price_paise', 'discount'])
      .execute();
    for (const row of rows) {
      expect(row.current_price_paise % 100).toBe(0);
      expect(row.old_price_paise % 100).toBe(0);
      expect(row.discount).toBeGreaterThanOrEqual(0);
      expect(row.discount).toBeLessThanOrEqual(70);
    }
    expect(rows.some((r) => r.discount === 0)).toBe(true);
    expect(rows.filter((r) => r.discount >= 30).length).toBeGreaterThan(rows.length / 5);
  });

  it('names 1 to 5 photos after the sku', async () => {
    const rows = await db.selectFrom('products').select(['sku', 'photos']).execute();
    for (const { sku, photos } of rows) {
      expect(sku).toMatch(/^HT-[A-Z]{3}-\d{6}$/);
      expect(photos.length).toBeGreaterThanOrEqual(1);
      expect(photos.length).toBeLessThanOrEqual(5);
      expect(photos).toEqual(photos.map((_, i) => `${sku.toLowerCase()}-${i + 1}.webp`));
    }
  });

  it('stocks per size: features.size lists the skus, some sold out, some low, some products gone', async () => {
    const products = await db
      .selectFrom('products')
      .leftJoin('skus', 'skus.product_id', 'products.id')
      .select([
        'products.id',
        'products.prod',
        'products.features',
        'skus.size',
        'skus.stock',
        'skus.position',
      ])
      .orderBy('products.id')
      .orderBy('skus.position')
      .execute();
    const byProduct = groupBy(products, (r) => r.id);
    let soldOutSizes = 0;
    let lowSizes = 0;
    let soldOutProducts = 0;
    for (const lines of byProduct.values()) {
      const first = lines[0];
      if (!first) continue;
      const sizes = lines.map((l) => l.size);
      const stock = lines.map((l) => l.stock ?? -1);
      if (first.prod === 'accessories') expect(sizes).toEqual(['']);
      else expect(sizes).toEqual(first.features.size);
      expect(lines.map((l) => l.position)).toEqual(lines.map((_, i) => i));
      if (stock.every((s) => s === 0)) soldOutProducts++;
      else soldOutSizes += stock.filter((s) => s === 0).length;
      lowSizes += stock.filter((s) => s >= 1 && s <= 9).length;
    }
    expect(soldOutSizes).toBeGreaterThan(100);
    expect(lowSizes).toBeGreaterThan(products.length / 10);
    expect(soldOutProducts).toBeGreaterThan(10);
  });

  it('keeps about 3% of products inactive', async () => {
    const inactive = await db.selectFrom('products').select('id').where('active', '=', false).execute();
    const all = await count(db, 'products');
    expect(inactive.length).toBeGreaterThan(all * 0.01);
    expect(inactive.length).toBeLessThan(all * 0.06);
  });

  it('makes colour siblings: one design, one genre and price band, a distinct colour each', async () => {
    const rows = await db
      .selectFrom('products')
      .select(['prod', 'child_key', 'genre', 'user_segment', 'name', 'color', 'old_price_paise'])
      .execute();
    const designs = [...groupBy(rows, (r) => r.child_key).values()];
    const apparel = designs.filter((d) => d[0]?.prod === 'apparel');
    expect(apparel.filter((d) => d.length >= 2).length).toBeGreaterThan(apparel.length * 0.7);
    for (const design of designs) {
      expect(new Set(design.map((p) => p.color)).size).toBe(design.length);
      expect(new Set(design.map((p) => `${p.user_segment}/${p.genre}`)).size).toBe(1);
      expect(new Set(design.map((p) => p.old_price_paise)).size).toBe(1);
      expect(new Set(design.map((p) => p.name.replace(p.color, ''))).size).toBe(1);
    }
  });

  it('has complete sellers whose GSTINs pass the form check, couriers, and pincodes served by all, some or none', async () => {
    const sellers = await db.selectFrom('sellers').selectAll().execute();
    expect(sellers.length).toBeGreaterThanOrEqual(20);
    for (const { gstin, pan, state, phone, email, active } of sellers) {
      expect(panProblem(pan ?? '')).toBeUndefined();
      expect(gstinProblem(gstin ?? '', { state: state ?? '', pan: pan ?? '' })).toBeUndefined();
      expect(phone).toMatch(/^98\d{8}$/);
      expect(email).toMatch(/^orders@[a-z]+\.example$/);
      expect(active).toBe(true);
    }
    expect(new Set(sellers.map((s) => s.phone)).size).toBe(sellers.length);
    const partners = await db.selectFrom('delivery_partners').selectAll().execute();
    expect(partners.length).toBeGreaterThanOrEqual(3);
    const served = await db
      .selectFrom('pincodes')
      .leftJoin('partner_pincodes', 'partner_pincodes.pincode', 'pincodes.pincode')
      .select(['pincodes.pincode', (eb) => eb.fn.count<number>('partner_pincodes.partner_id').as('n')])
      .groupBy('pincodes.pincode')
      .execute();
    const partnersAt = new Map(served.map((s) => [s.pincode, Number(s.n)]));
    for (const metro of ['700001', '110001', '400001', '560001', '600001', '500001']) {
      expect(partnersAt.get(metro)).toBe(partners.length);
    }
    for (const remote of ['744101', '194101', '682555']) expect(partnersAt.get(remote)).toBe(0);
  });

  it('registers each seller for GST in the state of its pincode, and gives every product an HSN code', async () => {
    const sellers = await db
      .selectFrom('sellers')
      .innerJoin('pincodes', 'pincodes.pincode', 'sellers.pincode')
      .select(['sellers.legal_name', 'sellers.address', 'sellers.state', 'pincodes.state as pincodeState'])
      .execute();
    expect(sellers.length).toBe(await count(db, 'sellers'));
    for (const seller of sellers) {
      expect(seller.legal_name).toBeTruthy();
      expect(seller.address).toBeTruthy();
      expect(seller.state).toBe(seller.pincodeState);
    }
    const withoutHsn = await db.selectFrom('products').select('id').where('hsn_code', 'is', null).execute();
    expect(withoutHsn).toEqual([]);
  });

  it("has all of India's pincodes, each partner serving most, the islands and Ladakh none", async () => {
    const states = await db
      .selectFrom('pincodes')
      .leftJoin('partner_pincodes', 'partner_pincodes.pincode', 'pincodes.pincode')
      .select([
        'pincodes.state',
        (eb) => eb.fn.count<number>('pincodes.pincode').distinct().as('pincodes'),
        (eb) => eb.fn.count<number>('partner_pincodes.partner_id').as('served'),
      ])
      .groupBy('pincodes.state')
      .execute();
    const pincodes = states.reduce((sum, s) => sum + Number(s.pincodes), 0);
    expect(pincodes).toBeGreaterThan(19_000);
    expect(states.length).toBeGreaterThanOrEqual(35);
    const servedIn = new Map(states.map((s) => [s.state, Number(s.served)]));
    for (const state of ['Andaman and Nicobar Islands', 'Lakshadweep', 'Ladakh'])
      expect(servedIn.get(state)).toBe(0);
    expect(servedIn.get('West Bengal')).toBeGreaterThan(0);
    const perPartner = await db
      .selectFrom('partner_pincodes')
      .select(['partner_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('partner_id')
      .execute();
    expect(perPartner.length).toBe(await count(db, 'delivery_partners'));
    for (const { n } of perPartner) {
      expect(Number(n)).toBeGreaterThan(pincodes * 0.7);
      expect(Number(n)).toBeLessThan(pincodes * 0.9);
    }
  });

  it("marks every row it wrote as the demo's", async () => {
    for (const table of ['products', 'sellers', 'delivery_partners', 'customers', 'reviews'] as const) {
      const rows = await db
        .selectFrom(table)
        .select(['demo', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('demo')
        .execute();
      expect(
        rows.map((r) => [r.demo, Number(r.n)]),
        table,
      ).toEqual([[true, await count(db, table)]]);
    }
  });

  it("fills the shop's details with the demo's: today's haat", async () => {
    const shop = await db.selectFrom('shop_settings').selectAll().executeTakeFirstOrThrow();
    expect(shop).toMatchObject({
      name: 'haat',
      legal_name: 'haat Retail',
      office_address: ['4th floor, 22 Camac Street', 'Kolkata 700016', 'West Bengal, India'],
      support_email: 'support@haat.example',
      support_hours: 'Monday to Saturday, 10 am to 7 pm IST',
      gstin: null,
      logo: null,
    });
  });

  it('turns cash on delivery on, with partners that collect cash at every pincode they serve', async () => {
    const shop = await db.selectFrom('shop_settings').selectAll().executeTakeFirstOrThrow();
    expect(shop).toMatchObject({
      cod_enabled: true,
      cod_fee: 49,
      cod_max_order_value: 5000,
      cod_rto_limit: 2,
    });
    const pincodes = await db
      .selectFrom('partner_pincodes')
      .select(['cod', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('cod')
      .execute();
    expect(pincodes.map((row) => row.cod)).toEqual([true]);
  });

  it('has customers and mostly happy reviews, some without text, some with photos', async () => {
    const customers = await db.selectFrom('customers').select(['phone', 'email']).execute();
    expect(customers.length).toBe(40);
    for (const c of customers) {
      expect(c.phone).toMatch(/^9\d{9}$/);
      expect(c.email).toMatch(/^[a-z.]+@example\.com$/);
    }
    const reviews = await db
      .selectFrom('reviews')
      .select(['product_id', 'rating', 'body', 'photo', 'verified_purchase'])
      .execute();
    expect(new Set(reviews.map((r) => r.product_id)).size).toBeGreaterThan(200);
    const ratings = reviews.map((r) => r.rating ?? 0);
    expect(ratings.reduce((a, b) => a + b, 0) / ratings.length).toBeGreaterThan(3.5);
    expect(new Set(ratings)).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(reviews.some((r) => r.body === '')).toBe(true);
    expect(
      reviews.filter((r) => r.photo).every((r) => /^rv-ht-[a-z]{3}-\d{6}-\d+\.webp$/.test(r.photo ?? '')),
    ).toBe(true);
    expect(reviews.some((r) => r.photo)).toBe(true);
    expect(reviews.some((r) => r.verified_purchase)).toBe(true);
  });
});
