import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder, AdminOrderLine, AdminOrdersResponse } from '../../../contract/admin.ts';
import type { OrdersResponse } from '../../../contract/orders.ts';
import type { DevPaymentResponse } from '../../../contract/payments.ts';
import type { OrderLineStatus } from '../../db/schema.ts';
import { describeEachDatabase, TEST_ADMIN_TOKEN } from '../../test/app.ts';
import { type FixtureProduct, Fixtures } from '../../test/fixtures.ts';
import { TestClient } from '../../test/http.ts';

type Answer<T> = T & { error?: string };

const BEARER = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

describeEachDatabase('back office: orders and returns', (t) => {
  let fixtures: Fixtures;
  let kurta: FixtureProduct;
  // staff tools call with the token alone: no session cookie, no CSRF token
  let staff: TestClient;

  beforeAll(async () => {
    fixtures = new Fixtures(t().db);
    kurta = await fixtures.product({ name: 'Back-office kurta', pricePaise: 99_900, sizes: [['M', 40]] });
    staff = new TestClient(t().baseUrl);
  });

  /** a logged-in shopper with one order of one kurta in the given state */
  async function ordered(status: OrderLineStatus = 'placed', quantity = 1) {
    const client = await t().client();
    const customerId = await fixtures.customer({ fname: 'Meera', lname: 'Das' });
    await fixtures.logIn(client, customerId);
    const order = await fixtures.order(customerId, [{ product: kurta, quantity, status }]);
    const purchaseId = order.purchaseIds[0] ?? '';
    const shopperLine = async () =>
      (await client.get<OrdersResponse>('/api/orders')).body.find((l) => l.purchase_id === purchaseId);
    return { client, customerId, order, purchaseId, shopperLine };
  }

  const post = <T = AdminOrderLine>(path: string, body?: unknown, headers: Record<string, string> = BEARER) =>
    staff.post<Answer<T>>(path, body, headers);
  const ship = (purchaseId: string, body: unknown = { trackingId: 'DTDC123456' }) =>
    post(`/admin/api/orders/${purchaseId}/ship`, body);
  // sent as many HTTP clients send a bodiless POST: declared JSON, empty
  const deliver = (purchaseId: string) =>
    post(`/admin/api/orders/${purchaseId}/deliver`, '', { ...BEARER, 'content-type': 'application/json' });
  const decide = (purchaseId: string, body: unknown) => post(`/admin/api/returns/${purchaseId}`, body);
  const receive = (purchaseId: string) => post(`/admin/api/returns/${purchaseId}/receive`);
  const orders = (query = '') => staff.get<Answer<AdminOrdersResponse>>(`/admin/api/orders${query}`, BEARER);
  const auditOf = (purchaseId: string) =>
    t()
      .db.selectFrom('audit_log')
      .select(['actor', 'action', 'details'])
      .where('subject', '=', `purchase:${purchaseId}`)
      .orderBy('id')
      .execute();

  describe('GET /admin/api/orders', () => {
    it('lists lines newest first with the customer, product, address, return and refunds', async () => {
      const { customerId, order, purchaseId } = await ordered('placed', 2);
      const res = await orders();
      expect(res.status).toBe(200);
      expect(res.body.lines[0]).toEqual({
        purchaseId,
        orderId: order.orderId,
        placedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        customer: { id: customerId, name: 'Meera Das', phone: expect.stringMatching(/^\d{10}$/) },
        product: { id: kurta.id, name: 'Back-office kurta', prod: 'apparel' },
        size: 'M',
        quantity: 2,
        unitPrice: 999,
        paidPaise: 199_800,
        couponCode: null,
        status: 'placed',
        trackingId: null,
        shippedAt: null,
        deliveredAt: null,
        cancelledAt: null,
        address: expect.objectContaining({ city: 'Kolkata', pin: '700001' }),
        return: null,
        exchange: null,
        exchangeOf: null,
        awb: null,
        courier: null,
        bookingRefusal: null,
        returnPickup: null,
        cod: null,
        refunds: [],
      });
      expect(res.body.next).toBeNull();
    });

    it('keeps lines in one state, and pages on from a line', async () => {
      const first = await ordered('shipped');
      const second = await ordered('shipped');
      const shipped = await orders('?status=shipped');
      const ids = shipped.body.lines.map((l) => l.purchaseId);
      expect(ids.indexOf(second.purchaseId)).toBeLessThan(ids.indexOf(first.purchaseId));
      expect(new Set(shipped.body.lines.map((l) => l.status))).toEqual(new Set(['shipped']));

      const after = await orders(`?status=shipped&before=${second.purchaseId}`);
      expect(after.body.lines[0]?.purchaseId).toBe(first.purchaseId);
    });

    it.each([
      ['?status=lost', /status/],
      ['?page=2', /page is not allowed/],
    ])('refuses the query %s with 400', async (query, message) => {
      const res = await orders(query);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(message);
    });
  });

  describe('ship and deliver', () => {
    it("shows on the order page each line's timeline, the same as the shopper's Orders", async () => {
      const { order, purchaseId, shopperLine } = await ordered();
      await ship(purchaseId, { trackingId: 'TL-778899' });
      await deliver(purchaseId);
      const page = await staff.get<AdminOrder>(`/admin/api/orders/${order.orderId}`, BEARER);
      const line = page.body.lines.find((l) => l.purchaseId === purchaseId);
      expect(line?.timeline.map((step) => step.event)).toEqual(['placed', 'shipped', 'delivered']);
      expect(line?.timeline[1]?.detail).toMatchObject({ trackingId: 'TL-778899' });
      expect(line?.timeline).toEqual((await shopperLine())?.timeline);
    });

    it('ships a placed line with its tracking id, then delivers it, opening the return window', async () => {
      const { purchaseId, shopperLine } = await ordered();
      const shipped = await ship(purchaseId, { trackingId: '  DTDC123456 ' });
      expect(shipped.status).toBe(200);
      expect(shipped.body).toMatchObject({
        purchaseId,
        status: 'shipped',
        trackingId: 'DTDC123456',
        shippedAt: expect.any(String),
      });
      expect(await shopperLine()).toMatchObject({ tracking_id: 'DTDC123456', delivered: 'N' });

      const delivered = await deliver(purchaseId);
      expect(delivered.status).toBe(200);
      expect(delivered.body).toMatchObject({ status: 'delivered', deliveredAt: expect.any(String) });
      expect(await shopperLine()).toMatchObject({ delivered: 'Y', deliveryEligible: 'Y' });

      expect(await auditOf(purchaseId)).toEqual([
        {
          actor: 'admin',
          action: 'order.ship',
          details: { from: 'placed', to: 'shipped', trackingId: 'DTDC123456' },
        },
        { actor: 'admin', action: 'order.deliver', details: { from: 'shipped', to: 'delivered' } },
      ]);
    });

    it('refuses moves the state machine does not allow with 409', async () => {
      const placed = await ordered();
      const deliverPlaced = await deliver(placed.purchaseId);
      expect(deliverPlaced.status).toBe(409);
      expect(deliverPlaced.body).toEqual({
        error: 'This item is awaiting shipment and cannot be marked delivered',
      });
      const shipped = await ordered('shipped');
      expect((await ship(shipped.purchaseId)).body).toEqual({ error: 'This item is already on its way' });
      const cancelled = await ordered('cancelled');
      expect((await ship(cancelled.purchaseId)).status).toBe(409);
      expect((await deliver(cancelled.purchaseId)).status).toBe(409);
      expect(await auditOf(placed.purchaseId)).toEqual([]);
    });

    it('lets either a cancel or a delivery win a race, never both', async () => {
      const { client, purchaseId, order } = await ordered('shipped');
      const [cancelled, delivered] = await Promise.all([
        client.post('/cancel', { orderID: purchaseId }),
        deliver(purchaseId),
      ]);
      expect([cancelled.status, delivered.status].sort()).toEqual([200, 409]);
      const payment = await staff.get<DevPaymentResponse>(`/api/dev/payments/${order.gatewayPaymentId}`);
      expect(payment.body.refunds).toHaveLength(cancelled.status === 200 ? 1 : 0);
    });

    it.each([
      [{}, /trackingId is required/],
      [{ trackingId: '' }, /trackingId/],
      [{ trackingId: '   ' }, /trackingId is required/],
      [{ trackingId: 'X'.repeat(61) }, /trackingId/],
      [{ trackingId: 12345 }, /trackingId/],
      [{ trackingId: 'A1', carrier: 'DTDC' }, /carrier is not allowed/],
    ])('refuses the ship body %j with 400', async (body, message) => {
      const { purchaseId } = await ordered();
      const res = await ship(purchaseId, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(message);
    });

    it('answers 404 for an unknown purchase id', async () => {
      for (const res of [
        await ship('pur_nobody'),
        await deliver('pur_nobody'),
        await decide('pur_nobody', { accept: true }),
        await receive('pur_nobody'),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: 'No order line "pur_nobody"' });
      }
    });
  });

  describe('returns', () => {
    async function returnAsked() {
      const line = await ordered('delivered');
      const asked = await line.client.post('/return', { orderID: line.purchaseId, reason: 'Wrong colour' });
      expect(asked.status).toBe(200);
      return line;
    }

    it('accepts a return (Returning), then receives it back and refunds the line (Returned)', async () => {
      const { purchaseId, order, shopperLine } = await returnAsked();
      const listed = await orders('?status=return_requested');
      expect(listed.body.lines.find((l) => l.purchaseId === purchaseId)?.return).toEqual({
        reason: 'Wrong colour',
        requestedAt: expect.any(String),
        accepted: null,
      });

      const accepted = await decide(purchaseId, { accept: true });
      expect(accepted.status).toBe(200);
      expect(accepted.body).toMatchObject({ status: 'returning', return: { accepted: true }, refunds: [] });
      expect(await shopperLine()).toMatchObject({ orderStatus: 'N', accepted: 'Y', refunded: 0 });

      const received = await receive(purchaseId);
      expect(received.status).toBe(200);
      expect(received.body).toMatchObject({
        status: 'returned',
        refunds: [{ amount: 999, reason: 'return', status: 'processed' }],
      });
      expect(await shopperLine()).toMatchObject({
        status: 'returned',
        orderStatus: 'Y',
        accepted: 'Y',
        delivered: 'Y',
        refunded: 999,
      });
      const payment = await staff.get<DevPaymentResponse>(`/api/dev/payments/${order.gatewayPaymentId}`);
      expect(payment.body.refunds).toEqual([{ amount: 99_900 }]);

      expect((await receive(purchaseId)).status).toBe(409);
      expect((await auditOf(purchaseId)).map((a) => [a.actor, a.action])).toEqual([
        [expect.stringMatching(/^customer:\d+$/), 'return.request'],
        ['admin', 'return.accept'],
        ['admin', 'return.receive'],
      ]);
    });

    it('rejects a return (Return rejected): nothing to receive, nothing refunded', async () => {
      const { purchaseId, order, shopperLine } = await returnAsked();
      const rejected = await decide(purchaseId, { accept: false });
      expect(rejected.status).toBe(200);
      expect(rejected.body).toMatchObject({ status: 'return_rejected', return: { accepted: false } });
      expect(await shopperLine()).toMatchObject({ orderStatus: 'N', accepted: 'N' });
      expect((await decide(purchaseId, { accept: true })).status).toBe(409);
      const receiving = await receive(purchaseId);
      expect(receiving.status).toBe(409);
      expect(receiving.body).toEqual({
        error: 'This item is refused for return and cannot be received back',
      });
      const payment = await staff.get<DevPaymentResponse>(`/api/dev/payments/${order.gatewayPaymentId}`);
      expect(payment.body.refunds).toEqual([]);
    });

    it('refuses to decide or receive a line with no return asked (409)', async () => {
      const { purchaseId } = await ordered('delivered');
      expect((await decide(purchaseId, { accept: true })).status).toBe(409);
      expect((await receive(purchaseId)).status).toBe(409);
    });

    it.each([[{}], [{ accept: 'yes' }], [{ accept: 1 }], [{ accept: true, note: 'x' }]])(
      'refuses the decision body %j with 400',
      async (body) => {
        const { purchaseId } = await returnAsked();
        const res = await decide(purchaseId, body);
        expect(res.status).toBe(400);
        expect(res.body.error).toEqual(expect.any(String));
      },
    );
  });

  describe('without the token', () => {
    it.each([
      ['no Authorization header', {}],
      ['a wrong token', { authorization: 'Bearer not-the-admin-token-at-all-000' }],
    ])('answers %s with 401 and changes nothing', async (_case, headers) => {
      const { purchaseId } = await ordered();
      expect((await staff.get('/admin/api/orders', headers)).status).toBe(401);
      const res = await post(`/admin/api/orders/${purchaseId}/ship`, { trackingId: 'X1' }, headers);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect((await post(`/admin/api/returns/${purchaseId}`, { accept: true }, headers)).status).toBe(401);
      expect(await auditOf(purchaseId)).toEqual([]);
    });

    it("is not reached with a shopper's session and CSRF token", async () => {
      const { client, purchaseId } = await ordered();
      expect((await client.post(`/admin/api/orders/${purchaseId}/ship`, { trackingId: 'X1' })).status).toBe(
        401,
      );
    });
  });
});

describeEachDatabase(
  'back office orders without ADMIN_TOKEN',
  (t) => {
    it('answers 401 to a bearer and to nobody: only staff sessions get in', async () => {
      const staff = new TestClient(t().baseUrl);
      for (const headers of [BEARER, {}]) {
        expect((await staff.get('/admin/api/orders', headers)).status).toBe(401);
        const res = await staff.post('/admin/api/orders/pur_x/ship', { trackingId: 'X1' }, headers);
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ error: expect.any(String) });
      }
    });
  },
  { ADMIN_TOKEN: '' },
);
