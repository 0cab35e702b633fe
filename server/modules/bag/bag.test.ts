import { beforeAll, expect, it } from 'vitest';
import type {
  AddCartResponse,
  DeleteItemResponse,
  PurchasePageResponse,
} from '../../../contract/shopping.ts';
import { describeEachDatabase } from '../../test/app.ts';
import { type FixtureProduct, Fixtures } from '../../test/fixtures.ts';
import type { TestClient } from '../../test/http.ts';

const ADD = { key: 'addCart' };
const DELETE = { key: 'deleteItem' };

describeEachDatabase('cart', (t) => {
  let fixtures: Fixtures;
  let kurta: FixtureProduct;
  let craft: FixtureProduct;

  beforeAll(async () => {
    fixtures = new Fixtures(t().db);
    kurta = await fixtures.product({
      name: 'Cart kurta',
      color: 'Indigo',
      features: { color: ['Indigo'], fabric: ['Khadi'], size: ['S', 'M', 'L', 'XL'] },
      pricePaise: 40_000,
      oldPricePaise: 60_000,
      photos: ['cart-kurta-1.webp', 'cart-kurta-2.webp'],
      sizes: [
        ['S', 0],
        ['M', 10],
        ['L', 2],
        ['XL', 10],
      ],
    });
    craft = await fixtures.product({ prod: 'accessories', pricePaise: 30_000, oldPricePaise: 30_000 });
  });

  /** a fresh logged-in shopper with an empty bag */
  async function shopper(): Promise<{ client: TestClient; customerId: number }> {
    const client = await t().client();
    const customerId = await fixtures.customer({ fname: 'Meera', lname: 'Iyer' });
    await fixtures.logIn(client, customerId);
    return { client, customerId };
  }

  const add = (
    client: TestClient,
    product: FixtureProduct,
    size: string,
    addCart: 0 | 1 = 1,
    prod = 'apparel',
  ) =>
    client.post<AddCartResponse & { error?: string }>(
      `/product/${prod}/${product.id}`,
      { prodID: product.id, size, addCart },
      ADD,
    );
  const page = (client: TestClient) => client.get<PurchasePageResponse>('/api/purchasePage');
  const takeOne = (client: TestClient, cartId: number, prod = 'apparel') =>
    client.post<DeleteItemResponse & { error?: string }>(
      `/api/${prod}/purchasePage`,
      { cartId, size: '' },
      DELETE,
    );

  it('adds units per size and answers the units of that size now in the cart', async () => {
    const { client } = await shopper();
    expect((await add(client, kurta, 'M')).body).toEqual({ cartInd: 1 });
    expect((await add(client, kurta, 'M')).body).toEqual({ cartInd: 2 });
    expect((await add(client, kurta, 'XL')).body).toEqual({ cartInd: 1 });
    const { prods } = (await page(client)).body;
    expect(prods.map((p) => [p.size, p.quantity])).toEqual([
      ['M', 2],
      ['XL', 1],
    ]);
    const product = await client.get<{ addToCart: { quantity: number }[] }>(
      `/product/ind/apparel/${kurta.id}`,
    );
    expect(product.body.addToCart).toEqual([{ quantity: 3 }]);
  });

  it('allows 4 units of a product across its sizes, then refuses with the message of the spec', async () => {
    const { client } = await shopper();
    for (const size of ['M', 'M', 'XL', 'L']) expect((await add(client, kurta, size)).status).toBe(200);
    const refused = await add(client, kurta, 'XL');
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: 'Max 4 orders can be placed for each product at a time!' });
    expect((await page(client)).body.prods.reduce((sum, p) => sum + p.quantity, 0)).toBe(4);
  });

  it("never adds beyond a size's stock less live holds", async () => {
    const { client, customerId } = await shopper();
    const sold = await add(client, kurta, 'S');
    expect(sold.status).toBe(409);
    expect(sold.body).toEqual({ error: 'Stock limit reached!' });

    const held = await fixtures.product({ sizes: [['M', 3]] });
    await fixtures.hold(customerId, held.skus.M ?? 0, 2);
    await fixtures.hold(customerId, held.skus.M ?? 0, 1, 'expired');
    await fixtures.hold(customerId, held.skus.M ?? 0, 1, 'released');
    expect((await add(client, held, 'M')).body).toEqual({ cartInd: 1 });
    const refused = await add(client, held, 'M');
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: 'Stock limit reached!' });
    expect((await page(client)).body.prods[0]?.stock).toBe(1);
  });

  it('refuses an inactive product, a missing size, a size it does not have and an unknown product', async () => {
    const { client } = await shopper();
    const retired = await fixtures.product({ active: false });
    expect((await add(client, retired, 'M')).body).toEqual({ error: 'Currently unavailable' });
    expect((await add(client, retired, 'M')).status).toBe(409);

    const noSize = await add(client, kurta, '');
    expect(noSize.status).toBe(400);
    expect(noSize.body).toEqual({ error: 'Please select a size!' });
    const absent = await client.post(`/product/apparel/${kurta.id}`, { prodID: kurta.id, addCart: 1 }, ADD);
    expect(absent.status).toBe(400);
    const wrongSize = await add(client, kurta, 'XXL');
    expect(wrongSize.status).toBe(400);
    expect(wrongSize.body).toEqual({ error: `Product ${kurta.id} has no size "XXL"` });

    expect((await add(client, { id: 999_999_999, skus: {} }, 'M')).status).toBe(404);
    expect((await add(client, kurta, 'M', 1, 'accessories')).status).toBe(404);
    const mismatch = await client.post(
      `/product/apparel/${kurta.id}`,
      { prodID: craft.id, size: 'M', addCart: 1 },
      ADD,
    );
    expect(mismatch.status).toBe(404);
    const unknownKey = await client.post(`/product/apparel/${kurta.id}`, {
      prodID: kurta.id,
      size: 'M',
      addCart: 1,
    });
    expect(unknownKey.status).toBe(400);
    expect(unknownKey.body).toEqual({ error: 'key is required' });
    const badBody = await client.post(
      `/product/apparel/${kurta.id}`,
      { prodID: kurta.id, size: 'M', addCart: 2 },
      ADD,
    );
    expect(badBody.status).toBe(400);
    expect((await page(client)).body.prods).toEqual([]);
  });

  it('takes accessories without a size', async () => {
    const { client } = await shopper();
    expect((await add(client, craft, '', 1, 'accessories')).body).toEqual({ cartInd: 1 });
    const sized = await add(client, craft, 'M', 1, 'accessories');
    expect(sized.status).toBe(400);
  });

  it('removes a size with addCart 0, leaving the other sizes', async () => {
    const { client } = await shopper();
    await add(client, kurta, 'M');
    await add(client, kurta, 'M');
    await add(client, kurta, 'XL');
    expect((await add(client, kurta, 'M', 0)).body).toEqual({ cartInd: 0 });
    expect((await page(client)).body.prods.map((p) => p.size)).toEqual(['XL']);
    expect((await add(client, kurta, 'L', 0)).body).toEqual({ cartInd: 0 });
  });

  it('lists lines oldest first with every field and the price breakdown', async () => {
    const { client } = await shopper();
    await add(client, kurta, 'XL');
    await add(client, kurta, 'XL');
    await add(client, craft, '', 1, 'accessories');
    const res = await page(client);
    expect(res.status).toBe(200);
    const [first, second] = res.body.prods;
    expect(first).toEqual({
      id: kurta.id,
      orderID: first?.orderID,
      orderId: first?.orderID,
      name: 'Cart kurta',
      title: 'Cart kurta',
      photo: 'cart-kurta-1.webp',
      color: 'Indigo',
      size: 'XL',
      spec: { color: 'Indigo', size: 'XL' },
      fabric: 'Khadi',
      quantity: 2,
      order: 2,
      currentPrice: 400,
      oldPrice: 600,
      price: { currentPrice: 400, oldPrice: 600 },
      discount: 33,
      stock: 10,
      prod: 'apparel',
      partner: expect.stringMatching(/^FIXTURE-/),
    });
    expect(second).toMatchObject({ id: craft.id, size: '', fabric: '', quantity: 1, prod: 'accessories' });
    expect(res.body.priceDetails).toEqual({
      totalPrice: 1500,
      discount: -400,
      deliveryCharge: 0,
      amountToPay: 1100,
      freeDeliveryAbove: 500,
    });
    expect(res.body.userInfo).toMatchObject({
      fname: 'Meera',
      lname: 'Iyer',
      houseNo: '',
      pin: '',
      altPhoneNumber: '',
    });
    expect(res.body.userInfo).toMatchObject({ phoneNo: expect.stringMatching(/^9\d{9}$/) });
  });

  it('charges delivery up to 500 after discount and nothing on an empty cart', async () => {
    const { client } = await shopper();
    expect((await page(client)).body).toMatchObject({
      prods: [],
      priceDetails: { totalPrice: 0, discount: 0, deliveryCharge: 0, amountToPay: 0, freeDeliveryAbove: 500 },
    });
    const fiveHundred = await fixtures.product({ pricePaise: 50_000, oldPricePaise: 70_000 });
    await add(client, fiveHundred, 'M');
    expect((await page(client)).body.priceDetails).toEqual({
      totalPrice: 700,
      discount: -200,
      deliveryCharge: 50,
      amountToPay: 550,
      freeDeliveryAbove: 500,
    });
  });

  it('takes one unit off a line with deleteItem, and the line goes at zero', async () => {
    const { client } = await shopper();
    await add(client, kurta, 'M');
    await add(client, kurta, 'M');
    const lineId = (await page(client)).body.prods[0]?.orderID ?? 0;
    expect((await takeOne(client, lineId)).body).toEqual({ quantity: 1 });
    expect((await page(client)).body.prods[0]?.quantity).toBe(1);
    expect((await takeOne(client, lineId)).body).toEqual({ quantity: 0 });
    expect((await page(client)).body.prods).toEqual([]);
    expect((await takeOne(client, lineId)).status).toBe(404);
  });

  it("answers 404 for another shopper's line and leaves it alone", async () => {
    const owner = await shopper();
    const other = await shopper();
    await add(owner.client, kurta, 'M');
    const lineId = (await page(owner.client)).body.prods[0]?.orderID ?? 0;
    const res = await takeOne(other.client, lineId);
    expect(res.status).toBe(404);
    expect(res.body.error).toBeTruthy();
    expect((await takeOne(owner.client, lineId, 'accessories')).status).toBe(404);
    expect((await takeOne(other.client, 2_000_000_000)).status).toBe(404);
    expect((await takeOne(other.client, 99_999_999_999)).status).toBe(404);
    expect((await page(owner.client)).body.prods[0]?.quantity).toBe(1);
    expect((await page(other.client)).body.prods).toEqual([]);
  });

  it('lets at most 4 of 8 simultaneous adds land, and never more than the stock', async () => {
    const { client } = await shopper();
    const adds = await Promise.all(
      Array.from({ length: 8 }, (_, i) => add(client, kurta, i % 2 ? 'M' : 'XL')),
    );
    expect(adds.filter((r) => r.status === 200)).toHaveLength(4);
    expect(adds.filter((r) => r.status === 409)).toHaveLength(4);
    expect((await page(client)).body.prods.reduce((sum, p) => sum + p.quantity, 0)).toBe(4);

    const second = await shopper();
    const scarce = await Promise.all(Array.from({ length: 8 }, () => add(second.client, kurta, 'L')));
    expect(scarce.filter((r) => r.status === 200)).toHaveLength(2);
    expect(scarce.filter((r) => r.status === 409).map((r) => r.body.error)).toEqual(
      Array(6).fill('Stock limit reached!'),
    );
  });

  // a visitor's bag (no login) is tested in guest.test.ts
  it('needs the CSRF token (403), and changes nothing without it', async () => {
    const visitor = await t().client();
    visitor.csrfToken = undefined;
    expect((await add(visitor, kurta, 'M')).status).toBe(403);
    expect((await takeOne(visitor, 1)).status).toBe(403);
    expect((await visitor.post(`/product/apparel/${kurta.id}`, { junk: true }, ADD)).status).toBe(403);
    expect((await page(visitor)).body.prods).toEqual([]);

    const { client } = await shopper();
    client.csrfToken = undefined;
    expect((await add(client, kurta, 'M')).status).toBe(403);
    expect((await page(client)).body.prods).toEqual([]);
  });
});
