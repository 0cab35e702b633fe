import { beforeAll, describe, expect, it } from 'vitest';
import type { ListingResponse, SelectedFilters } from '../../../contract/catalogue.ts';
import { describeEachDatabase } from '../../test/app.ts';
import { Fixtures } from '../../test/fixtures.ts';
import type { TestClient } from '../../test/http.ts';

const COLORS = ['Red', 'Blue', 'Green'];
const SIZE_SETS = [
  ['M', 'S', 'XL'],
  ['L', 'XS'],
  ['XXL', 'M'],
];
const APPAREL = 45;

/** What the fixtures hold, to compute every expected answer independently of the server. */
interface Model {
  id: number;
  price: number;
  launch: string;
  color: string;
  fabric: string;
  sizes: string[];
  firstInStock: string;
}

const apparelUrl = (filters: SelectedFilters | string = {}) =>
  `/api/item/Testwear/Fixture/${typeof filters === 'string' ? filters : encodeURIComponent(JSON.stringify(filters))}`;

const matching = (models: Model[], filters: SelectedFilters) =>
  models.filter(
    (m) =>
      (!filters.color || filters.color.includes(m.color)) &&
      (!filters.fabric || filters.fabric.includes(m.fabric)) &&
      (!filters.size || m.sizes.some((size) => filters.size?.includes(size))),
  );

const byDefault = (a: Model, b: Model) => b.launch.localeCompare(a.launch) || b.id - a.id;
const byPriceUp = (a: Model, b: Model) => a.price - b.price || a.id - b.id;
const byPriceDown = (a: Model, b: Model) => b.price - a.price || b.id - a.id;

describeEachDatabase('catalogue listing', (t) => {
  let fixtures: Fixtures;
  let shopper: TestClient;
  const models: Model[] = [];
  const craftIds: number[] = [];

  beforeAll(async () => {
    fixtures = new Fixtures(t().db);
    for (let i = 0; i < APPAREL; i++) {
      const sizes = SIZE_SETS[i % 3] ?? [];
      const color = COLORS[i % 3] ?? 'Red';
      const fabric = i % 2 ? 'Silk' : 'Cotton';
      // repeated prices and dates, so the id tiebreak decides the order of many products
      const price = 500 + (i % 7) * 100;
      const launch = `2026-03-${String(1 + (i % 5)).padStart(2, '0')}`;
      // the first listed size is sold out on every fourth product
      const soldOutFirst = i % 4 === 0;
      const product = await fixtures.product({
        color,
        features: { color: [color], fabric: [fabric], size: sizes },
        pricePaise: price * 100,
        oldPricePaise: price * 200,
        launchDate: launch,
        sizes: sizes.map((size, position) => [size, soldOutFirst && position === 0 ? 0 : 5]),
      });
      const firstInStock = (soldOutFirst ? sizes[1] : sizes[0]) ?? '';
      models.push({ id: product.id, price, launch, color, fabric, sizes, firstInStock });
    }
    // neither of these is listed: one withdrawn, one of another genre
    await fixtures.product({ active: false, features: { color: ['Red'] } });
    await fixtures.product({ genre: 'Fixture other', features: { color: ['Red'] } });
    for (let i = 0; i < 3; i++) {
      const craft = await fixtures.product({
        prod: 'accessories',
        userSegment: 'Testcraft',
        genre: 'Fixture craft',
        features: { craft: ['Fixturecraft'], material: [i === 0 ? 'Jute' : 'Brass'] },
        pricePaise: (300 + i) * 100,
      });
      craftIds.push(craft.id);
    }
    shopper = await t().client();
  });

  const list = (url: string, body: unknown = { page: 1, sort: 0 }, client = shopper) =>
    client.post<ListingResponse>(url, body);

  async function allPages(url: string, sort: number) {
    const ids: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await list(url, { page, sort });
      expect(res.status).toBe(200);
      ids.push(...res.body.prods.map((p) => p.id));
    }
    return ids;
  }

  describe('order and pages', () => {
    it.each([
      [0, byDefault],
      [1, byPriceUp],
      [2, byPriceDown],
    ])('sort %i walks every product once, in order, 20 per page', async (sort, order) => {
      const ids = await allPages(apparelUrl(), sort);
      expect(ids).toEqual([...models].sort(order).map((m) => m.id));
    });

    it('answers a page past the end with no products and the full count', async () => {
      const res = await list(apparelUrl(), { page: 4, sort: 0 });
      expect(res.status).toBe(200);
      expect(res.body.prods).toEqual([]);
      expect(res.body.noOfEntries).toBe(APPAREL);
    });

    it('sends whole-rupee prices, the discount, the photo, the seller and the first size in stock', async () => {
      const res = await list(apparelUrl(), { page: 1, sort: 1 });
      const first = [...models].sort(byPriceUp)[0];
      const card = res.body.prods[0];
      expect(card).toEqual({
        id: first?.id,
        name: expect.stringMatching(/^Fixture product/),
        source: expect.stringMatching(/^Fixture Looms/),
        prod: 'apparel',
        currentPrice: first?.price,
        oldPrice: (first?.price ?? 0) * 2,
        discount: 50,
        photo1: expect.stringMatching(/\.webp$/),
        size: first?.firstInStock,
        wished: 'N',
      });
      for (const p of res.body.prods) {
        expect(p.size).toBe(models.find((m) => m.id === p.id)?.firstInStock);
      }
    });
  });

  describe('filters', () => {
    it('lists every feature value of the result set, sizes in size order', async () => {
      const res = await list(apparelUrl());
      expect(res.body.noOfEntries).toBe(APPAREL);
      expect(res.body.filterFeature).toEqual([
        { fabric: ['Cotton', 'Silk'] },
        { color: ['Blue', 'Green', 'Red'] },
        { size: ['XS', 'S', 'M', 'L', 'XL', 'XXL'] },
      ]);
    });

    it('ORs values within a feature and ANDs features, and narrows the facets', async () => {
      const filters = { color: ['Red', 'Blue'], fabric: ['Silk'] };
      const expected = matching(models, filters);
      const res = await list(apparelUrl(filters));
      expect(res.status).toBe(200);
      expect(res.body.noOfEntries).toBe(expected.length);
      expect(res.body.prods.map((p) => p.id)).toEqual([...expected].sort(byDefault).map((m) => m.id));
      const sizes = new Set(expected.flatMap((m) => m.sizes));
      expect(res.body.filterFeature).toEqual([
        { fabric: ['Silk'] },
        { color: ['Blue', 'Red'] },
        { size: ['XS', 'S', 'M', 'L', 'XL', 'XXL'].filter((s) => sizes.has(s)) },
      ]);
    });

    it('narrows the size facet to the sizes present', async () => {
      const res = await list(apparelUrl({ color: ['Blue'] }));
      expect(res.body.noOfEntries).toBe(15);
      expect(res.body.filterFeature).toContainEqual({ size: ['XS', 'L'] });
      expect(res.body.filterFeature).toContainEqual({ color: ['Blue'] });
    });

    it('pages through a filtered result without overlap', async () => {
      const filters = { fabric: ['Cotton'] };
      const expected = matching(models, filters).sort(byPriceDown);
      const pages = await Promise.all(
        [1, 2].map((page) => list(apparelUrl(filters), { page, sort: 2 }).then((r) => r.body.prods)),
      );
      expect(pages.flat().map((p) => p.id)).toEqual(expected.map((m) => m.id));
    });

    it('matches nothing for an unknown feature or value', async () => {
      const unknown: SelectedFilters[] = [
        { nope: ['Red'] },
        { color: ['Mauve'] },
        { color: ['Red'], fabric: ['Tweed'] },
      ];
      for (const filters of unknown) {
        const res = await list(apparelUrl(filters));
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ prods: [], noOfEntries: 0, filterFeature: [] });
      }
    });

    it('gives the same answer however many values are chosen', async () => {
      const manyColours = [...COLORS, ...Array.from({ length: 30 }, (_, i) => `Unstocked ${i}`)];
      const silk = await list(apparelUrl({ color: manyColours, fabric: ['Silk'] }));
      expect(silk.body.noOfEntries).toBe(matching(models, { fabric: ['Silk'] }).length);
      const everySize = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
      const all = await list(apparelUrl({ color: COLORS, fabric: ['Cotton', 'Silk'], size: everySize }));
      expect(all.body.noOfEntries).toBe(APPAREL);
      const filters = { color: ['Red', 'Green'], fabric: ['Cotton', 'Silk'], size: ['XS', 'XXL'] };
      const some = await list(apparelUrl(filters));
      const expected = matching(models, filters);
      expect(some.body.prods.map((p) => p.id)).toEqual(expected.sort(byDefault).map((m) => m.id));
    });

    it('treats a feature with no chosen values as no filter', async () => {
      const res = await list(apparelUrl({ color: [] }));
      expect(res.body.noOfEntries).toBe(APPAREL);
    });

    it('accepts filters encoded twice, and an empty filters segment', async () => {
      const filters = { color: ['Green'] };
      const once = await list(apparelUrl(filters));
      const twice = await list(apparelUrl(encodeURIComponent(encodeURIComponent(JSON.stringify(filters)))));
      expect(twice.status).toBe(200);
      expect(twice.body).toEqual(once.body);
      expect(once.body.noOfEntries).toBe(15);
      const empty = await list(apparelUrl(''));
      const none = await list(apparelUrl({}));
      expect(empty.status).toBe(200);
      expect(empty.body).toEqual(none.body);
    });

    it.each([
      ['not JSON', '%7Bcolor'],
      ['a broken escape', '%25E0%25A4%25A'],
      ['an array', encodeURIComponent('[]')],
      ['null', 'null'],
      ['a number', '42'],
      ['a text', encodeURIComponent('"Red"')],
      ['a value that is not a list', encodeURIComponent('{"color":"Red"}')],
      ['a list of numbers', encodeURIComponent('{"color":[1]}')],
      ['a list with null', encodeURIComponent('{"color":[null]}')],
      ['a nested list', encodeURIComponent('{"color":[["Red"]]}')],
    ])('refuses filters that are %s with a 400 naming filters', async (_case, segment) => {
      const res = await list(apparelUrl(segment));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: expect.stringMatching(/filters/) });
    });
  });

  describe('body', () => {
    it.each([
      [{ page: 0, sort: 0 }, /page/],
      [{ page: -1, sort: 0 }, /page/],
      [{ page: 1.5, sort: 0 }, /page/],
      [{ page: '1', sort: 0 }, /page/],
      [{ page: null, sort: 0 }, /page/],
      [{ page: 1e20, sort: 0 }, /page/],
      [{ page: 10_001, sort: 0 }, /page/],
      [{ sort: 0 }, /page/],
      [{ page: 1, sort: 6 }, /sort must be one of 0, 1, 2, 3, 4, 5/],
      [{ page: 1, sort: '0' }, /sort/],
      [{ page: 1, sort: null }, /sort/],
      [{ page: 1 }, /sort/],
      [{ page: 1, sort: 0, size: 100 }, /size|additional/],
      [[1, 0], /object/],
    ])('refuses %j with a 400', async (body, message) => {
      const res = await list(apparelUrl(), body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: expect.stringMatching(message) });
    });

    it('refuses a body that is not JSON', async () => {
      const res = await shopper.post(apparelUrl(), 'page=1&sort=0', { 'content-type': 'application/json' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: expect.stringMatching(/JSON/) });
    });

    it('accepts the last page number, 10000', async () => {
      const res = await list(apparelUrl(), { page: 10_000, sort: 2 });
      expect(res.status).toBe(200);
      expect(res.body.prods).toEqual([]);
    });

    it('refuses a listing call without the CSRF token', async () => {
      const res = await shopper.post(apparelUrl(), { page: 1, sort: 0 }, { 'x-csrf-token': '' });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: expect.any(String) });
    });
  });

  describe('accessories', () => {
    const crafts = encodeURIComponent(JSON.stringify({ craft: ['Fixturecraft'] }));

    it('lists accessories without size or wish marks', async () => {
      const res = await list(`/api/item/accessories/${crafts}`, { page: 1, sort: 1 });
      expect(res.status).toBe(200);
      expect(res.body.noOfEntries).toBe(3);
      expect(res.body.prods.map((p) => p.id)).toEqual(craftIds);
      for (const p of res.body.prods) {
        expect(p.prod).toBe('accessories');
        expect(p).not.toHaveProperty('size');
        expect(p).not.toHaveProperty('wished');
      }
      expect(res.body.filterFeature).toEqual([{ material: ['Brass', 'Jute'] }, { craft: ['Fixturecraft'] }]);
    });

    it('sorts accessories by price both ways', async () => {
      const down = await list(`/api/item/accessories/${crafts}`, { page: 1, sort: 2 });
      expect(down.body.prods.map((p) => p.id)).toEqual([...craftIds].reverse());
    });

    it('answers the empty filters segment with every active accessory', async () => {
      const expected = await t()
        .db.selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('prod', '=', 'accessories')
        .where('active', '=', true)
        .executeTakeFirstOrThrow();
      for (const url of ['/api/item/accessories/', '/api/item/accessories/%7B%7D']) {
        const res = await list(url);
        expect(res.status).toBe(200);
        expect(res.body.noOfEntries).toBe(Number(expected.n));
      }
    });

    it('never lists apparel among accessories', async () => {
      const res = await list(
        `/api/item/accessories/${encodeURIComponent(JSON.stringify({ fabric: ['Silk'] }))}`,
      );
      expect(res.body.prods.map((p) => p.id)).not.toContain(models[1]?.id);
    });
  });

  describe('wishes', () => {
    it("marks the logged-in shopper's wishes, and no one else's", async () => {
      const customer = await fixtures.customer();
      const wished = [...models].sort(byDefault).slice(0, 2);
      for (const m of wished) await fixtures.wish(customer, m.id, m.firstInStock);
      const loggedIn = await t().client();
      await fixtures.logIn(loggedIn, customer);

      const mine = await list(apparelUrl(), { page: 1, sort: 0 }, loggedIn);
      const marked = mine.body.prods.filter((p) => p.wished === 'Y').map((p) => p.id);
      expect(marked).toEqual(wished.map((m) => m.id));
      expect(mine.body.prods.filter((p) => p.wished === 'N')).toHaveLength(18);

      const theirs = await list(apparelUrl(), { page: 1, sort: 0 });
      expect(theirs.body.prods.every((p) => p.wished === 'N')).toBe(true);
    });
  });
});
