import { beforeAll, expect, it } from 'vitest';
import type { OfferReportResponse } from '../../../contract/coupons.ts';
import { formatRupees } from '../../../contract/money.ts';
import type { Sale, SaleBody } from '../../../contract/offers.ts';
import type { PurchasePageResponse } from '../../../contract/shopping.ts';
import { describeEachDatabase, TEST_ADMIN_TOKEN } from '../../test/app.ts';
import { CheckoutDriver } from '../../test/checkout.ts';
import { type FixtureProduct, Fixtures } from '../../test/fixtures.ts';
import { TestClient } from '../../test/http.ts';

const BEARER = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
const HOUR = 3600 * 1000;

describeEachDatabase(
  'sales at checkout: the lines they priced, the offers report, a 409 naming the sale',
  (t) => {
    const driver = new CheckoutDriver(t);
    let fixtures: Fixtures;
    let admin: TestClient;

    /** a ₹1,000 kurta (MRP ₹2,000): ₹750 in a 25% sale */
    const kurta = () => fixtures.product({ pricePaise: 100_000, oldPricePaise: 200_000, sizes: [['M', 10]] });

    /** a 25% sale on these products, live from now for an hour unless told */
    const sale = async (products: FixtureProduct[], over: Partial<SaleBody> = {}): Promise<Sale> => {
      const res = await admin.post<Sale>(
        '/admin/api/sales',
        {
          title: 'Diwali Sale',
          percentOff: 25,
          scope: { productIds: products.map((p) => p.id) },
          startsAt: new Date(Date.now() - 1000).toISOString(),
          endsAt: new Date(Date.now() + HOUR).toISOString(),
          ...over,
        },
        BEARER,
      );
      expect(res.status).toBe(201);
      return res.body;
    };
    const stop = async (id: number) => {
      expect((await admin.post(`/admin/api/sales/${id}/stop`, undefined, BEARER)).status).toBe(200);
    };
    const report = async () => {
      const res = await admin.get<OfferReportResponse>('/admin/api/offers/report', BEARER);
      expect(res.status).toBe(200);
      return res.body;
    };
    const attemptsOf = (customerId: number) =>
      t().db.selectFrom('payment_orders').select('id').where('customer_id', '=', customerId).execute();
    const costsNow = async (client: TestClient) =>
      formatRupees((await client.get<PurchasePageResponse>('/api/purchasePage')).body.breakdown.amount);

    beforeAll(() => {
      fixtures = new Fixtures(t().db);
      admin = new TestClient(t().baseUrl);
    });

    it('records the sale on each line it priced, and reports its lines, saving and value', async () => {
      const [first, second, full] = [await kurta(), await kurta(), await kurta()];
      const diwali = await sale([first, second]);
      const { client, customerId } = await driver.shopper(2, first);
      await fixtures.bagLine(customerId, second.skus.M as number, 1);
      await fixtures.bagLine(customerId, full.skus.M as number, 1);
      // 3 pieces at ₹750 and one at the shop's ₹1,000
      expect(await driver.amountToPay(client)).toBe(325_000);
      const paid = await driver.paid(client);
      expect((await driver.checkOut(client, paid)).body).toEqual({});

      const lines = await t()
        .db.selectFrom('order_lines')
        .innerJoin('orders', 'orders.id', 'order_lines.order_id')
        .select(['order_lines.product_id', 'order_lines.sale_id', 'order_lines.sale_saving_paise'])
        .where('orders.customer_id', '=', customerId)
        .orderBy('order_lines.product_id')
        .execute();
      expect(lines).toEqual([
        { product_id: first.id, sale_id: diwali.id, sale_saving_paise: 50_000 },
        { product_id: second.id, sale_id: diwali.id, sale_saving_paise: 25_000 },
        { product_id: full.id, sale_id: null, sale_saving_paise: 0 },
      ]);
      const line = {
        kind: 'sale',
        id: diwali.id,
        title: 'Diwali Sale',
        uses: 2,
        discountGiven: 750,
        salesValue: 2250,
      };
      expect((await report()).filter((l) => l.kind === 'sale' && l.id === diwali.id)).toEqual([
        { ...line, state: 'live' },
      ]);
      // stopped: the same lines, in the state the sales' list gives it
      await stop(diwali.id);
      expect((await report()).find((l) => l.kind === 'sale' && l.id === diwali.id)).toEqual({
        ...line,
        state: 'ended',
      });
    });

    it('refuses create-order with 409 naming a sale that ended since the bag was read, and charges nothing', async () => {
      const product = await kurta();
      const diwali = await sale([product]);
      const { client, customerId } = await driver.shopper(1, product);
      const amount = await driver.amountToPay(client);
      await stop(diwali.id);

      const res = await driver.createOrder(client, amount);
      expect(res.status).toBe(409);
      const now = await costsNow(client);
      expect(now).toBe(formatRupees(amount / 100 + 250));
      expect(res.body.error).toBe(`The Diwali Sale has ended. Your bag now costs ${now}.`);
      expect(await attemptsOf(customerId)).toEqual([]);
    });

    it('names a sale that started since the bag was read', async () => {
      const product = await kurta();
      const { client, customerId } = await driver.shopper(1, product);
      const amount = await driver.amountToPay(client);
      await sale([product], { title: 'Festive Week' });

      const res = await driver.createOrder(client, amount);
      expect(res.status).toBe(409);
      const now = await costsNow(client);
      expect(now).toBe(formatRupees(amount / 100 - 250));
      expect(res.body.error).toBe(`The Festive Week has started. Your bag now costs ${now}.`);
      expect(await attemptsOf(customerId)).toEqual([]);
    });
  },
);
