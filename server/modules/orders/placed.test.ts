import { beforeAll, expect, it } from 'vitest';
import type { OrderLine, PlacedOrder } from '../../../contract/orders.ts';
import { describeEachDatabase } from '../../test/app.ts';
import { CheckoutDriver } from '../../test/checkout.ts';
import { type FixtureProduct, Fixtures } from '../../test/fixtures.ts';

describeEachDatabase('GET /api/orders/placed/{paymentId}: the confirmation after paying', (t) => {
  const driver = new CheckoutDriver(t);
  let fixtures: Fixtures;
  let kurti: FixtureProduct;
  let dupatta: FixtureProduct;

  beforeAll(async () => {
    fixtures = new Fixtures(t().db);
    kurti = await fixtures.product({ name: 'Placed Kurti', pricePaise: 79_900, sizes: [['M', 20]] });
    dupatta = await fixtures.product({ name: 'Placed Dupatta', pricePaise: 29_900, sizes: [['M', 20]] });
  });

  it('answers the order the payment placed: its items, the amount paid, the address and when', async () => {
    const { client, customerId } = await driver.shopper(2, kurti);
    await fixtures.bagLine(customerId, dupatta.skus.M ?? 0, 1);
    await t()
      .db.updateTable('customers')
      .set({ state: 'West Bengal' })
      .where('id', '=', customerId)
      .execute();
    const paid = await driver.paid(client);
    expect((await driver.checkOut(client, paid)).status).toBe(200);

    const res = await client.get<PlacedOrder>(`/api/orders/placed/${paid.razorpay_payment_id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const lines = (await client.get<OrderLine[]>('/api/orders')).body;
    const byName = (name: string) => lines.find((line) => line.name === name);
    expect(res.body.items).toEqual(
      ['Placed Kurti', 'Placed Dupatta'].map((name) => {
        const line = byName(name);
        return {
          name,
          prodId: line?.prodId,
          prod: line?.prod,
          purchase_id: line?.purchase_id,
          photo1: line?.photo1,
          size: 'M',
          quantity: name === 'Placed Kurti' ? 2 : 1,
          currentPrice: name === 'Placed Kurti' ? 799 : 299,
        };
      }),
    );
    // 2 x 799 + 299, above the free-delivery threshold
    expect(res.body.amountPaid).toBe(1897);
    expect(res.body.address).toMatchObject({
      houseNo: '12',
      roadName: 'MG Road',
      areaName: 'Ballygunge',
      city: 'Kolkata',
      pin: '700001',
      state: 'West Bengal',
    });
    expect(res.body.placedAt).toBe(byName('Placed Kurti')?.orderedAt);
  });

  it("answers 404 for another shopper's payment and one that placed nothing, 403 to a visitor", async () => {
    const { client } = await driver.shopper(1, kurti);
    const paid = await driver.paid(client);
    const other = (await driver.shopper(0, kurti)).client;
    expect((await other.get(`/api/orders/placed/${paid.razorpay_payment_id}`)).status).toBe(404);
    // paid, but not placed yet (no webhook, no checkOut)
    expect((await client.get(`/api/orders/placed/${paid.razorpay_payment_id}`)).status).toBe(404);
    expect((await client.get('/api/orders/placed/pay_nothing')).status).toBe(404);
    expect((await (await t().client()).get(`/api/orders/placed/${paid.razorpay_payment_id}`)).status).toBe(
      403,
    );
    expect((await driver.checkOut(client, paid)).status).toBe(200);
    expect((await client.get(`/api/orders/placed/${paid.razorpay_payment_id}`)).status).toBe(200);
  });
});
