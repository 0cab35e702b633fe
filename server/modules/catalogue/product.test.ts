import { beforeAll, describe, expect, it } from 'vitest';
import {
  HIDDEN_PRODUCT_FIELDS,
  type HomeResponse,
  type ListingResponse,
  type ModifyProdResponse,
  type ProductResponse,
  type TermsResponse,
} from '../../../contract/catalogue.ts';
import type { CategoryTree } from '../../../contract/categories.ts';
import { describeEachDatabase, TEST_ADMIN_TOKEN } from '../../test/app.ts';
import { type FixtureProduct, Fixtures } from '../../test/fixtures.ts';
import type { TestClient } from '../../test/http.ts';

const CHILD_KEY = 'fixture-angrakha-kurta';

describeEachDatabase('product page, colours, home and terms', (t) => {
  let fixtures: Fixtures;
  let shopper: TestClient;
  let red: FixtureProduct;
  let blue: FixtureProduct;
  let green: FixtureProduct;
  let craft: FixtureProduct;
  let buyer: number;

  beforeAll(async () => {
    fixtures = new Fixtures(t().db);
    red = await fixtures.product({
      name: 'Angrakha kurta',
      description: 'Hand-block printed angrakha kurta',
      childKey: CHILD_KEY,
      color: 'Red',
      features: {
        color: ['Red'],
        fabric: ['Cotton'],
        size: ['S', 'M', 'L'],
        occasion: ['Casual', 'Festive'],
        sleeveSize: ['Three-quarter'],
      },
      // hidden names must never reach the page, even when the data carries them
      specs: { pattern: 'Block print', washCare: 'Hand wash', seller: 'Leaky Looms', weightCat: 'light' },
      pricePaise: 129_900,
      oldPricePaise: 259_800,
      photos: ['kurta-red-1.webp', 'kurta-red-2.webp', 'kurta-red-3.webp'],
      sizes: [
        ['S', 0],
        ['M', 5],
        ['L', 4],
      ],
    });
    blue = await fixtures.product({ childKey: CHILD_KEY, color: 'Blue', features: { color: ['Blue'] } });
    green = await fixtures.product({ childKey: CHILD_KEY, color: 'Green', active: false });
    craft = await fixtures.product({
      prod: 'accessories',
      userSegment: 'Testcraft',
      genre: 'Fixture craft',
      features: { craft: ['Dokra'] },
      sizes: [['', 7]],
    });
    // retired and crafts-only segments never reach the home list
    await fixtures.product({ userSegment: 'Testwear', genre: 'Retired fixture', active: false });

    buyer = await fixtures.customer({ fname: 'Asha', lname: 'Roy' });
    await fixtures.hold(buyer, red.skus.L ?? 0, 3, 'live');
    await fixtures.hold(buyer, red.skus.L ?? 0, 1, 'expired');
    await fixtures.hold(buyer, red.skus.M ?? 0, 2, 'released');

    const reviewers = await Promise.all(
      ['Binod', 'Chitra', 'Dev', 'Esha'].map((fname) => fixtures.customer({ fname, lname: 'Das' })),
    );
    await fixtures.review(reviewers[0] ?? 0, red.id, {
      rating: 5,
      body: 'Lovely print',
      at: '2026-05-01T10:00:00Z',
    });
    await fixtures.review(reviewers[1] ?? 0, red.id, {
      rating: 4,
      body: 'Runs small',
      photo: 'review-1.webp',
      verified: true,
      at: '2026-05-03T10:00:00Z',
    });
    await fixtures.review(reviewers[2] ?? 0, red.id, { rating: 5, at: '2026-05-02T10:00:00Z' });
    // neither a rating nor a text: nothing to show
    await fixtures.review(reviewers[3] ?? 0, red.id, { at: '2026-05-04T10:00:00Z' });

    shopper = await t().client();
  });

  const page = (prod: string, id: number | string, client = shopper) =>
    client.get<ProductResponse>(`/product/ind/${prod}/${id}`);

  describe('GET /product/ind/{prod}/{productID}', () => {
    it('shows the product, its features and specifications, and stock net of live holds', async () => {
      const res = await page('apparel', red.id);
      expect(res.status).toBe(200);
      expect(res.body.productInfo).toEqual({
        id: red.id,
        name: 'Angrakha kurta',
        prod: 'apparel',
        genre: 'Fixture',
        userSegment: 'Testwear',
        partner: expect.stringMatching(/^FIXTURE-/),
        childKey: CHILD_KEY,
        color: 'Red',
        description: 'Hand-block printed angrakha kurta',
        // L: 4 in stock, 3 held by a shopper paying now (the expired and released holds no longer count)
        stock: 6,
        additionsize: { S: 0, M: 5, L: 1 },
        // S is sold out, L has a unit free: neither is only in someone's bag
        held: [],
        active: 'In stock',
        currentPrice: 1299,
        oldPrice: 2598,
        discount: 50,
        // no sale covers it (offers/sales.test.ts has those that do)
        sale: null,
        returnable: 'Y',
        photo1: 'kurta-red-1.webp',
        photo2: 'kurta-red-2.webp',
        photo3: 'kurta-red-3.webp',
        fabric: 'Cotton',
        occasion: 'Casual, Festive',
        sleeveSize: 'Three-quarter',
        pattern: 'Block print',
        washCare: 'Hand wash',
      });
      for (const hidden of [...HIDDEN_PRODUCT_FIELDS, 'size', 'photo4']) {
        expect(res.body.productInfo).not.toHaveProperty(hidden);
      }
    });

    it('keeps the additionsize keys in size order', async () => {
      const res = await page('apparel', red.id);
      expect(Object.keys(res.body.productInfo.additionsize)).toEqual(['S', 'M', 'L']);
    });

    it('lists reviews newest first with the reviewer and photo, and counts stars 5 to 1', async () => {
      const res = await page('apparel', red.id);
      expect(res.body.review).toEqual([
        {
          fname: 'Chitra',
          lname: 'Das',
          review: 'Runs small',
          rating: 4,
          reviewDP1: 'review-1.webp',
          verifiedPurchase: true,
        },
        { fname: 'Dev', lname: 'Das', review: '', rating: 5, reviewDP1: null, verifiedPurchase: false },
        {
          fname: 'Binod',
          lname: 'Das',
          review: 'Lovely print',
          rating: 5,
          reviewDP1: null,
          verifiedPurchase: false,
        },
      ]);
      expect(res.body.rating).toEqual([
        { rating: 5, ratingCount: 2 },
        { rating: 4, ratingCount: 1 },
        { rating: 3, ratingCount: 0 },
        { rating: 2, ratingCount: 0 },
        { rating: 1, ratingCount: 0 },
      ]);
    });

    it('lists every colour of the product, withdrawn ones too', async () => {
      const res = await page('apparel', blue.id);
      expect(res.body.colorInfo).toEqual([
        { color: 'Red', id: red.id },
        { color: 'Blue', id: blue.id },
        { color: 'Green', id: green.id },
      ]);
    });

    it('says a withdrawn product is currently unavailable', async () => {
      const res = await page('apparel', green.id);
      expect(res.status).toBe(200);
      expect(res.body.productInfo.active).toBe('Currently unavailable');
    });

    it('has nothing of a shopper when logged out', async () => {
      const res = await page('apparel', red.id);
      expect(res.body.addToCart).toEqual([]);
      expect(res.body.wishStatus).toEqual([{ wished: 'N' }]);
      expect(res.body.loggedin).toBe(false);
      expect(res.headers.get('cache-control')).toMatch(/private/);
    });

    it("shows the logged-in shopper's cart units and wish", async () => {
      const customer = await fixtures.customer();
      await fixtures.bagLine(customer, red.skus.M ?? 0, 2);
      await fixtures.bagLine(customer, red.skus.L ?? 0, 1);
      await fixtures.wish(customer, red.id, 'M');
      const client = await t().client();
      await fixtures.logIn(client, customer);
      const res = await page('apparel', red.id, client);
      expect(res.body.addToCart).toEqual([{ quantity: 3 }]);
      expect(res.body.wishStatus).toEqual([{ wished: 'Y' }]);
      expect(res.body.loggedin).toBe(true);
      const other = await page('apparel', blue.id, client);
      expect(other.body.addToCart).toEqual([]);
      expect(other.body.wishStatus).toEqual([{ wished: 'N' }]);
    });

    it('shows an accessory with its one size', async () => {
      const res = await page('accessories', craft.id);
      expect(res.status).toBe(200);
      expect(res.body.productInfo).toMatchObject({ prod: 'accessories', stock: 7, additionsize: { '': 7 } });
      expect(res.body.productInfo.craft).toBe('Dokra');
    });

    it('prices the product as the listing does', async () => {
      const filters = encodeURIComponent(JSON.stringify({ fabric: ['Cotton'], occasion: ['Festive'] }));
      const listing = await shopper.post<ListingResponse>(`/api/item/Testwear/Fixture/${filters}`, {
        page: 1,
        sort: 0,
      });
      const card = listing.body.prods.find((p) => p.id === red.id);
      const detail = await page('apparel', red.id);
      expect(card).toMatchObject({
        currentPrice: detail.body.productInfo.currentPrice,
        oldPrice: detail.body.productInfo.oldPrice,
        discount: detail.body.productInfo.discount,
        photo1: detail.body.productInfo.photo1,
      });
    });

    it.each([
      ['an unknown id', 'apparel', '2147483647'],
      ['an id beyond 32 bits', 'apparel', '99999999999'],
      ['a non-numeric id', 'apparel', 'abc'],
      ['a fractional id', 'apparel', '1.5'],
      ['a negative id', 'apparel', '-1'],
      ['id zero', 'apparel', '0'],
      ['another category', 'accessories', 'RED'],
      ['an unknown category', 'shoes', 'RED'],
    ])('answers %s with a JSON 404', async (_case, prod, id) => {
      const res = await page(prod, id === 'RED' ? red.id : id);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: expect.any(String) });
    });
  });

  describe('POST /api/{prod}/modifyProd', () => {
    const modify = (body: unknown, headers: Record<string, string> = { key: 'color' }, prod = 'apparel') =>
      shopper.post<ModifyProdResponse>(`/api/${prod}/modifyProd`, body, headers);

    it('finds the sibling in a colour, whatever its case', async () => {
      for (const color of ['Blue', 'blue', 'BLUE']) {
        const res = await modify({ childKey: CHILD_KEY, color });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ prodId: blue.id });
      }
      expect((await modify({ childKey: CHILD_KEY, color: 'green' })).body).toEqual({ prodId: green.id });
    });

    it.each([
      ['an unknown colour', { childKey: CHILD_KEY, color: 'Mauve' }, 'apparel'],
      ['an unknown child key', { childKey: 'no-such-key', color: 'Red' }, 'apparel'],
      ['another category', { childKey: CHILD_KEY, color: 'Blue' }, 'accessories'],
      ['an unknown category', { childKey: CHILD_KEY, color: 'Blue' }, 'shoes'],
    ])('answers %s with a 404', async (_case, body, prod) => {
      const res = await modify(body, { key: 'color' }, prod);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: expect.any(String) });
    });

    it.each([
      ['no key header', {}, /key/],
      ['another key', { key: 'size' }, /key/],
    ])('refuses %s with a 400', async (_case, headers, message) => {
      const res = await modify({ childKey: CHILD_KEY, color: 'Blue' }, headers);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: expect.stringMatching(message) });
    });

    it.each([
      [{ childKey: CHILD_KEY }, /color/],
      [{ color: 'Blue' }, /childKey/],
      [{ childKey: CHILD_KEY, color: '' }, /color/],
      [{ childKey: CHILD_KEY, color: 7 }, /color/],
    ])('refuses the body %j with a 400', async (body, message) => {
      const res = await modify(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: expect.stringMatching(message) });
    });

    it('refuses a call without the CSRF token', async () => {
      const res = await modify({ childKey: CHILD_KEY, color: 'Blue' }, { key: 'color', 'x-csrf-token': '' });
      expect(res.status).toBe(403);
    });
  });

  describe('GET /home', () => {
    it('lists each segment and genre of apparel on sale once, in order', async () => {
      const res = await shopper.get<HomeResponse>('/home');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toMatch(/max-age=\d+/);
      expect(res.body).toContainEqual({ userSegment: 'Testwear', genre: 'Fixture' });
      expect(res.body).not.toContainEqual({ userSegment: 'Testwear', genre: 'Retired fixture' });
      expect(res.body.some((item) => item.userSegment === 'Testcraft')).toBe(false);
      const keys = res.body.map((item) => `${item.userSegment}/${item.genre}`);
      expect(new Set(keys).size).toBe(keys.length);
      // in the owner's tree's order (issue 38): its pairs with something on sale
      const tree = await shopper.get<CategoryTree>('/admin/api/categories', {
        authorization: `Bearer ${TEST_ADMIN_TOKEN}`,
      });
      const inOrder = tree.body.segments.flatMap((s) =>
        s.genres.filter((g) => g.products > 0).map((g) => ({ userSegment: s.name, genre: g.name })),
      );
      expect(res.body).toEqual(inOrder);
    });
  });

  describe('GET /api/terms', () => {
    it('describes the policies', async () => {
      const res = await shopper.get<TermsResponse>('/api/terms');
      expect(res.status).toBe(200);
      expect(res.body.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(res.body.pages.map((p) => p.path)).toEqual([
        '/terms',
        '/privacy',
        '/payment',
        '/cancellation',
        '/shipping',
      ]);
    });
  });
});
