import { beforeAll, expect, it } from 'vitest';
import type { ListingResponse, ProductResponse } from '../../../contract/catalogue.ts';
import type { WishlistResponse } from '../../../contract/shopping.ts';
import { describeEachDatabase } from '../../test/app.ts';
import { type FixtureProduct, Fixtures } from '../../test/fixtures.ts';
import type { TestClient } from '../../test/http.ts';

const WISH = { key: 'wishUpdate' };
const REMOVE = { key: 'removeWish' };

describeEachDatabase('wishlist', (t) => {
  let fixtures: Fixtures;
  let saree: FixtureProduct;
  let dupatta: FixtureProduct;
  let craft: FixtureProduct;

  beforeAll(async () => {
    fixtures = new Fixtures(t().db);
    saree = await fixtures.product({
      name: 'Wish saree',
      genre: 'Wish fixture',
      photos: ['wish-saree-1.webp'],
      features: { size: ['Free Size'] },
      sizes: [['Free Size', 3]],
    });
    dupatta = await fixtures.product({
      name: 'Wish dupatta',
      genre: 'Wish fixture',
      sizes: [
        ['S', 0],
        ['M', 2],
      ],
    });
    craft = await fixtures.product({ prod: 'accessories', name: 'Wish bowl', photos: ['wish-bowl-1.webp'] });
  });

  async function shopper(): Promise<TestClient> {
    const client = await t().client();
    await fixtures.logIn(client, await fixtures.customer());
    return client;
  }

  const wish = (
    client: TestClient,
    product: FixtureProduct,
    size: string | undefined,
    wished = true,
    prod = 'apparel',
  ) =>
    client.post<boolean | { error: string }>(
      `/product/${prod}/${product.id}`,
      { prodID: product.id, size, wished },
      WISH,
    );
  const list = async (client: TestClient) =>
    (await client.get<WishlistResponse>('/api/wishlistPage')).body.prods;

  it('adds and removes with the wished state, answering the state now', async () => {
    const client = await shopper();
    expect((await wish(client, saree, 'Free Size')).body).toBe(true);
    expect((await wish(client, saree, 'Free Size')).body).toBe(true);
    const page = await client.get<ProductResponse>(`/product/ind/apparel/${saree.id}`);
    expect(page.body.wishStatus).toEqual([{ wished: 'Y' }]);
    expect((await wish(client, saree, 'Free Size', false)).body).toBe(false);
    expect((await wish(client, saree, undefined, false)).body).toBe(false);
    expect(await list(client)).toEqual([]);
  });

  it('lists newest first, one wish per product (a new size replaces the old)', async () => {
    const client = await shopper();
    await wish(client, dupatta, 'S');
    await wish(client, craft, '', true, 'accessories');
    await wish(client, dupatta, 'M');
    expect(await list(client)).toEqual([
      {
        productId: craft.id,
        name: 'Wish bowl',
        photo1: 'wish-bowl-1.webp',
        prod: 'accessories',
        size: '',
        currentPrice: 999,
        wishedPrice: 999,
      },
      {
        productId: dupatta.id,
        name: 'Wish dupatta',
        photo1: expect.any(String),
        prod: 'apparel',
        size: 'M',
        currentPrice: 999,
        wishedPrice: 999,
      },
    ]);
  });

  it('keeps the price a product was wished at, for "Price dropped"; wishing again after removal starts anew', async () => {
    const kurta = await fixtures.product({
      name: 'Wish kurta',
      genre: 'Wish fixture',
      pricePaise: 150_000,
      sizes: [
        ['S', 1],
        ['M', 1],
      ],
    });
    const setPrice = (paise: number) =>
      t().db.updateTable('products').set({ current_price_paise: paise }).where('id', '=', kurta.id).execute();
    const prices = async (client: TestClient) =>
      (await list(client)).map(({ currentPrice, wishedPrice }) => ({ currentPrice, wishedPrice }));
    const client = await shopper();
    await wish(client, kurta, 'S');
    await setPrice(120_000);
    expect(await prices(client)).toEqual([{ currentPrice: 1200, wishedPrice: 1500 }]);
    // another size is the same wish: the price it was wished at stays
    await wish(client, kurta, 'M');
    expect(await prices(client)).toEqual([{ currentPrice: 1200, wishedPrice: 1500 }]);
    await wish(client, kurta, 'M', false);
    await wish(client, kurta, 'M');
    expect(await prices(client)).toEqual([{ currentPrice: 1200, wishedPrice: 1200 }]);
  });

  it('needs a size of the product for apparel, none for accessories', async () => {
    const client = await shopper();
    for (const size of ['', undefined]) {
      const res = await wish(client, saree, size);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Please select a size!' });
    }
    const wrong = await wish(client, saree, 'XXL');
    expect(wrong.status).toBe(400);
    expect((await wish(client, craft, undefined, true, 'accessories')).body).toBe(true);
    expect((await wish(client, craft, 'M', true, 'accessories')).status).toBe(400);
    expect((await list(client)).map((w) => w.productId)).toEqual([craft.id]);
  });

  it('answers 404 for an unknown product, the wrong prod, or a body naming another product', async () => {
    const client = await shopper();
    expect((await wish(client, { id: 999_999_999, skus: {} }, 'M')).status).toBe(404);
    expect((await wish(client, saree, 'Free Size', true, 'accessories')).status).toBe(404);
    const mismatch = await client.post(
      `/product/apparel/${saree.id}`,
      { prodID: dupatta.id, size: 'M', wished: true },
      WISH,
    );
    expect(mismatch.status).toBe(404);
    const unwishOther = await client.post(
      `/product/apparel/${saree.id}`,
      { prodID: dupatta.id, size: 'M', wished: false },
      WISH,
    );
    expect(unwishOther.status).toBe(404);
    expect(
      (await client.post(`/product/apparel/${saree.id}`, { prodID: saree.id, size: 'M' }, WISH)).status,
    ).toBe(400);
    expect(await list(client)).toEqual([]);
  });

  it("takes the listing heart's POST /product/{id}, and the listing shows the heart", async () => {
    const client = await shopper();
    const res = await client.post(
      `/product/${dupatta.id}`,
      { prodID: dupatta.id, size: 'M', wished: true },
      WISH,
    );
    expect(res.body).toBe(true);
    const listing = await client.post<ListingResponse>('/api/item/Testwear/Wish fixture', {
      page: 1,
      sort: 0,
    });
    const card = listing.body.prods.find((p) => p.id === dupatta.id);
    expect(card?.wished).toBe('Y');
    expect(listing.body.prods.find((p) => p.id === saree.id)?.wished).toBe('N');
    expect(
      (await client.post(`/product/${dupatta.id}`, { prodID: dupatta.id, size: 'M', wished: false }, WISH))
        .body,
    ).toBe(false);
    expect(
      (await client.post('/product/999999999', { prodID: 999_999_999, size: 'M', wished: true }, WISH))
        .status,
    ).toBe(404);
  });

  it('removes with removeWish (false), fine when not wished, 404 for an unknown product', async () => {
    const client = await shopper();
    await wish(client, saree, 'Free Size');
    const removed = await client.post(`/api/wishlistPage/apparel/${saree.id}`, { size: 'Free Size' }, REMOVE);
    expect(removed.status).toBe(200);
    expect(removed.body).toBe(false);
    expect(await list(client)).toEqual([]);
    expect((await client.post(`/api/wishlistPage/apparel/${saree.id}`, { size: '' }, REMOVE)).body).toBe(
      false,
    );
    expect((await client.post('/api/wishlistPage/apparel/999999999', { size: '' }, REMOVE)).status).toBe(404);
    expect((await client.post(`/api/wishlistPage/accessories/${saree.id}`, {}, REMOVE)).status).toBe(404);
  });

  it("keeps each shopper's wishes their own", async () => {
    const mine = await shopper();
    const theirs = await shopper();
    await wish(mine, saree, 'Free Size');
    expect(await list(theirs)).toEqual([]);
    expect((await theirs.post(`/api/wishlistPage/apparel/${saree.id}`, {}, REMOVE)).body).toBe(false);
    expect((await list(mine)).map((w) => w.productId)).toEqual([saree.id]);
  });

  // a visitor's wishlist (no login) is tested in bag/guest.test.ts
  it('needs the CSRF token (403)', async () => {
    const visitor = await t().client();
    visitor.csrfToken = undefined;
    expect((await wish(visitor, saree, 'Free Size')).status).toBe(403);
    expect((await visitor.post(`/api/wishlistPage/apparel/${saree.id}`, {}, REMOVE)).status).toBe(403);
    expect((await visitor.post(`/product/${saree.id}`, {}, WISH)).status).toBe(403);
    expect((await visitor.get('/api/wishlistPage')).body).toEqual({ prods: [] });
    const client = await shopper();
    client.csrfToken = undefined;
    expect((await wish(client, saree, 'Free Size')).status).toBe(403);
    expect(await list(client)).toEqual([]);
  });
});
