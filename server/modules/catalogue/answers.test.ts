import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ListingResponse,
  ListingResponse as ListingResponseSchema,
  type ProductResponse,
  ProductResponse as ProductResponseSchema,
} from '../../../contract/catalogue.ts';
import { ChangeFeed } from '../../platform/changes.ts';
import { describeEachDatabase, TEST_ADMIN_TOKEN } from '../../test/app.ts';
import { type FixtureProduct, Fixtures } from '../../test/fixtures.ts';
import { TestClient } from '../../test/http.ts';
import { Categories } from '../categories/service.ts';
import { Inventory } from '../inventory/service.ts';
import { NO_SALES } from '../offers/sale-price.ts';
import { SizeCharts } from '../size-charts/service.ts';
import { Catalogue, type ListingQuery } from './service.ts';

const GENRE = 'Answers fixture';
const LISTING = `/api/item/Testwear/${encodeURIComponent(GENRE)}/`;
const QUERY: ListingQuery = {
  scope: { prod: 'apparel', userSegment: 'Testwear', genre: GENRE },
  filters: {},
  sort: 0,
  page: 1,
};
const FIRST_PAGE = { page: 1, sort: 0 };
const WISH = { key: 'wishUpdate' };
const BEARER = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
const NO_SALES_EVER = { current: () => NO_SALES, onChange: () => undefined };

/** What Fastify sends for this object through a route with this response schema: the bytes to match. */
async function schemaSerialised(schema: object, answer: unknown) {
  const bare = Fastify();
  bare.get('/', { schema: { response: { 200: schema } } }, async () => answer);
  const res = await bare.inject('/');
  await bare.close();
  return { type: res.headers['content-type'], text: res.body };
}

// The listing and the product page send a JSON text made once per cached answer (see routes.ts):
// these tests hold it to the bytes the response schema makes, and to every change showing at once.
describeEachDatabase('catalogue answers sent as made once', (t) => {
  let fixtures: Fixtures;
  let kurtas: FixtureProduct[];
  let loggedOut: TestClient;
  // reads the catalogue beside the app's own, with nothing cached (each with its index's thread, ended after)
  const catalogues: Catalogue[] = [];
  const fresh = (feed = new ChangeFeed()) => {
    const catalogue = new Catalogue(
      t().db,
      feed,
      new Inventory(t().db, feed),
      NO_SALES_EVER,
      new SizeCharts(t().db, feed),
      new Categories(t().db, feed),
    );
    catalogues.push(catalogue);
    return catalogue;
  };
  afterAll(() => Promise.all(catalogues.map((catalogue) => catalogue.stop())));

  beforeAll(async () => {
    fixtures = new Fixtures(t().db);
    kurtas = [];
    for (let i = 0; i < 3; i++) {
      kurtas.push(
        await fixtures.product({
          genre: GENRE,
          // a name the serialiser must escape
          name: `Kurta "${i}" \\ ₹ <b>`,
          // extra text fields, which the schema places after its own (JSON.stringify would not)
          features: { color: ['Red'], size: ['S', 'M'], fabric: ['Cotton'] },
          specs: { pattern: 'Block print' },
          launchDate: `2026-04-0${i + 1}`,
          sizes: [
            ['S', 2],
            ['M', 5],
          ],
        }),
      );
    }
    loggedOut = await t().client();
  });

  async function loggedIn() {
    const client = await t().client();
    const customerId = await fixtures.customer();
    await fixtures.logIn(client, customerId);
    return { client, customerId };
  }

  const listing = (client: TestClient, body: unknown = FIRST_PAGE) =>
    client.post<ListingResponse>(LISTING, body);
  const productPage = (client: TestClient, id: number) =>
    client.get<ProductResponse>(`/product/ind/apparel/${id}`);

  describe('bytes', () => {
    it('sends a logged-out listing exactly as the response schema serialises it, every time', async () => {
      const expected = await schemaSerialised(ListingResponseSchema, await fresh().listing(QUERY));
      for (let i = 0; i < 3; i++) {
        const res = await listing(loggedOut);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe(expected.type);
        expect(res.text).toBe(expected.text);
      }
    });

    it('sends every page, sort and filter set and the crafts listing as the schema does', async () => {
      const cases: [string, ListingQuery][] = [
        [`${LISTING}${encodeURIComponent('{"size":["S"]}')}`, { ...QUERY, filters: { size: ['S'] } }],
        [LISTING, { ...QUERY, sort: 2 }],
        [LISTING, { ...QUERY, page: 2 }],
        ['/api/item/accessories/', { ...QUERY, scope: { prod: 'accessories' } }],
      ];
      for (const [url, query] of cases) {
        const expected = await schemaSerialised(ListingResponseSchema, await fresh().listing(query));
        for (let i = 0; i < 2; i++) {
          const res = await loggedOut.post(url, { page: query.page, sort: query.sort });
          expect(res.text).toBe(expected.text);
        }
      }
    });

    it('sends a logged-out product page exactly as the response schema serialises it', async () => {
      const id = kurtas[0]?.id ?? 0;
      const expected = await schemaSerialised(
        ProductResponseSchema,
        await fresh().product('apparel', String(id)),
      );
      for (let i = 0; i < 3; i++) {
        const res = await productPage(loggedOut, id);
        expect(res.headers.get('content-type')).toBe(expected.type);
        expect(res.headers.get('cache-control')).toBe('private, no-cache');
        expect(res.text).toBe(expected.text);
      }
    });

    it("sends a logged-in shopper's own answers as the schema does", async () => {
      const { client, customerId } = await loggedIn();
      const kurta = kurtas[1] ?? kurtas[0];
      await fixtures.wish(customerId, kurta?.id ?? 0, 'S');
      await fixtures.bagLine(customerId, kurta?.skus.M ?? 0, 2);
      const listed = await schemaSerialised(
        ListingResponseSchema,
        await fresh().listing(QUERY, { customerId }),
      );
      expect((await listing(client)).text).toBe(listed.text);
      const page = await fresh().product('apparel', String(kurta?.id), { customerId });
      expect(page).toMatchObject({
        addToCart: [{ quantity: 2 }],
        wishStatus: [{ wished: 'Y' }],
        loggedin: true,
      });
      const shown = await schemaSerialised(ProductResponseSchema, page);
      expect((await productPage(client, kurta?.id ?? 0)).text).toBe(shown.text);
    });
  });

  describe('wishes', () => {
    it('gives a logged-in shopper with no wish on the page the logged-out answer', async () => {
      const { client } = await loggedIn();
      const theirs = await listing(client);
      expect(theirs.text).toBe((await listing(loggedOut)).text);
      expect(theirs.body.prods.every((p) => p.wished === 'N')).toBe(true);
    });

    it("shows a shopper's wish on the listing and the product page at once, and only theirs", async () => {
      const { client } = await loggedIn();
      const kurta = kurtas[2] ?? kurtas[0];
      const id = kurta?.id ?? 0;
      // both cached first, as a busy shop has them
      await listing(client);
      await productPage(client, id);
      const wish = (wished: boolean) =>
        client.post(`/product/apparel/${id}`, { prodID: id, size: 'S', wished }, WISH);

      expect((await wish(true)).body).toBe(true);
      const marked = await listing(client);
      expect(marked.body.prods.map((p) => [p.id, p.wished])).toEqual(
        [...kurtas].reverse().map((k) => [k.id, k.id === id ? 'Y' : 'N']),
      );
      expect((await productPage(client, id)).body.wishStatus).toEqual([{ wished: 'Y' }]);
      expect((await listing(loggedOut)).body.prods.every((p) => p.wished === 'N')).toBe(true);
      expect((await productPage(loggedOut, id)).body.wishStatus).toEqual([{ wished: 'N' }]);

      expect((await wish(false)).body).toBe(false);
      expect((await listing(client)).text).toBe((await listing(loggedOut)).text);
      expect((await productPage(client, id)).body.wishStatus).toEqual([{ wished: 'N' }]);
    });
  });

  describe('changes', () => {
    it('shows a stock change from the back office at once, on the listing and the product page', async () => {
      const staff = new TestClient(t().baseUrl);
      const kurta = kurtas[2] ?? kurtas[0];
      const id = kurta?.id ?? 0;
      const card = async () => (await listing(loggedOut)).body.prods.find((p) => p.id === id);
      expect(await card()).toMatchObject({ size: 'S' });
      expect((await productPage(loggedOut, id)).body.productInfo).toMatchObject({ stock: 7 });

      const res = await staff.put('/admin/api/stock', { productId: id, size: 'S', quantity: 0 }, BEARER);
      expect(res.status).toBe(200);
      expect(await card()).toMatchObject({ size: 'M' });
      const page = await productPage(loggedOut, id);
      expect(page.body.productInfo).toMatchObject({ stock: 5, additionsize: { S: 0, M: 5 } });
      const expected = await schemaSerialised(ListingResponseSchema, await fresh().listing(QUERY));
      expect((await listing(loggedOut)).text).toBe(expected.text);
    });

    it("shows a product's row written behind the shop's back on its next uncached card", async () => {
      // cards are kept in memory (decision 025); the index's catch-up read forgets those it reads written
      const catalogue = fresh();
      const kurta = kurtas[0];
      const id = kurta?.id ?? 0;
      const card = async (sort: 0 | 1 | 2) =>
        (await catalogue.listing({ ...QUERY, sort })).prods.find((p) => p.id === id);
      const before = await card(0);
      expect(before).toMatchObject({ currentPrice: 999 });
      await t()
        .db.updateTable('products')
        .set({ name: 'Renamed kurta', current_price_paise: 89_900 })
        .where('id', '=', id)
        .execute();
      try {
        expect(await card(1)).toMatchObject({ name: 'Renamed kurta', currentPrice: 899 });
      } finally {
        await t()
          .db.updateTable('products')
          .set({ name: before?.name ?? '', current_price_paise: 99_900 })
          .where('id', '=', id)
          .execute();
      }
    });

    it("keeps a card until its product's stock is announced, then shows its first size in stock", async () => {
      const catalogue = fresh();
      const kurta = kurtas[1];
      const id = kurta?.id ?? 0;
      const card = async (sort: 0 | 1 | 2) =>
        (await catalogue.listing({ ...QUERY, sort })).prods.find((p) => p.id === id);
      expect(await card(0)).toMatchObject({ size: 'S' });
      const sizeS = kurta?.skus.S ?? 0;
      await t().db.updateTable('skus').set({ stock: 0 }).where('id', '=', sizeS).execute();
      try {
        // unannounced, and the product's own row untouched: the card in memory stands
        expect(await card(1)).toMatchObject({ size: 'S' });
        catalogue.productChanged(id);
        expect(await card(2)).toMatchObject({ size: 'M' });
      } finally {
        await t().db.updateTable('skus').set({ stock: 2 }).where('id', '=', sizeS).execute();
      }
    });

    it('answers the same object until productChanged, then the product afresh', async () => {
      const catalogue = fresh();
      const kurta = kurtas[0];
      const id = String(kurta?.id);
      const before = await catalogue.product('apparel', id);
      expect(await catalogue.product('apparel', id)).toBe(before);
      await t()
        .db.updateTable('skus')
        .set({ stock: 1 })
        .where('id', '=', kurta?.skus.M ?? 0)
        .execute();
      expect(await catalogue.product('apparel', id)).toBe(before);
      catalogue.productChanged(kurta?.id ?? 0);
      const after = await catalogue.product('apparel', id);
      expect(after).not.toBe(before);
      expect(after.productInfo).toMatchObject({ stock: 3, additionsize: { S: 2, M: 1 } });
    });

    it('answers the same listing object until a change to everything is announced, then afresh', async () => {
      const feed = new ChangeFeed();
      const catalogue = fresh(feed);
      const before = await catalogue.listing(QUERY);
      expect(await catalogue.listing(QUERY)).toBe(before);
      const gone = kurtas[1]?.id ?? 0;
      await t().db.updateTable('products').set({ active: false }).where('id', '=', gone).execute();
      expect(await catalogue.listing(QUERY)).toBe(before);
      feed.announce({ everything: true });
      const after = await catalogue.listing(QUERY);
      expect(after.noOfEntries).toBe(before.noOfEntries - 1);
      expect(after.prods.map((p) => p.id)).not.toContain(gone);
    });
  });
});
