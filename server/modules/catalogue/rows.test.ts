import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HighlightsResponse, ProductCards } from '../../../contract/catalogue.ts';
import { apiPaths } from '../../../contract/paths.ts';
import { describeEachDatabase } from '../../test/app.ts';
import { type FixtureProduct, Fixtures, type ProductSpec } from '../../test/fixtures.ts';
import type { TestClient } from '../../test/http.ts';

/** A segment and genre of their own, so that every row here is exact whatever the demo catalogue holds. */
const LIKE: ProductSpec = { userSegment: 'Rowwear', genre: 'Similarity' };

describeEachDatabase('rows of product cards: similar products, cards by id, the home page rows', (t) => {
  let fixtures: Fixtures;
  let shopper: TestClient;
  let base: FixtureProduct;
  const near: Record<string, FixtureProduct> = {};
  const left: Record<string, FixtureProduct> = {};
  let newest: FixtureProduct;

  beforeAll(async () => {
    fixtures = new Fixtures(t().db);
    base = await fixtures.product({ ...LIKE, childKey: 'rows-base', pricePaise: 100_000 });
    // the base's other colour is a swatch on its page, not a similar product
    left.otherColour = await fixtures.product({
      ...LIKE,
      childKey: 'rows-base',
      color: 'Blue',
      pricePaise: 100_000,
    });
    near.cheaper = await fixtures.product({ ...LIKE, pricePaise: 90_000 });
    near.dearer = await fixtures.product({ ...LIKE, pricePaise: 125_000 });
    near.edge = await fixtures.product({ ...LIKE, pricePaise: 70_000 });
    left.tooDear = await fixtures.product({ ...LIKE, pricePaise: 130_001 });
    left.tooCheap = await fixtures.product({ ...LIKE, pricePaise: 69_999 });
    left.soldOut = await fixtures.product({ ...LIKE, pricePaise: 100_000, sizes: [['M', 0]] });
    left.withdrawn = await fixtures.product({ ...LIKE, pricePaise: 100_000, active: false });
    left.otherGenre = await fixtures.product({ ...LIKE, genre: 'Elsewhere', pricePaise: 100_000 });
    left.otherSegment = await fixtures.product({ ...LIKE, userSegment: 'Otherwear', pricePaise: 100_000 });
    // the rows are kept for a while, so all is in place before the first is asked for
    await fixtures.review(await fixtures.customer(), near.cheaper?.id ?? 0, { rating: 5 });
    await fixtures.review(await fixtures.customer(), left.soldOut?.id ?? 0, { rating: 5 });
    newest = await fixtures.product({ ...LIKE, pricePaise: 55_500 });
    left.newestSoldOut = await fixtures.product({ ...LIKE, pricePaise: 55_600, sizes: [['M', 0]] });
    shopper = await t().client();
  });

  describe('GET /api/products/{id}/similar', () => {
    it('answers same-genre products in stock within 30% of the price, the nearest first, never its colours', async () => {
      const res = await shopper.get<ProductCards>(apiPaths.similar(base.id));
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=60');
      expect(res.body.prods.map((p) => p.id)).toEqual([near.cheaper?.id, near.dearer?.id, near.edge?.id]);
      expect(res.body.prods[0]).toMatchObject({
        prod: 'apparel',
        currentPrice: 900,
        photo1: expect.any(String),
      });
    });

    it('answers a product with nothing like it an empty row', async () => {
      const res = await shopper.get<ProductCards>(apiPaths.similar(left.otherSegment?.id ?? 0));
      expect(res.status).toBe(200);
      expect(res.body.prods).toEqual([]);
    });

    it('answers 404 for an unknown product and 400 JSON for an id that is not a number', async () => {
      const unknown = await shopper.get<{ error: string }>(apiPaths.similar(999_999_999));
      expect(unknown.status).toBe(404);
      expect(unknown.body.error).toEqual(expect.any(String));
      const bad = await shopper.get<{ error: string }>('/api/products/abc/similar');
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ error: expect.any(String) });
    });
  });

  describe('GET /api/products?ids=', () => {
    it('answers the cards in the order asked, leaving out unknown ids and repeats', async () => {
      const ids = [near.edge?.id ?? 0, 999_999_999, base.id, near.edge?.id ?? 0];
      const res = await shopper.get<ProductCards>(apiPaths.productCards(ids));
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=60');
      expect(res.body.prods.map((p) => p.id)).toEqual([near.edge?.id, base.id]);
    });

    it.each([
      ['no ids', '/api/products'],
      ['an empty list', '/api/products?ids='],
      ['a word', '/api/products?ids=1,two'],
      ['a negative id', '/api/products?ids=-1'],
      ['a zero', '/api/products?ids=0'],
      ['an empty id', '/api/products?ids=1,,2'],
      ['a trailing comma', '/api/products?ids=1,'],
      ['an id past the integers', '/api/products?ids=1234567890'],
      ['13 ids', `/api/products?ids=${Array.from({ length: 13 }, (_, i) => i + 1).join(',')}`],
    ])('answers 400 JSON for %s', async (_what, path) => {
      const res = await shopper.get<{ error: string }>(path);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: expect.any(String) });
    });

    it('takes 12 ids', async () => {
      const ids = Array.from({ length: 12 }, (_, i) => base.id + i);
      const res = await shopper.get<ProductCards>(apiPaths.productCards(ids));
      expect(res.status).toBe(200);
    });
  });

  describe('GET /api/products/highlights', () => {
    it('answers the newest products in stock first, with the listing they continue in', async () => {
      const res = await shopper.get<HighlightsResponse>(apiPaths.highlights());
      expect(res.status).toBe(200);
      expect(res.body.newArrivals.prods[0]?.id).toBe(newest.id);
      expect(res.body.newArrivals.listing).toEqual({
        prod: 'apparel',
        userSegment: LIKE.userSegment,
        genre: LIKE.genre,
      });
    });

    it('answers the best rated products on sale, the best average first', async () => {
      const res = await shopper.get<HighlightsResponse>(apiPaths.highlights());
      const ids = res.body.topRated.prods.map((p) => p.id);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids).not.toContain(left.soldOut?.id);
      const { rows } = await sql<{ id: number; average: number }>`
        SELECT product_id AS id, avg(rating)::float8 AS average FROM reviews
        WHERE NOT hidden AND rating IS NOT NULL AND product_id = ANY(${ids}::int[])
        GROUP BY product_id`.execute(t().db);
      const averages = ids.map((id) => rows.find((row) => row.id === id)?.average ?? 0);
      expect(averages).toEqual([...averages].sort((a, b) => b - a));
      expect(averages.every((a) => a > 0)).toBe(true);
    });
  });
});
