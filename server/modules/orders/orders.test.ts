import { beforeAll, describe, expect, it } from 'vitest';
import type { ProductResponse } from '../../../contract/catalogue.ts';
import type { CancelResponse, OrderLine, OrdersResponse } from '../../../contract/orders.ts';
import type { DevPaymentResponse } from '../../../contract/payments.ts';
import { describeEachDatabase } from '../../test/app.ts';
import { type FixtureProduct, Fixtures } from '../../test/fixtures.ts';
import type { TestClient } from '../../test/http.ts';
import { refundsOf, stockOf } from '../../test/rows.ts';
import { RETURN_WINDOW_CLOSED } from './service.ts';

/** the default return window (returnWindowDays 1), which the fixtures' orders keep */
const RETURN_WINDOW_HOURS = 24;

type Answer<T> = T & { error?: string };

const HOUR = 3_600_000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR);

describeEachDatabase('orders: the list, cancel and return', (t) => {
  let fixtures: Fixtures;
  /** ₹999: an order of it ships free */
  let kurta: FixtureProduct;
  /** ₹200: an order of one or two pays the ₹50 delivery charge */
  let stole: FixtureProduct;
  let scarf: FixtureProduct;

  beforeAll(async () => {
    fixtures = new Fixtures(t().db);
    kurta = await fixtures.product({
      name: 'Orders kurta',
      pricePaise: 99_900,
      oldPricePaise: 149_900,
      photos: ['orders-kurta-1.webp', 'orders-kurta-2.webp'],
      sizes: [
        ['M', 50],
        ['L', 50],
      ],
    });
    stole = await fixtures.product({ prod: 'accessories', name: 'Orders stole', pricePaise: 20_000 });
    scarf = await fixtures.product({ prod: 'accessories', name: 'Orders scarf', pricePaise: 20_000 });
  });

  async function shopper(): Promise<{ client: TestClient; customerId: number }> {
    const client = await t().client();
    const customerId = await fixtures.customer();
    await fixtures.logIn(client, customerId);
    return { client, customerId };
  }

  const list = async (client: TestClient) => {
    const res = await client.get<OrdersResponse>('/api/orders');
    expect(res.status).toBe(200);
    return res.body;
  };
  const lineOf = async (client: TestClient, purchaseId: string) =>
    (await list(client)).find((line) => line.purchase_id === purchaseId);
  const cancel = (client: TestClient, orderID: string) =>
    client.post<Answer<CancelResponse>>('/cancel', { orderID });
  const ask = (client: TestClient, orderID: string, reason: unknown = 'The colour is not as shown') =>
    client.post<Answer<object>>('/return', { orderID, reason });
  const gatewayRefunds = async (gatewayPaymentId: string) =>
    (
      await t()
        .client()
        .then((c) => c.get<DevPaymentResponse>(`/api/dev/payments/${gatewayPaymentId}`))
    ).body.refunds;

  describe('GET /api/orders', () => {
    it("lists the shopper's lines, newest order first, with every field the spec names", async () => {
      const { client, customerId } = await shopper();
      const older = await fixtures.order(customerId, [{ product: stole }], { placedAt: hoursAgo(30) });
      const deliveredAt = hoursAgo(2);
      const newer = await fixtures.order(customerId, [
        { product: kurta, size: 'L', quantity: 2, status: 'shipped' },
        { product: scarf, status: 'delivered', deliveredAt },
        { product: stole, status: 'cancelled' },
      ]);
      await fixtures.review(customerId, scarf.id, { rating: 4, body: 'Soft and warm' });

      const lines = await list(client);
      expect(lines.map((l) => l.purchase_id)).toEqual([...newer.purchaseIds, ...older.purchaseIds]);
      const [shipped, delivered, cancelled, placed] = lines as [OrderLine, OrderLine, OrderLine, OrderLine];
      expect(shipped).toEqual({
        name: 'Orders kurta',
        prodId: kurta.id,
        prod: 'apparel',
        purchase_id: newer.purchaseIds[0],
        orderId: newer.orderId,
        tracking_id: expect.stringMatching(/^TRK/),
        awb: null,
        courier: null,
        photo1: 'orders-kurta-1.webp',
        delivered: 'N',
        deliveryEligible: 'N',
        orderStatus: null,
        accepted: null,
        rating: null,
        review: '',
        status: 'shipped',
        size: 'L',
        quantity: 2,
        currentPrice: 999,
        paidPaise: 199_800,
        couponCode: null,
        orderedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        deliveredAt: null,
        freeCancellationUntil: new Date(Date.parse(shipped.orderedAt) + 24 * HOUR).toISOString(),
        returnableUntil: null,
        exchangeableUntil: null,
        refunded: 0,
        invoiceUrl: `/api/orders/${newer.purchaseIds[0]}/invoice`,
        returnable: 'Y',
        exchangeSizes: [],
        cod: null,
        timeline: [
          { event: 'placed', at: shipped.orderedAt, detail: null },
          {
            event: 'shipped',
            at: expect.any(String),
            detail: { trackingId: shipped.tracking_id, trackingUrl: null },
          },
        ],
      });
      expect(delivered).toMatchObject({
        name: 'Orders scarf',
        prod: 'accessories',
        delivered: 'Y',
        deliveryEligible: 'Y',
        orderStatus: null,
        accepted: null,
        rating: 4,
        review: 'Soft and warm',
        status: 'delivered',
        size: '',
        currentPrice: 200,
        deliveredAt: deliveredAt.toISOString(),
        returnableUntil: new Date(deliveredAt.getTime() + 24 * HOUR).toISOString(),
        exchangeableUntil: new Date(deliveredAt.getTime() + 24 * HOUR).toISOString(),
      });
      expect(cancelled).toMatchObject({ status: 'cancelled', delivered: 'N', tracking_id: null });
      expect(placed).toMatchObject({ status: 'placed', tracking_id: null, deliveryEligible: 'N' });
      expect(new Date(placed.orderedAt).getTime()).toBeLessThan(new Date(shipped.orderedAt).getTime());
    });

    it('shows a delivery past the return window as no longer eligible', async () => {
      const { client, customerId } = await shopper();
      const order = await fixtures.order(customerId, [
        { product: scarf, status: 'delivered', deliveredAt: hoursAgo(RETURN_WINDOW_HOURS + 1) },
      ]);
      expect(await lineOf(client, order.purchaseIds[0] ?? '')).toMatchObject({
        delivered: 'Y',
        deliveryEligible: 'N',
      });
    });

    it('is empty for a shopper who ordered nothing, and 403 when logged out', async () => {
      const { client } = await shopper();
      expect(await list(client)).toEqual([]);
      const visitor = await t().client();
      expect((await visitor.get('/api/orders')).status).toBe(403);
      expect((await cancel(visitor, 'pur_x')).status).toBe(403);
      expect((await ask(visitor, 'pur_x')).status).toBe(403);
    });
  });

  describe('POST /cancel', () => {
    it('within 24 hours refunds the full price, with the delivery charge for the last line, and restocks', async () => {
      const { client, customerId } = await shopper();
      const order = await fixtures.order(customerId, [
        { product: stole, quantity: 1 },
        { product: scarf, quantity: 1 },
      ]);
      const [first = '', last = ''] = order.purchaseIds;
      const visitor = await t().client();
      const page = () =>
        visitor
          .get<ProductResponse>(`/product/ind/accessories/${stole.id}`)
          .then((r) => r.body.productInfo.stock);
      const before = await page();

      const one = await cancel(client, first);
      expect(one.status).toBe(200);
      expect(one.body).toEqual({ refund: 200 });
      expect(await page()).toBe(before + 1);

      const two = await cancel(client, last);
      expect(two.body).toEqual({ refund: 250 });

      expect(await gatewayRefunds(order.gatewayPaymentId)).toEqual([{ amount: 20_000 }, { amount: 25_000 }]);
      expect(await refundsOf(t().db, first)).toEqual([
        { amount_paise: 20_000, reason: 'cancellation', status: 'processed' },
      ]);
      expect(await lineOf(client, first)).toMatchObject({ status: 'cancelled', refunded: 200 });
      expect(await lineOf(client, last)).toMatchObject({ status: 'cancelled', refunded: 250 });

      const audit = await t()
        .db.selectFrom('audit_log')
        .select(['actor', 'action', 'details'])
        .where('subject', '=', `purchase:${first}`)
        .execute();
      expect(audit).toEqual([
        {
          actor: `customer:${customerId}`,
          action: 'order.cancel',
          details: expect.objectContaining({ from: 'placed', to: 'cancelled', refundPaise: 20_000 }),
        },
      ]);
    });

    it('after 24 hours keeps the 10% cancellation charge, and cancels a shipped line too', async () => {
      const { client, customerId } = await shopper();
      const order = await fixtures.order(
        customerId,
        [{ product: kurta, size: 'M', quantity: 2, status: 'shipped' }],
        { placedAt: hoursAgo(25) },
      );
      const stock = await stockOf(t().db, kurta.skus.M);
      const res = await cancel(client, order.purchaseIds[0] ?? '');
      expect(res.status).toBe(200);
      // ₹1,998 less 10% (₹199.80) = ₹1,798.20
      expect(res.body).toEqual({ refund: 1798 });
      expect(await gatewayRefunds(order.gatewayPaymentId)).toEqual([{ amount: 179_820 }]);
      expect(await stockOf(t().db, kurta.skus.M)).toBe(stock + 2);
    });

    it('refuses a second cancel with 409 and refunds once', async () => {
      const { client, customerId } = await shopper();
      const order = await fixtures.order(customerId, [{ product: kurta }]);
      const purchaseId = order.purchaseIds[0] ?? '';
      expect((await cancel(client, purchaseId)).status).toBe(200);
      const again = await cancel(client, purchaseId);
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ error: 'This item is already cancelled' });
      expect(await gatewayRefunds(order.gatewayPaymentId)).toEqual([{ amount: 99_900 }]);
      expect(await refundsOf(t().db, purchaseId)).toHaveLength(1);
    });

    it('cancels a line once when asked five times at once', async () => {
      const { client, customerId } = await shopper();
      const order = await fixtures.order(customerId, [{ product: kurta, size: 'L', quantity: 3 }]);
      const purchaseId = order.purchaseIds[0] ?? '';
      const stock = await stockOf(t().db, kurta.skus.L);
      const answers = await Promise.all(Array.from({ length: 5 }, () => cancel(client, purchaseId)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
      expect(await refundsOf(t().db, purchaseId)).toHaveLength(1);
      expect(await gatewayRefunds(order.gatewayPaymentId)).toEqual([{ amount: 299_700 }]);
      expect(await stockOf(t().db, kurta.skus.L)).toBe(stock + 3);
    });

    it('refuses a delivered line with 409', async () => {
      const { client, customerId } = await shopper();
      const order = await fixtures.order(customerId, [{ product: kurta, status: 'delivered' }]);
      const res = await cancel(client, order.purchaseIds[0] ?? '');
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: 'This item is delivered and cannot be cancelled' });
      expect(await gatewayRefunds(order.gatewayPaymentId)).toEqual([]);
    });

    it("answers 404 for another shopper's line or an unknown one, and changes nothing", async () => {
      const owner = await shopper();
      const order = await fixtures.order(owner.customerId, [{ product: kurta }]);
      const purchaseId = order.purchaseIds[0] ?? '';
      const { client } = await shopper();
      const res = await cancel(client, purchaseId);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: `No order line "${purchaseId}"` });
      expect((await cancel(client, 'pur_unknown')).status).toBe(404);
      expect(await lineOf(owner.client, purchaseId)).toMatchObject({ status: 'placed', refunded: 0 });
      expect(await refundsOf(t().db, purchaseId)).toEqual([]);
    });

    it.each([
      [{}, /orderID is required/],
      [{ orderID: '' }, /orderID/],
      [{ orderID: 'x'.repeat(41) }, /orderID/],
      [{ orderID: 7 }, /orderID/],
    ])('refuses the body %j with 400', async (body, message) => {
      const { client } = await shopper();
      const res = await client.post<Answer<object>>('/cancel', body);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(message);
    });
  });

  describe('POST /return', () => {
    it('asks to return a delivered line inside the window', async () => {
      const { client, customerId } = await shopper();
      const order = await fixtures.order(customerId, [
        { product: kurta, status: 'delivered', deliveredAt: hoursAgo(RETURN_WINDOW_HOURS - 1) },
      ]);
      const purchaseId = order.purchaseIds[0] ?? '';
      const res = await ask(client, purchaseId, '  Too small at the shoulders  ');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({});
      expect(await lineOf(client, purchaseId)).toMatchObject({
        status: 'return_requested',
        delivered: 'Y',
        deliveryEligible: 'N',
        orderStatus: 'N',
        accepted: null,
      });
      const asked = await t()
        .db.selectFrom('returns')
        .innerJoin('order_lines', 'order_lines.id', 'returns.order_line_id')
        .select(['returns.reason', 'returns.accepted'])
        .where('order_lines.purchase_id', '=', purchaseId)
        .execute();
      expect(asked).toEqual([{ reason: 'Too small at the shoulders', accepted: null }]);

      const again = await ask(client, purchaseId);
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ error: 'This item is already awaiting a return decision' });
    });

    it.each([
      ['an empty reason', ''],
      ['a blank reason', ' \n\t '],
      ['no reason', undefined],
    ])('refuses %s with 400', async (_case, reason) => {
      const { client, customerId } = await shopper();
      const order = await fixtures.order(customerId, [{ product: kurta, status: 'delivered' }]);
      const purchaseId = order.purchaseIds[0] ?? '';
      const body = reason === undefined ? { orderID: purchaseId } : { orderID: purchaseId, reason };
      const res = await client.post<Answer<object>>('/return', body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'reason is required' });
      expect(await lineOf(client, purchaseId)).toMatchObject({ status: 'delivered' });
    });

    it('refuses an undelivered line with 409', async () => {
      const { client, customerId } = await shopper();
      const order = await fixtures.order(customerId, [
        { product: kurta },
        { product: kurta, size: 'L', status: 'shipped' },
      ]);
      for (const purchaseId of order.purchaseIds) {
        const res = await ask(client, purchaseId);
        expect(res.status).toBe(409);
        expect(res.body.error).toMatch(/cannot be returned/);
      }
    });

    it('refuses with 409 once the return window has closed', async () => {
      const { client, customerId } = await shopper();
      const order = await fixtures.order(customerId, [
        { product: kurta, status: 'delivered', deliveredAt: hoursAgo(RETURN_WINDOW_HOURS + 1) },
      ]);
      const purchaseId = order.purchaseIds[0] ?? '';
      const res = await ask(client, purchaseId);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: RETURN_WINDOW_CLOSED });
      expect(await lineOf(client, purchaseId)).toMatchObject({ status: 'delivered', orderStatus: null });
    });

    it("answers 404 for another shopper's line", async () => {
      const owner = await shopper();
      const order = await fixtures.order(owner.customerId, [{ product: kurta, status: 'delivered' }]);
      const purchaseId = order.purchaseIds[0] ?? '';
      const { client } = await shopper();
      const res = await ask(client, purchaseId);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: `No order line "${purchaseId}"` });
      expect(await lineOf(owner.client, purchaseId)).toMatchObject({ status: 'delivered' });
    });

    it('refuses a reason over 1,000 characters with 400', async () => {
      const { client, customerId } = await shopper();
      const order = await fixtures.order(customerId, [{ product: kurta, status: 'delivered' }]);
      const res = await ask(client, order.purchaseIds[0] ?? '', 'x'.repeat(1001));
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/reason/);
    });
  });
});
