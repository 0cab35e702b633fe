import { expect, it } from 'vitest';
import type { ListingResponse, SuggestResponse } from '../../contract/catalogue.ts';
import { apiPaths } from '../../contract/paths.ts';
import { describeEachDatabase } from '../test/app.ts';

// a shop started with the demo off has nothing, and every shopper's route says so without an error

const EMPTY_TABLES = [
  'products',
  'skus',
  'sellers',
  'delivery_partners',
  'pincodes',
  'partner_pincodes',
  'reviews',
  'customers',
] as const;

describeEachDatabase(
  'an empty shop, started with the demo off',
  (t) => {
    it('has no products, sellers, partners, pincodes, reviews or customers', async () => {
      for (const table of EMPTY_TABLES) {
        const { n } = await t()
          .db.selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow();
        expect(Number(n), table).toBe(0);
      }
      const shop = await t().db.selectFrom('shop_settings').selectAll().executeTakeFirstOrThrow();
      expect(shop).toMatchObject({ name: null, legal_name: null, office_address: [], support_email: null });
      // cash on delivery stays off until the owner decides (the demo turns it on)
      expect(shop.cod_enabled).toBe(false);
    });

    it('GET /home answers an empty list', async () => {
      const res = await (await t().client()).get(apiPaths.home());
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    });

    it('a listing of apparel or accessories answers no products, no count and no filters', async () => {
      const client = await t().client();
      const nothing = { prods: [], noOfEntries: 0, filterFeature: [], filterCounts: {} };
      for (const path of [
        apiPaths.listing('Women', 'Kurti', {}),
        apiPaths.listing('Women', 'Kurti', { color: ['Red'] }),
        apiPaths.accessories({}),
        '/api/item/Women/Kurti',
      ]) {
        const res = await client.post<ListingResponse>(path, { page: 1, sort: 0 });
        expect(res.status, path).toBe(200);
        expect(res.body, path).toEqual(nothing);
      }
      const later = await client.post<ListingResponse>(apiPaths.accessories({}), { page: 3, sort: 3 });
      expect(later.body).toEqual(nothing);
    });

    it('a search and a suggestion find nothing', async () => {
      const client = await t().client();
      const search = await client.get<ListingResponse>(apiPaths.search('silk kurti', {}, 1, 0));
      expect(search.status).toBe(200);
      expect(search.body).toMatchObject({ prods: [], noOfEntries: 0 });
      const suggest = await client.get<SuggestResponse>(apiPaths.suggest('kur'));
      expect(suggest.status).toBe(200);
      expect(suggest.body).toEqual({ segments: [], genres: [], products: [] });
    });

    it('a product answers 404 with a message, and so does a photo', async () => {
      const client = await t().client();
      const product = await client.get<{ error: string }>(apiPaths.product('apparel', 1));
      expect(product.status).toBe(404);
      expect(product.body.error).toEqual(expect.any(String));
      expect((await client.get('/images/ht-kur-000001-1.webp?w=320')).status).toBe(404);
    });

    it('the sitemap lists the home and contact pages alone; robots.txt names it', async () => {
      const sitemap = await fetch(`${t().baseUrl}/sitemap.xml`);
      expect(sitemap.status).toBe(200);
      const xml = await sitemap.text();
      expect([...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc]) => loc)).toEqual([
        `${t().baseUrl}/`,
        `${t().baseUrl}/contact`,
      ]);
      const robots = await fetch(`${t().baseUrl}/robots.txt`);
      expect(robots.status).toBe(200);
      expect(await robots.text()).toContain(`Sitemap: ${t().baseUrl}/sitemap.xml`);
    });

    it("a visitor's bag and wishlist are empty", async () => {
      const client = await t().client();
      const bag = await client.get<{ prods: unknown[] }>(apiPaths.purchasePage());
      expect(bag.status).toBe(200);
      expect(bag.body.prods).toEqual([]);
      const wishlist = await client.get<{ prods: unknown[] }>(apiPaths.wishlist());
      expect(wishlist.status).toBe(200);
      expect(wishlist.body).toEqual({ prods: [] });
    });
  },
  {},
  { empty: true },
);
