import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderLine, OrdersResponse } from '../../../contract/orders.ts';
import type { PolicyResponse, ShopDetails, ShopSettings } from '../../../contract/shop.ts';
import { describeEachDatabase, TEST_ADMIN_TOKEN } from '../../test/app.ts';
import { type Answer, CheckoutDriver } from '../../test/checkout.ts';
import { type FixtureProduct, Fixtures } from '../../test/fixtures.ts';
import { TestClient } from '../../test/http.ts';
import { messagesTo, refundsOf } from '../../test/rows.ts';

const BEARER = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const DEFAULT_RULES = {
  returnWindowDays: 1,
  exchangeWindowDays: 1,
  freeCancellationHours: 24,
  cancellationChargePercent: 10,
};

describeEachDatabase("the owner's rules: return, exchange and cancellation", (t) => {
  const driver = new CheckoutDriver(t);
  let fixtures: Fixtures;
  let staff: TestClient;
  let kurta: FixtureProduct;

  beforeAll(async () => {
    fixtures = new Fixtures(t().db);
    staff = new TestClient(t().baseUrl);
    kurta = await fixtures.product({
      name: 'Rules kurta',
      pricePaise: 99_900,
      sizes: [
        ['M', 50],
        ['L', 50],
        ['XL', 50],
      ],
    });
  });

  beforeEach(async () => {
    expect((await setRules(DEFAULT_RULES)).status).toBe(200);
  });

  const setRules = (body: unknown) =>
    staff.put<Answer<ShopSettings> & { fields?: Record<string, string> }>(
      '/admin/api/settings',
      body,
      BEARER,
    );
  const admin = (path: string, body?: unknown) => staff.post<Answer<object>>(path, body, BEARER);
  const deliver = async (purchaseId: string) => {
    expect(
      (await admin(`/admin/api/orders/${purchaseId}/ship`, { trackingId: `TRK${purchaseId}` })).status,
    ).toBe(200);
    expect((await admin(`/admin/api/orders/${purchaseId}/deliver`)).status).toBe(200);
  };
  const lines = async (client: TestClient) => (await client.get<OrdersResponse>('/api/orders')).body;
  const lineOf = async (client: TestClient, purchaseId: string) =>
    (await lines(client)).find((line) => line.purchase_id === purchaseId) as OrderLine;
  const age = (client: TestClient, purchaseId: string, hours: unknown) =>
    client.post<Answer<object>>(`/api/dev/orders/${purchaseId}/age`, { hours });
  const at = (iso: string | null, plus: number) => new Date(Date.parse(iso ?? '') + plus).toISOString();

  /** a shopper who bought one of each size given over real HTTP (checkout, the simulated gateway) */
  async function bought(sizes: string[] = ['M']) {
    const { client, customerId } = await driver.shopper(1, kurta, sizes[0]);
    for (const size of sizes.slice(1)) await fixtures.bagLine(customerId, kurta.skus[size] ?? 0, 1);
    const paid = await driver.paid(client);
    expect((await driver.checkOut(client, paid)).body).toEqual({});
    const purchaseIds = (await lines(client)).map((line) => line.purchase_id).reverse();
    return { client, customerId, purchaseIds };
  }

  describe('the settings', () => {
    it('are integers in range, taken as any subset, shown by GET /api/shop; a bad one changes nothing', async () => {
      const before = (await staff.get<ShopSettings>('/admin/api/settings', BEARER)).body;
      expect(before).toMatchObject(DEFAULT_RULES);
      for (const [body, field] of [
        [{ returnWindowDays: 61 }, 'returnWindowDays'],
        [{ returnWindowDays: -1 }, 'returnWindowDays'],
        [{ exchangeWindowDays: 2.5 }, 'exchangeWindowDays'],
        [{ freeCancellationHours: 721 }, 'freeCancellationHours'],
        [{ cancellationChargePercent: 51 }, 'cancellationChargePercent'],
        [{ cancellationChargePercent: '10' }, 'cancellationChargePercent'],
        [{ returnWindowDays: 7, freeCancellationHours: 1000 }, 'freeCancellationHours'],
      ] as const) {
        const refused = await setRules(body);
        expect(refused.status, JSON.stringify(body)).toBe(400);
        expect(refused.body.error).toEqual(expect.any(String));
        expect(Object.keys(refused.body.fields ?? {})).toEqual([field]);
      }
      expect((await staff.get('/admin/api/settings', BEARER)).body).toEqual(before);

      const changed = await setRules({ returnWindowDays: 7 });
      expect(changed.body).toEqual({ ...before, returnWindowDays: 7 });
      const edges = {
        returnWindowDays: 60,
        exchangeWindowDays: 0,
        freeCancellationHours: 720,
        cancellationChargePercent: 50,
      };
      expect((await setRules(edges)).body).toMatchObject(edges);
      const visitor = await t().client();
      expect((await visitor.get<ShopDetails>('/api/shop')).body).toMatchObject(edges);
      // a shopper's session is no owner's
      expect((await visitor.put('/admin/api/settings', { returnWindowDays: 3 })).status).toBe(401);
    });
  });

  describe('an order keeps the rules in force when it was placed', () => {
    it('gives its lines their own windows, whatever the settings say later', async () => {
      await setRules({ returnWindowDays: 7, exchangeWindowDays: 3, freeCancellationHours: 2 });
      const { client, purchaseIds } = await bought();
      const [purchaseId = ''] = purchaseIds;
      await setRules(DEFAULT_RULES);
      const placed = await lineOf(client, purchaseId);
      expect(placed).toMatchObject({ returnableUntil: null, exchangeableUntil: null, deliveryEligible: 'N' });
      expect(placed.freeCancellationUntil).toBe(at(placed.orderedAt, 2 * HOUR));

      await deliver(purchaseId);
      const delivered = await lineOf(client, purchaseId);
      expect(delivered.returnableUntil).toBe(at(delivered.deliveredAt, 7 * DAY));
      expect(delivered.exchangeableUntil).toBe(at(delivered.deliveredAt, 3 * DAY));
      expect(delivered).toMatchObject({ deliveryEligible: 'Y', exchangeSizes: ['L', 'XL'] });

      // a later order keeps the settings then
      const later = await bought();
      const next = await lineOf(later.client, later.purchaseIds[0] ?? '');
      expect(next.freeCancellationUntil).toBe(at(next.orderedAt, 24 * HOUR));
    });

    it('refuses an exchange after its exchange window and a return after its return window (409)', async () => {
      await setRules({ returnWindowDays: 7, exchangeWindowDays: 3 });
      const { client, purchaseIds } = await bought();
      const [purchaseId = ''] = purchaseIds;
      await deliver(purchaseId);
      expect((await age(client, purchaseId, 4 * 24)).status).toBe(200);

      const fourDays = await lineOf(client, purchaseId);
      expect(fourDays).toMatchObject({ deliveryEligible: 'Y', exchangeSizes: [] });
      const exchange = await client.post<Answer<object>>(`/api/orders/${purchaseId}/exchange`, {
        size: 'L',
        reasonCode: 'too_small',
      });
      expect(exchange.status).toBe(409);
      expect(exchange.body.error).toMatch(/exchange window/);
      // every recorded time moved: ordered and delivered alike
      expect(Date.parse(fourDays.deliveredAt ?? '')).toBeLessThan(Date.now() - 4 * DAY + HOUR);
      expect(Date.parse(fourDays.orderedAt)).toBeLessThan(Date.now() - 4 * DAY);

      expect((await age(client, purchaseId, 4 * 24)).status).toBe(200);
      expect(await lineOf(client, purchaseId)).toMatchObject({ deliveryEligible: 'N' });
      const late = await client.post<Answer<object>>('/return', { orderID: purchaseId, reason: 'Too late' });
      expect(late.status).toBe(409);
      expect(late.body.error).toMatch(/return window/);
      expect((await lineOf(client, purchaseId)).status).toBe('delivered');
    });

    it('takes no returns or exchanges with 0 days', async () => {
      await setRules({ returnWindowDays: 0, exchangeWindowDays: 0 });
      const { client, purchaseIds } = await bought();
      const [purchaseId = ''] = purchaseIds;
      await deliver(purchaseId);
      expect(await lineOf(client, purchaseId)).toMatchObject({
        returnableUntil: null,
        exchangeableUntil: null,
        deliveryEligible: 'N',
        exchangeSizes: [],
      });
      expect((await client.post('/return', { orderID: purchaseId, reason: 'No' })).status).toBe(409);
    });
  });

  describe('cancelling', () => {
    it('refunds in full before the free window ends, then keeps the charge (the shopper and the back office alike)', async () => {
      await setRules({ freeCancellationHours: 2, cancellationChargePercent: 25 });
      const { client, purchaseIds } = await bought(['M', 'L', 'XL']);
      const [free = '', charged = '', byStaff = ''] = purchaseIds;
      expect((await client.post('/cancel', { orderID: free })).body).toEqual({ refund: 999 });
      expect((await age(client, free, 3)).status).toBe(200);
      // 25% of ₹999: 24,975 paise kept
      expect((await client.post('/cancel', { orderID: charged })).body).toEqual({ refund: 749 });
      expect((await admin(`/admin/api/orders/${byStaff}/cancel`)).status).toBe(200);
      expect(await refundsOf(t().db, free)).toEqual([
        expect.objectContaining({ amount_paise: 99_900, reason: 'cancellation' }),
      ]);
      for (const purchaseId of [charged, byStaff]) {
        expect(await refundsOf(t().db, purchaseId)).toEqual([
          expect.objectContaining({ amount_paise: 99_900 - 24_975, reason: 'cancellation' }),
        ]);
      }
    });

    it('keeps an older order to its own window: placed under 24 hours, it is free 3 hours on', async () => {
      const { client, purchaseIds } = await bought();
      const [purchaseId = ''] = purchaseIds;
      await setRules({ freeCancellationHours: 0, cancellationChargePercent: 50 });
      expect((await age(client, purchaseId, 3)).status).toBe(200);
      expect((await client.post('/cancel', { orderID: purchaseId })).body).toEqual({ refund: 999 });
      expect(await refundsOf(t().db, purchaseId)).toEqual([
        expect.objectContaining({ amount_paise: 99_900 }),
      ]);
    });
  });

  describe('the delivered SMS', () => {
    it("names the line's return window, or none", async () => {
      await setRules({ returnWindowDays: 7 });
      const week = await bought();
      await setRules({ returnWindowDays: 1 });
      const day = await bought();
      await setRules({ returnWindowDays: 0 });
      const none = await bought();
      for (const [order, kind, ending] of [
        [
          week,
          'order_delivered',
          'is delivered. Not happy with it? Ask to return it in Orders within 7 days.',
        ],
        [day, 'order_delivered', 'is delivered. Not happy with it? Ask to return it in Orders within 1 day.'],
        [none, 'order_delivered_final', 'is delivered.'],
      ] as const) {
        const [purchaseId = ''] = order.purchaseIds;
        await deliver(purchaseId);
        const sent = (await messagesTo(t().db, order.customerId)).at(-1);
        expect(sent?.template).toBe(kind);
        expect(sent?.text).toMatch(
          new RegExp(`^Your .+ order ${purchaseId} ${ending.replaceAll('?', '\\?')}$`),
        );
      }
    });
  });

  describe('the policy pages', () => {
    const policy = async (page: string) =>
      (await (await t().client()).get<PolicyResponse>(`/api/policies/${page}`)).body.html;

    it('state the rules in the standard texts and in the owner’s Markdown', async () => {
      await setRules({
        returnWindowDays: 7,
        exchangeWindowDays: 1,
        freeCancellationHours: 1,
        cancellationChargePercent: 15,
      });
      const page = await policy('cancellation');
      expect(page).toContain('<strong>free within 1 hour</strong>');
      expect(page).toContain('a cancellation charge of 15% of the item');
      expect(page).toContain('<strong>within 7 days of receiving it</strong>');
      expect(page).toContain('<strong>within 1 day of receiving it</strong>');
      expect(await policy('terms')).toContain(
        'free of charge within 1 hour, and return apparel within 7 days',
      );

      const own =
        'Returns: {returnWindow}. Exchanges: {exchangeWindow}. Free: {freeCancellation}. Charge: {cancellationCharge}.';
      expect((await staff.put('/admin/api/shop', { policies: { payment: own } }, BEARER)).status).toBe(200);
      expect(await policy('payment')).toContain(
        'Returns: 7 days. Exchanges: 1 day. Free: 1 hour. Charge: 15%.',
      );
      await setRules({ returnWindowDays: 2, freeCancellationHours: 48 });
      expect(await policy('payment')).toContain(
        'Returns: 2 days. Exchanges: 1 day. Free: 48 hours. Charge: 15%.',
      );
      await staff.put('/admin/api/shop', { policies: { payment: null } }, BEARER);
    });
  });

  describe('POST /api/dev/orders/{purchaseId}/age', () => {
    it('answers 404 for an unknown line, 400 for hours out of range, and needs the CSRF token', async () => {
      const { client, purchaseIds } = await bought();
      const [purchaseId = ''] = purchaseIds;
      const unknown = await age(client, 'pur_unknown', 5);
      expect(unknown.status).toBe(404);
      expect(unknown.body.error).toEqual(expect.any(String));
      for (const hours of [0, 8761, 1.5, '5'])
        expect((await age(client, purchaseId, hours)).status).toBe(400);
      const before = (await lineOf(client, purchaseId)).orderedAt;
      const stranger = new TestClient(t().baseUrl);
      expect((await age(stranger, purchaseId, 5)).status).toBe(403);
      expect((await lineOf(client, purchaseId)).orderedAt).toBe(before);
      expect((await age(client, purchaseId, 8760)).status).toBe(200);
      expect((await lineOf(client, purchaseId)).orderedAt).toBe(at(before, -8760 * HOUR));
    });
  });
});

describeEachDatabase(
  'the development aging route in production',
  (t) => {
    it('does not exist', async () => {
      const client = await t().client();
      const res = await client.post<Answer<object>>('/api/dev/orders/pur_any/age', { hours: 5 });
      expect(res.status).toBe(404);
      expect(res.body.error).toMatch(/^Not found: POST/);
    });
  },
  {
    NODE_ENV: 'production',
    SESSION_SECRET: 'a-production-session-secret-of-40-chars!',
    PUBLIC_URL: 'https://shop.haat.example',
    PAYMENT_PROVIDER: 'razorpay',
    RAZORPAY_KEY_ID: 'rzp_test_production_mode',
    RAZORPAY_KEY_SECRET: 'production-mode-key-secret',
    RAZORPAY_WEBHOOK_SECRET: 'production-mode-webhook-secret',
    SMS_PROVIDER: 'msg91',
    MSG91_AUTH_KEY: 'fake-auth-key-0123',
    MSG91_TEMPLATE_ID: '65f1a2b3c4d5e6f708192a3b',
    // this suite sends nothing
    MSG91_BASE_URL: 'https://msg91.invalid',
  },
);
