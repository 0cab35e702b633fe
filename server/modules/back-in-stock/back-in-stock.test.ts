import { beforeAll, expect, it } from 'vitest';
import type { DevSmsResponse } from '../../../contract/accounts.ts';
import {
  type BackInStockResponse,
  MAX_OPEN_BACK_IN_STOCK_REQUESTS,
} from '../../../contract/back-in-stock.ts';
import type { SmsSender } from '../../platform/sms/sender.ts';
import { describeEachDatabase, TEST_ADMIN_TOKEN } from '../../test/app.ts';
import { type FixtureProduct, Fixtures } from '../../test/fixtures.ts';
import { TestClient } from '../../test/http.ts';
import { Notifications } from '../notifications/service.ts';

const BEARER = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
const quiet = { warn: () => {}, error: () => {} };
const gateway: SmsSender = { sendOtp: async () => {}, sendMessage: async () => {} };

// the app's own worker looks once at start and then not for a day: the test sends with a worker of its own
describeEachDatabase(
  '"Notify me": back in stock by SMS',
  (t) => {
    let fixtures: Fixtures;
    let kurta: FixtureProduct;
    let staff: TestClient;

    beforeAll(async () => {
      fixtures = new Fixtures(t().db);
      kurta = await fixtures.product({
        name: 'Notify kurta',
        sizes: [
          ['S', 0],
          ['M', 3],
        ],
      });
      staff = new TestClient(t().baseUrl);
    });

    const url = (product: FixtureProduct | number) =>
      `/api/products/${typeof product === 'number' ? product : product.id}/notify`;
    const notify = (client: TestClient, product: FixtureProduct | number, body: unknown) =>
      client.post<BackInStockResponse & { error?: string }>(url(product), body);
    const setStock = (product: FixtureProduct, size: string, quantity: number) =>
      staff.put('/admin/api/stock', { productId: product.id, size, quantity }, BEARER);

    async function customer() {
      const client = await t().client();
      const customerId = await fixtures.customer();
      await fixtures.logIn(client, customerId);
      const { phone } = await t()
        .db.selectFrom('customers')
        .select('phone')
        .where('id', '=', customerId)
        .executeTakeFirstOrThrow();
      return { client, customerId, phone };
    }

    const told = (customerId: number) =>
      t()
        .db.selectFrom('notifications')
        .select(['template', 'text'])
        .where('customer_id', '=', customerId)
        .where('template', '=', 'back_in_stock')
        .execute();
    const requestsOf = (customerId: number) =>
      t()
        .db.selectFrom('back_in_stock_requests')
        .select('id')
        .where('customer_id', '=', customerId)
        .execute();

    it('waits for a sold-out size: 201, then 200 for the same again; GET and DELETE answer the sizes', async () => {
      const { client } = await customer();
      expect((await client.get<BackInStockResponse>(url(kurta))).body).toEqual({ sizes: [] });
      const first = await notify(client, kurta, { size: 'S' });
      expect(first.status).toBe(201);
      expect(first.body).toEqual({ sizes: ['S'] });
      const again = await notify(client, kurta, { size: 'S' });
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ sizes: ['S'] });
      expect((await client.get<BackInStockResponse>(url(kurta))).body).toEqual({ sizes: ['S'] });
      const cancelled = await client.request<BackInStockResponse>('DELETE', url(kurta), { size: 'S' });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toEqual({ sizes: [] });
      // cancelling what is not waited for is fine
      expect((await client.request('DELETE', url(kurta), { size: 'S' })).status).toBe(200);
    });

    it('refuses bad input with a JSON error and keeps nothing', async () => {
      const { client, customerId } = await customer();
      for (const body of [{}, { size: '' }, { size: 5 }, { size: 'S', extra: 1 }]) {
        const res = await notify(client, kurta, body);
        expect(res.status).toBe(400);
        expect(res.body.error).toEqual(expect.any(String));
      }
      const noSuchSize = await notify(client, kurta, { size: 'XXL' });
      expect(noSuchSize.status).toBe(400);
      expect(noSuchSize.body).toEqual({ error: 'This product has no size XXL' });
      const inStock = await notify(client, kurta, { size: 'M' });
      expect(inStock.status).toBe(409);
      expect(inStock.body).toEqual({ error: 'Size M is in stock: you can add it to your bag now' });
      for (const id of [999_999_999, 'abc']) {
        const unknown = await client.post<{ error: string }>(`/api/products/${id}/notify`, { size: 'S' });
        expect(unknown.status).toBe(404);
        expect(unknown.body.error).toEqual(expect.any(String));
        expect((await client.get(`/api/products/${id}/notify`)).status).toBe(404);
      }
      expect(await requestsOf(customerId)).toEqual([]);
    });

    it('is for customers (403 for a visitor) and checks the CSRF token (403)', async () => {
      const visitor = await t().client();
      expect((await notify(visitor, kurta, { size: 'S' })).status).toBe(403);
      expect((await visitor.get(url(kurta))).status).toBe(403);
      expect((await visitor.request('DELETE', url(kurta), { size: 'S' })).status).toBe(403);
      const { client, customerId } = await customer();
      client.csrfToken = undefined;
      expect((await notify(client, kurta, { size: 'S' })).status).toBe(403);
      expect((await client.request('DELETE', url(kurta), { size: 'S' })).status).toBe(403);
      expect(await told(customerId)).toEqual([]);
      expect(await requestsOf(customerId)).toEqual([]);
    });

    it(`holds at most ${MAX_OPEN_BACK_IN_STOCK_REQUESTS} open requests per customer`, async () => {
      const sizes = Array.from(
        { length: MAX_OPEN_BACK_IN_STOCK_REQUESTS + 1 },
        (_, i) => [`W${i + 1}`, 0] as [string, number],
      );
      const many = await fixtures.product({ name: 'Notify many sizes', sizes });
      const { client } = await customer();
      for (const [size] of sizes.slice(0, MAX_OPEN_BACK_IN_STOCK_REQUESTS)) {
        expect((await notify(client, many, { size })).status).toBe(201);
      }
      const over = await notify(client, many, { size: `W${MAX_OPEN_BACK_IN_STOCK_REQUESTS + 1}` });
      expect(over.status).toBe(409);
      expect(over.body.error).toContain(`already waiting for ${MAX_OPEN_BACK_IN_STOCK_REQUESTS} sizes`);
      expect((await client.get<BackInStockResponse>(url(many))).body.sizes).toHaveLength(
        MAX_OPEN_BACK_IN_STOCK_REQUESTS,
      );
    });

    it('sends one SMS per request when the size is back, however often it comes back', async () => {
      const shawl = await fixtures.product({ name: 'Notify shawl', sizes: [['L', 0]] });
      const first = await customer();
      const second = await customer();
      expect((await notify(first.client, shawl, { size: 'L' })).status).toBe(201);
      expect((await notify(second.client, shawl, { size: 'L' })).status).toBe(201);

      // two restocks at once, then sold out and back again
      const restocks = await Promise.all([setStock(shawl, 'L', 2), setStock(shawl, 'L', 3)]);
      expect(restocks.map((r) => r.status)).toEqual([200, 200]);
      expect((await setStock(shawl, 'L', 0)).status).toBe(200);
      expect((await setStock(shawl, 'L', 4)).status).toBe(200);

      const text =
        'Good news from haat: Notify shawl in size L is back in stock. Buy it on haat before it sells out again.';
      for (const { customerId, client } of [first, second]) {
        expect(await told(customerId)).toEqual([{ template: 'back_in_stock', text }]);
        expect((await client.get<BackInStockResponse>(url(shawl))).body).toEqual({ sizes: [] });
      }
      await new Notifications({ db: t().db, sms: gateway, log: quiet, intervalMs: 86_400_000 }).sendDue();
      const sent = await new TestClient(t().baseUrl).get<DevSmsResponse>(`/api/dev/sms/${first.phone}`);
      expect(sent.body.messages.map((m) => m.text)).toEqual([text]);

      // told once, a customer may wait again: the next time the size is back is a new message
      expect((await setStock(shawl, 'L', 0)).status).toBe(200);
      expect((await notify(first.client, shawl, { size: 'L' })).status).toBe(201);
      expect((await setStock(shawl, 'L', 1)).status).toBe(200);
      expect(await told(first.customerId)).toHaveLength(2);
      expect(await told(second.customerId)).toHaveLength(1);
    });

    it("tells those waiting when a cancelled line's units come back", async () => {
      const saree = await fixtures.product({ name: 'Notify saree', sizes: [['Free Size', 0]] });
      const buyer = await customer();
      const order = await fixtures.order(buyer.customerId, [{ product: saree, size: 'Free Size' }]);
      const waiting = await customer();
      expect((await notify(waiting.client, saree, { size: 'Free Size' })).status).toBe(201);
      expect((await buyer.client.post('/cancel', { orderID: order.purchaseIds[0] })).status).toBe(200);
      expect((await told(waiting.customerId)).map((m) => m.text)).toEqual([
        'Good news from haat: Notify saree in size Free Size is back in stock. Buy it on haat before it sells out again.',
      ]);
    });

    it('says nothing while the units that came back are all held for shoppers paying', async () => {
      const dupatta = await fixtures.product({ name: 'Notify dupatta', sizes: [['M', 0]] });
      const waiting = await customer();
      expect((await notify(waiting.client, dupatta, { size: 'M' })).status).toBe(201);
      // one unit back, held at once: nothing to buy yet
      await fixtures.hold(waiting.customerId, dupatta.skus.M ?? 0, 1);
      expect((await setStock(dupatta, 'M', 1)).status).toBe(200);
      expect(await told(waiting.customerId)).toEqual([]);
      expect((await setStock(dupatta, 'M', 2)).status).toBe(200);
      expect(await told(waiting.customerId)).toHaveLength(1);
    });
  },
  { OUTBOX_INTERVAL_MS: '86400000' },
);
