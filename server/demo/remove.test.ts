import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { ListingResponse, SuggestResponse } from '../../contract/catalogue.ts';
import type { CategoryTree } from '../../contract/categories.ts';
import { DEMO_HAS_ORDERS, type DemoRemoved } from '../../contract/demo.ts';
import { apiPaths } from '../../contract/paths.ts';
import type { ShopWindowResponse } from '../../contract/shop-window.ts';
import { ONLY_THE_OWNER } from '../../contract/staff.ts';
import type { Db } from '../db/connect.ts';
import { DEMO_PHOTOS } from '../platform/images/service.ts';
import { describeEachDatabase, TEST_ADMIN_TOKEN, type TestApp } from '../test/app.ts';
import { databaseKinds } from '../test/database.ts';
import { type FixtureProduct, Fixtures } from '../test/fixtures.ts';
import { TestClient } from '../test/http.ts';
import { readUntil, twoInstances } from '../test/instances.ts';
import { staffPerson, staffSignedIn } from '../test/staff.ts';
import { generateDemoShop } from './catalogue/generate.ts';
import { DEMO_WINDOW } from './catalogue/window.ts';

const REMOVE = '/admin/api/demo/remove';
const bearer = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

/** What the seed wrote (server/demo/), counted from the generator itself. */
const seeded = (() => {
  const shop = generateDemoShop();
  return {
    products: shop.products.length,
    sellers: shop.sellers.length,
    partners: shop.partners.length,
    customers: shop.customers.length,
    reviews: shop.reviews.length,
    photos: new Set(shop.products.flatMap((p) => p.photos)).size + shop.reviews.filter((r) => r.photo).length,
  };
})();

type Table = 'products' | 'sellers' | 'delivery_partners' | 'customers' | 'reviews';

async function count(db: Db, table: Table | 'pincodes' | 'partner_pincodes', demo?: boolean) {
  const where = demo === undefined ? sql`` : sql`WHERE demo = ${demo}`;
  const { rows } = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM ${sql.table(table)} ${where}`.execute(db);
  return rows[0]?.n ?? Number.NaN;
}

/** The demo's rows per table, as the answer names them. */
async function demoRows(db: Db) {
  return {
    products: await count(db, 'products', true),
    sellers: await count(db, 'sellers', true),
    partners: await count(db, 'delivery_partners', true),
    customers: await count(db, 'customers', true),
    reviews: await count(db, 'reviews', true),
  };
}

const { photos: _photos, ...seededRows } = seeded;

describeEachDatabase('removing the demo', (t) => {
  let fixtures: Fixtures;
  let own: FixtureProduct;
  let shopper: number;
  let demoProduct: { id: number; photo: string; sku: number };
  let owner: TestClient;
  let pincodes: number;

  beforeAll(async () => {
    const { db } = t();
    fixtures = new Fixtures(db);
    // the shop's own: a seller and a partner (with its pincodes), a product, a shopper and their review
    own = await fixtures.product({ name: 'Fixture Indigo Weave', genre: 'Fixture' });
    shopper = await fixtures.customer({ fname: 'Asha' });
    await fixtures.review(shopper, own.id, { rating: 5, body: 'Lovely weave' });
    await fixtures.wish(shopper, own.id);
    // ... who also wished for, bagged and reviewed a demo product: those cannot outlive it
    const first = await db
      .selectFrom('products')
      .innerJoin('skus', 'skus.product_id', 'products.id')
      .select(['products.id', 'products.photos', 'skus.id as sku'])
      .where('products.demo', '=', true)
      .where('products.active', '=', true)
      .orderBy('products.id')
      .executeTakeFirstOrThrow();
    demoProduct = { id: first.id, photo: first.photos[0] ?? '', sku: first.sku };
    await fixtures.wish(shopper, demoProduct.id);
    await fixtures.bagLine(shopper, demoProduct.sku, 1);
    await fixtures.review(shopper, demoProduct.id, { rating: 4, body: 'Nice' });
    pincodes = await count(db, 'pincodes');
    const person = await staffPerson(t(), 'owner', 'Asha Rao');
    owner = await staffSignedIn(t(), person.phone);
  });

  it('answers 401 without a session, 403 to staff and to an owner without the CSRF token, removing nothing', async () => {
    const visitor = await t().client();
    expect((await visitor.post(REMOVE)).status).toBe(401);
    const staff = await staffSignedIn(t(), (await staffPerson(t(), 'staff')).phone);
    const refused = await staff.post<{ error: string }>(REMOVE);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(ONLY_THE_OWNER);
    const token = owner.csrfToken;
    owner.csrfToken = undefined;
    try {
      expect((await owner.post(REMOVE)).status).toBe(403);
    } finally {
      owner.csrfToken = token;
    }
    expect(await demoRows(t().db)).toEqual(seededRows);
  });

  it("refuses while one of the shop's own products has a demo seller, naming both, and removes nothing", async () => {
    const { db } = t();
    const before = await db
      .selectFrom('products')
      .select('seller_id')
      .where('id', '=', own.id)
      .executeTakeFirstOrThrow();
    const demoSeller = await db
      .selectFrom('sellers')
      .select(['id', 'name'])
      .where('demo', '=', true)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db.updateTable('products').set({ seller_id: demoSeller.id }).where('id', '=', own.id).execute();
    try {
      const res = await owner.post<{ error: string }>(REMOVE);
      expect(res.status).toBe(409);
      expect(res.body.error).toBe(
        `Your product "Fixture Indigo Weave" is sold by the demo seller "${demoSeller.name}": give it one of your own sellers first, then remove the demo`,
      );
      expect(await demoRows(db)).toEqual(seededRows);
    } finally {
      await db
        .updateTable('products')
        .set({ seller_id: before.seller_id })
        .where('id', '=', own.id)
        .execute();
    }
  });

  it("the demo's slides and tiles are the demo's data, each leading to its products", async () => {
    const { slides, tiles } = (await new TestClient(t().baseUrl).get<ShopWindowResponse>('/api/shop-window'))
      .body;
    expect(slides.map((slide) => slide.title)).toEqual(
      DEMO_WINDOW.filter((i) => i.kind === 'slide').map((i) => i.title),
    );
    expect(slides[0]).toMatchObject({ title: 'Kurtis for every day', href: '/item/Women/Kurti/%7B%7D' });
    expect(tiles.map((tile) => tile.title)).toEqual(
      DEMO_WINDOW.filter((i) => i.kind === 'tile').map((i) => i.title),
    );
    const photo = slides[0]?.photoUrl ?? '';
    expect((await owner.get(`${photo}?w=320`)).status).toBe(200);
  });

  it('removes exactly the demo, for the owner: the counts of what was seeded', async () => {
    const { db, config } = t();
    // a photo served before: its variant is on disk
    expect((await owner.get(`/images/${demoProduct.photo}?w=320`)).status).toBe(200);
    const variant = join(config.dataDir, 'images', '320', demoProduct.photo);
    expect(existsSync(variant)).toBe(true);

    const res = await owner.post<DemoRemoved>(REMOVE);
    expect(res.status).toBe(200);
    // the shopper's review of a demo product goes with it
    expect(res.body).toEqual({ removed: { ...seeded, reviews: seeded.reviews + 1 } });
    expect(await demoRows(db)).toEqual({ products: 0, sellers: 0, partners: 0, customers: 0, reviews: 0 });

    expect(existsSync(variant)).toBe(false);
    expect((await owner.get(`/images/${demoProduct.photo}?w=320`)).status).toBe(404);
    // the data directory's drawings went; the test run's shared drawings, linked in, did not
    expect(existsSync(join(config.dataDir, DEMO_PHOTOS))).toBe(false);
    expect(existsSync(join(inject('demoPhotos'), DEMO_PHOTOS, 'images'))).toBe(true);

    const audit = await db
      .selectFrom('audit_log')
      .select(['actor', 'subject', 'details'])
      .where('action', '=', 'demo.remove')
      .execute();
    expect(audit).toEqual([
      { actor: expect.stringMatching(/^staff:\d+$/), subject: 'demo', details: res.body.removed },
    ]);
  });

  it("leaves the shop's own seller, partner, pincodes, product, shopper and review alone", async () => {
    const { db } = t();
    for (const table of ['products', 'sellers', 'delivery_partners', 'customers', 'reviews'] as const)
      expect(await count(db, table), table).toBe(1);
    const product = await db
      .selectFrom('products')
      .innerJoin('sellers', 'sellers.id', 'products.seller_id')
      .innerJoin('delivery_partners', 'delivery_partners.id', 'products.partner_id')
      .select(['products.id', 'sellers.name as seller', 'delivery_partners.name as partner'])
      .executeTakeFirstOrThrow();
    expect(product).toEqual({
      id: own.id,
      seller: expect.stringMatching(/^Fixture Looms/),
      partner: 'Fixture Couriers',
    });
    expect(await count(db, 'partner_pincodes')).toBe(4);
    expect(await count(db, 'pincodes')).toBe(pincodes);
    const review = await db.selectFrom('reviews').select(['customer_id', 'product_id', 'body']).execute();
    expect(review).toEqual([{ customer_id: shopper, product_id: own.id, body: 'Lovely weave' }]);
    const wishes = await db
      .selectFrom('wishlist_items')
      .select('product_id')
      .where('customer_id', '=', shopper)
      .execute();
    expect(wishes).toEqual([{ product_id: own.id }]);
    expect(await db.selectFrom('cart_lines').select('id').execute()).toEqual([]);
  });

  it('shows shoppers the shop without the demo at once: home, listings, search, suggestions, product pages', async () => {
    const client = await t().client();
    expect((await client.get(apiPaths.home())).body).toEqual([{ userSegment: 'Testwear', genre: 'Fixture' }]);
    // the demo's window went with it: the tiles are built from what the shop sells
    const window = (await client.get<ShopWindowResponse>('/api/shop-window')).body;
    expect(window).toEqual({
      slides: [],
      tiles: [
        {
          title: 'Fixture',
          photoUrl: expect.stringMatching(/^\/images\//),
          link: { kind: 'listing', userSegment: 'Testwear', genre: 'Fixture' },
          href: '/item/Testwear/Fixture/%7B%7D',
        },
      ],
    });
    expect(await t().db.selectFrom('shop_window_items').select('id').execute()).toEqual([]);
    const kurtis = await client.post<ListingResponse>(apiPaths.listing('Women', 'Kurti', {}), {
      page: 1,
      sort: 0,
    });
    expect(kurtis.body).toMatchObject({ prods: [], noOfEntries: 0 });
    const crafts = await client.post<ListingResponse>(apiPaths.accessories({}), { page: 1, sort: 0 });
    expect(crafts.body.noOfEntries).toBe(0);
    const own = await client.post<ListingResponse>(apiPaths.listing('Testwear', 'Fixture', {}), {
      page: 1,
      sort: 0,
    });
    expect(own.body.prods.map((p) => p.name)).toEqual(['Fixture Indigo Weave']);
    expect((await client.get<ListingResponse>(apiPaths.search('saree', {}, 1, 0))).body.noOfEntries).toBe(0);
    expect((await client.get<ListingResponse>(apiPaths.search('indigo', {}, 1, 0))).body.noOfEntries).toBe(1);
    const suggest = await client.get<SuggestResponse>(apiPaths.suggest('kur'));
    expect(suggest.body).toEqual({ segments: [], genres: [], products: [] });
    expect((await client.get(apiPaths.product('apparel', demoProduct.id))).status).toBe(404);
    // the search vocabulary forgets the demo's words; the facet index knows every product that went
    const words = await t()
      .db.selectFrom('search_words')
      .select('word')
      .where('word', 'in', ['saree', 'indigo'])
      .execute();
    expect(words.map((w) => w.word)).toEqual(['indigo']);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM removed_products`.execute(
      t().db,
    );
    expect(rows[0]?.n).toBe(seeded.products);
  });

  it("takes the demo's segments and genres out of the owner's categories, keeping the shop's own", async () => {
    const tree = await owner.get<CategoryTree>('/admin/api/categories');
    expect(tree.body).toEqual({
      segments: [{ name: 'Testwear', genres: [{ name: 'Fixture', oneSize: false, products: 1 }] }],
    });
  });

  it('removes nothing the second time, answering zeros', async () => {
    const res = await new TestClient(t().baseUrl).post<DemoRemoved>(REMOVE, undefined, bearer);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      removed: { products: 0, sellers: 0, partners: 0, customers: 0, reviews: 0, photos: 0 },
    });
    expect(await count(t().db, 'products')).toBe(1);
  });
});

describeEachDatabase('removing the demo once the shop has an order', (t) => {
  it('answers 409 with a sentence and removes nothing', async () => {
    const fixtures = new Fixtures(t().db);
    const product = await fixtures.product();
    await fixtures.order(await fixtures.customer(), [{ product }]);
    const res = await new TestClient(t().baseUrl).post<{ error: string }>(REMOVE, undefined, bearer);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: DEMO_HAS_ORDERS });
    expect(await demoRows(t().db)).toEqual(seededRows);
  });
});

/** How many Women/Kurti products the instance's listing counts now. */
async function kurtisOn(instance: TestApp): Promise<number> {
  const visitor = await instance.client();
  const res = await visitor.post<ListingResponse>(apiPaths.listing('Women', 'Kurti', {}), {
    page: 1,
    sort: 0,
  });
  return res.body.noOfEntries;
}

describe.skipIf(!databaseKinds().includes('postgres'))('removing the demo on one of two instances', () => {
  const { a, b } = twoInstances();

  it("empties the other instance's cached listings and home at once", async () => {
    expect(await count(b().db, 'products')).toBe(seeded.products);
    // instance B has the listing and the home cached, with their lifetime ahead of them
    expect(await kurtisOn(b())).toBeGreaterThan(0);
    expect((await (await b().client()).get<unknown[]>(apiPaths.home())).body.length).toBeGreaterThan(0);
    const res = await new TestClient(a().baseUrl).post(REMOVE, undefined, bearer);
    expect(res.status).toBe(200);
    expect(
      await readUntil(
        () => kurtisOn(b()),
        (total) => total === 0,
      ),
    ).toBe(0);
    expect((await (await b().client()).get(apiPaths.home())).body).toEqual([]);
  });
});
