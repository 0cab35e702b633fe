import { beforeAll, describe, expect, it } from 'vitest';
import type { ListingResponse, SelectedFilters, SuggestResponse } from '../../../contract/catalogue.ts';
import { describeEachDatabase, TEST_ADMIN_TOKEN } from '../../test/app.ts';
import { type FixtureProduct, Fixtures, type ProductSpec } from '../../test/fixtures.ts';
import type { TestClient } from '../../test/http.ts';

/** A genre of its own, so every count here is exact whatever the demo catalogue holds. */
const GENRE = 'Discoverwear';
const BEARER = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
const listingUrl = (filters: SelectedFilters = {}) =>
  `/api/item/Findwear/${GENRE}/${encodeURIComponent(JSON.stringify(filters))}`;

interface Model {
  id: number;
  product: FixtureProduct;
  /** paise */
  price: number;
  discount: number;
  color: string;
  fabric: string;
}

// prices at the edges of "500-999": 499.49 and 999.50 show as 499 and 1000, 499.50 and 999.49 as 500 and 999
const PRICES = [49_949, 49_950, 50_000, 99_900, 99_949, 99_950, 150_000, 20_000, 75_000, 600_000];
const COLORS = ['Red', 'Blue', 'Green'];

describeEachDatabase('discovery: counted filters, ranges, sorts, search and suggestions', (t) => {
  let fixtures: Fixtures;
  let shopper: TestClient;
  const models: Model[] = [];

  beforeAll(async () => {
    fixtures = new Fixtures(t().db);
    for (const [i, price] of PRICES.entries()) {
      const color = COLORS[i % 3] ?? 'Red';
      const fabric = i % 2 ? 'Silk' : 'Cotton';
      // discounts 29 and 30 (edges of "30"), then 10, 50, 70…
      const discount = [29, 30, 10, 50, 70][i % 5] ?? 0;
      const old = Math.ceil((price * 100) / (100 - discount));
      const product = await fixtures.product({
        userSegment: 'Findwear',
        genre: GENRE,
        color,
        features: { color: [color], fabric: [fabric] },
        pricePaise: price,
        oldPricePaise: old,
      });
      const row = await t()
        .db.selectFrom('products')
        .select('discount')
        .where('id', '=', product.id)
        .executeTakeFirstOrThrow();
      models.push({ id: product.id, product, price, discount: row.discount, color, fabric });
    }
    shopper = await t().client();
  });

  const list = async (filters: SelectedFilters = {}, sort = 0, page = 1) => {
    const res = await shopper.post<ListingResponse>(listingUrl(filters), { page, sort });
    expect(res.status).toBe(200);
    return res.body;
  };
  const shown = (paise: number) => Math.round(paise / 100);

  describe('counted filters', () => {
    it('counts each value as choosing it would, its own feature left out (the faceted rule)', async () => {
      const cases: SelectedFilters[] = [
        {},
        { fabric: ['Silk'] },
        { color: ['Red', 'Blue'], price: ['500-999'] },
      ];
      for (const filters of cases) {
        const { filterCounts } = await list(filters);
        expect(Object.keys(filterCounts)).toEqual(['fabric', 'color', 'price', 'discount']);
        for (const [feature, values] of Object.entries(filterCounts)) {
          for (const [value, count] of Object.entries(values)) {
            const chosen = { ...filters, [feature]: [value] };
            expect([feature, value, count]).toEqual([feature, value, (await list(chosen)).noOfEntries]);
          }
        }
      }
    });

    it('keeps the values of the unfiltered listing, those with none at 0', async () => {
      const { filterCounts, filterFeature } = await list({ fabric: ['Silk'], color: ['Red'] });
      expect(filterCounts.color).toEqual({
        Blue: models.filter((m) => m.fabric === 'Silk' && m.color === 'Blue').length,
        Green: models.filter((m) => m.fabric === 'Silk' && m.color === 'Green').length,
        Red: models.filter((m) => m.fabric === 'Silk' && m.color === 'Red').length,
      });
      const redSilk = models.filter((m) => m.fabric === 'Silk' && m.color === 'Red');
      const red = models.filter((m) => m.color === 'Red');
      expect(filterCounts.fabric).toEqual({
        Cotton: red.filter((m) => m.fabric === 'Cotton').length,
        Silk: redSilk.length,
      });
      expect(filterFeature).toEqual([{ fabric: ['Silk'] }, { color: ['Red'] }]);
    });
  });

  describe('ranges', () => {
    it('keeps both price edges, in the whole rupees a card shows', async () => {
      const res = await list({ price: ['500-999'] }, 1);
      const expected = models.filter((m) => shown(m.price) >= 500 && shown(m.price) <= 999);
      expect(expected).toHaveLength(5);
      expect(res.prods.map((p) => p.id)).toEqual(
        expected.sort((a, b) => a.price - b.price || a.id - b.id).map((m) => m.id),
      );
      expect(res.prods.map((p) => p.currentPrice)).toEqual([500, 500, 750, 999, 999]);
    });

    it('ORs several price ranges and takes any min and max', async () => {
      const res = await list({ price: ['0-499', '1500-1500'] });
      const expected = models.filter((m) => shown(m.price) <= 499 || shown(m.price) === 1500);
      expect(res.noOfEntries).toBe(expected.length);
    });

    it('keeps a discount of exactly n among "n% and above"', async () => {
      const res = await list({ discount: ['30'] });
      const expected = models.filter((m) => m.discount >= 30);
      expect(models.some((m) => m.discount === 30) && models.some((m) => m.discount === 29)).toBe(true);
      expect(res.noOfEntries).toBe(expected.length);
      expect(res.prods.every((p) => p.discount >= 30)).toBe(true);
    });

    it.each([
      ['a price that is not a range', { price: ['cheap'] }, /price/],
      ['a price range upside down', { price: ['900-100'] }, /price/],
      ['a discount that is not a number', { discount: ['lots'] }, /discount/],
      ['a discount over 100', { discount: ['150'] }, /discount/],
    ])('refuses %s with a 400', async (_case, filters, message) => {
      const res = await shopper.post(listingUrl(filters), { page: 1, sort: 0 });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: expect.stringMatching(message) });
    });
  });

  describe('sorts', () => {
    it('3 Popularity: units sold in the last 30 days (not cancelled), then rating, then id', async () => {
      const [a, b, c, d] = models.map((m) => m.product);
      if (!a || !b || !c || !d) throw new Error('fixtures missing');
      const customer = await fixtures.customer();
      const daysAgo = (days: number) => ({ placedAt: new Date(Date.now() - days * 24 * 60 * 60 * 1000) });
      await fixtures.order(customer, [{ product: a, quantity: 3 }], daysAgo(1));
      await fixtures.order(customer, [{ product: b, quantity: 2 }], daysAgo(2));
      // old sales and cancelled lines do not count
      await fixtures.order(customer, [{ product: c, quantity: 4 }], daysAgo(40));
      await fixtures.order(customer, [{ product: d, quantity: 4, status: 'cancelled' }]);
      // with no sales, the better rated first
      await fixtures.review(customer, models[9]?.id ?? 0, { rating: 5 });
      await fixtures.review(customer, models[8]?.id ?? 0, { rating: 2 });
      // the figures are read every 30 s and at a catalogue-wide change, such as the owner saving a product
      const saved = await shopper.post(`/admin/api/products/${a.id}/restore`, {}, BEARER);
      expect(saved.status).toBe(200);
      const ids = (await list({}, 3)).prods.map((p) => p.id);
      const rest = models
        .slice(2, 8)
        .map((m) => m.id)
        .sort((x, y) => y - x);
      expect(ids).toEqual([a.id, b.id, models[9]?.id, models[8]?.id, ...rest]);
    });

    it("4 What's new: latest added first", async () => {
      const rows = await t()
        .db.selectFrom('products')
        .select(['id', 'created_at'])
        .where('genre', '=', GENRE)
        .execute();
      const expected = rows
        .sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || b.id - a.id)
        .map((r) => r.id);
      expect((await list({}, 4)).prods.map((p) => p.id)).toEqual(expected);
    });

    it('5 Better discount: discount high to low, then id', async () => {
      const expected = [...models].sort((a, b) => b.discount - a.discount || b.id - a.id).map((m) => m.id);
      expect((await list({}, 5)).prods.map((p) => p.id)).toEqual(expected);
    });
  });

  describe('search', () => {
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      const make = async (key: string, spec: ProductSpec) => {
        const features = { color: [spec.color ?? 'Red'] };
        ids[key] = (
          await fixtures.product({ userSegment: 'Findwear', genre: 'Zephyrgown', features, ...spec })
        ).id;
      };
      // the exact name comes first although added first (the id tiebreak favours later ones)
      await make('exact', { name: 'Qelvan Silk Kurti', color: 'Teal' });
      await make('inName', { name: 'Kurti in Qelvan silk blend', color: 'Teal' });
      await make('inText', {
        name: 'Plain kurti',
        description: 'Woven by qelvan weavers in silk',
        color: 'Mauve',
      });
      await make('sari', { name: 'Qelvan Sari', color: 'Mauve' });
      await make('long', { name: 'Marvellonic jutti', genre: 'Zephyrshoe', color: 'Gold' });
      await make('accent', { name: 'Crème Zephyrgown', color: 'Teal' });
    });

    const search = async (q: string, extra = '') => {
      const res = await shopper.get<ListingResponse>(`/api/search?q=${encodeURIComponent(q)}${extra}`);
      expect(res.status).toBe(200);
      return res.body;
    };
    const found = async (q: string, extra = '') => (await search(q, extra)).prods.map((p) => p.id);

    it('puts the exact name first, then names holding the words, then text holding them', async () => {
      expect(await found('qelvan silk kurti')).toEqual([ids.exact, ids.inName, ids.inText]);
      expect((await found('Qelvan Silk Kurti'))[0]).toBe(ids.exact);
    });

    it('ignores word order, case, plurals and accents', async () => {
      const expected = await found('qelvan silk kurti');
      expect(await found('KURTI silk QELVAN')).toEqual(expected);
      expect(new Set(await found('kurtis qelvan silk'))).toEqual(new Set(expected));
      expect(await found('creme zephyrgown')).toEqual([ids.accent]);
      expect(await found('CRÈME zephyrgowns')).toEqual([ids.accent]);
    });

    it('still finds a word with one typo, and a long word with two', async () => {
      expect(new Set(await found('qelvon silk kurti'))).toEqual(new Set([ids.exact, ids.inName, ids.inText]));
      expect(await found('marvelonik')).toEqual([ids.long]);
    });

    it('matches synonyms and common spellings both ways', async () => {
      expect(new Set(await found('qelvan kurta'))).toEqual(new Set([ids.exact, ids.inName, ids.inText]));
      expect(await found('qelvan saree')).toEqual([ids.sari]);
      expect(await found('marvellonic mojari')).toEqual([ids.long]);
    });

    it('narrows by colour plus genre, with filters, sorts and counts as a listing', async () => {
      const teal = await search('teal zephyrgown');
      expect(new Set(teal.prods.map((p) => p.id))).toEqual(new Set([ids.exact, ids.inName, ids.accent]));
      expect(teal.filterCounts).toBeDefined();
      const cheapest = await search('zephyrgown', '&sort=1');
      expect(cheapest.noOfEntries).toBe(5);
      const mauve = await search(
        'zephyrgown',
        `&filters=${encodeURIComponent(JSON.stringify({ color: ['Mauve'] }))}`,
      );
      expect(new Set(mauve.prods.map((p) => p.id))).toEqual(new Set([ids.inText, ids.sari]));
    });

    it('finds nothing for words no product has, and for text without letters', async () => {
      expect(await search('xqzvvkplugh')).toEqual({
        prods: [],
        noOfEntries: 0,
        filterFeature: [],
        filterCounts: {},
      });
      expect((await search('%%% <> \'"')).prods).toEqual([]);
    });

    it('refuses a blank or too long q, and bad paging, with a 400', async () => {
      for (const query of [
        '',
        '?q=',
        '?q=%20%20',
        `?q=${'a'.repeat(101)}`,
        '?q=kurti&page=0',
        '?q=kurti&sort=9',
      ]) {
        const res = await shopper.get(`/api/search${query}`);
        expect([query, res.status]).toEqual([query, 400]);
        expect(res.body).toEqual({ error: expect.any(String) });
      }
    });
  });

  describe('suggestions', () => {
    it('names matching genres and segments with their counts, and up to six products', async () => {
      const res = await shopper.get<SuggestResponse>('/api/suggest?q=zephyrg');
      expect(res.status).toBe(200);
      expect(res.body.genres).toEqual([{ userSegment: 'Findwear', genre: 'Zephyrgown', count: 5 }]);
      expect(res.body.products).toHaveLength(5);
      expect(res.body.products[0]).toEqual({
        id: expect.any(Number),
        prod: 'apparel',
        name: expect.any(String),
        photo1: expect.any(String),
        currentPrice: expect.any(Number),
      });
      const segment = await shopper.get<SuggestResponse>('/api/suggest?q=findw');
      expect(segment.body.segments).toEqual([{ userSegment: 'Findwear', count: 16 }]);
      const many = await shopper.get<SuggestResponse>('/api/suggest?q=kurti');
      expect(many.body.products.length).toBeLessThanOrEqual(6);
    });

    it('answers text with nothing to match with nothing', async () => {
      const res = await shopper.get<SuggestResponse>(`/api/suggest?q=${encodeURIComponent('*')}`);
      expect(res.body).toEqual({ segments: [], genres: [], products: [] });
    });
  });
});
