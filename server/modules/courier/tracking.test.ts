import { beforeAll, describe, expect, it } from 'vitest';
import type { DashboardResponse } from '../../../contract/admin.ts';
import type { CourierWebhookResponse } from '../../../contract/courier-tracking.ts';
import type { OrdersResponse } from '../../../contract/orders.ts';
import type { OrderLineStatus } from '../../db/schema.ts';
import { describeEachDatabase, TEST_ADMIN_TOKEN, type TestApp } from '../../test/app.ts';
import { bookShipment, courierMoves, givePickupAddress } from '../../test/courier.ts';
import { type FixtureProduct, Fixtures } from '../../test/fixtures.ts';
import { TestClient } from '../../test/http.ts';
import { stockOf } from '../../test/rows.ts';

type Answer<T> = T & { error?: string };

const ADMIN = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
// the token the shop's own fake courier sends (config: the fake's default)
const FAKE_TOKEN = 'haat-fake-courier-webhook-token';
const COURIER_ENV = {
  COURIER_PROVIDER: 'shiprocket',
  // polling stays out of the way unless a suite asks for it
  COURIER_POLL_AFTER_MS: '86400000',
  COURIER_POLL_INTERVAL_MS: '86400000',
};

/** A shopper, logged in, with one order of the product in the given state. */
async function ordered(t: TestApp, fixtures: Fixtures, product: FixtureProduct, status: OrderLineStatus) {
  const client = await t.client();
  const customerId = await fixtures.customer();
  await fixtures.logIn(client, customerId);
  const order = await fixtures.order(customerId, [{ product, status }]);
  const purchaseId = order.purchaseIds[0] ?? '';
  const line = async () =>
    (await client.get<OrdersResponse>('/api/orders')).body.find((l) => l.purchase_id === purchaseId);
  return { client, customerId, order, purchaseId, line };
}

const lineRow = (t: TestApp, purchaseId: string) =>
  t.db
    .selectFrom('order_lines')
    .select(['id', 'status', 'delivered_at', 'cancelled_at', 'sku_id'])
    .where('purchase_id', '=', purchaseId)
    .executeTakeFirstOrThrow();

const shipmentOf = (t: TestApp, awb: string) =>
  t.db
    .selectFrom('shipments')
    .select(['id', 'status', 'status_at', 'done'])
    .where('awb', '=', awb)
    .executeTakeFirstOrThrow();

const eventsOf = async (t: TestApp, awb: string) =>
  t.db
    .selectFrom('shipment_events')
    .innerJoin('shipments', 'shipments.id', 'shipment_events.shipment_id')
    .select(['shipment_events.status', 'shipment_events.happened_at'])
    .where('shipments.awb', '=', awb)
    .orderBy('shipment_events.id')
    .execute();

const refundsOf = (t: TestApp, lineId: number) =>
  t.db
    .selectFrom('refunds')
    .select(['amount_paise', 'reason', 'status'])
    .where('order_line_id', '=', lineId)
    .execute();

const auditOf = (t: TestApp, purchaseId: string) =>
  t.db
    .selectFrom('audit_log')
    .select(['actor', 'action'])
    .where('subject', '=', `purchase:${purchaseId}`)
    .orderBy('id')
    .execute();

const messagesOf = (t: TestApp, purchaseId: string) =>
  t.db
    .selectFrom('notifications')
    .select('idempotency_key')
    .where('idempotency_key', 'like', `%.${purchaseId}`)
    .orderBy('id')
    .execute();

/** Shiprocket's tracking update as its webhook sends it, for an event at `at` (India time). */
function update(awb: string, status: string, currentTimestamp: string) {
  return {
    awb,
    courier_name: 'Haat Fake Surface',
    current_status: status,
    current_status_id: 7,
    shipment_status: status,
    shipment_status_id: 7,
    current_timestamp: currentTimestamp,
    order_id: 'x',
    sr_order_id: 1,
    etd: '2026-11-30 18:00:00',
    scans: [{ date: '2026-11-28 10:00:00', status: 'X', activity: status, location: 'Delhi Hub' }],
    is_return: 0,
  };
}

describeEachDatabase(
  'courier tracking moves the order',
  (t) => {
    let fixtures: Fixtures;
    let kurta: FixtureProduct;
    const webhook = (body: unknown, headers: Record<string, string> = { 'x-api-key': FAKE_TOKEN }) =>
      new TestClient(t().baseUrl).post<Answer<CourierWebhookResponse>>(
        '/api/webhooks/courier',
        body,
        headers,
      );
    const moves = (awb: string, status: string, deliver?: boolean) =>
      courierMoves(t().baseUrl, awb, status, deliver);

    beforeAll(async () => {
      fixtures = new Fixtures(t().db);
      kurta = await fixtures.product({ name: 'Tracked kurta', pricePaise: 99_900, sizes: [['M', 20]] });
      await givePickupAddress(t().db, kurta.id);
    });

    it('follows the whole sequence to delivered: the line, its SMS and its timeline', async () => {
      const { purchaseId, line } = await ordered(t(), fixtures, kurta, 'placed');
      const { awb } = await bookShipment(t().db, t().baseUrl, purchaseId);
      for (const status of ['PICKED UP', 'IN TRANSIT', 'OUT FOR DELIVERY']) {
        const moved = await moves(awb, status);
        expect(moved.status).toBe(200);
        expect(moved.body).toEqual({ awb, status, webhook: 200 });
        expect((await lineRow(t(), purchaseId)).status).toBe('shipped');
      }
      expect((await moves(awb, 'DELIVERED')).body.webhook).toBe(200);

      const shipment = await shipmentOf(t(), awb);
      expect(shipment).toMatchObject({ status: 'DELIVERED', done: true });
      const row = await lineRow(t(), purchaseId);
      expect(row.status).toBe('delivered');
      expect(row.delivered_at?.toISOString()).toBe(shipment.status_at.toISOString());
      expect((await eventsOf(t(), awb)).map((e) => e.status)).toEqual([
        'PICKED UP',
        'IN TRANSIT',
        'OUT FOR DELIVERY',
        'DELIVERED',
      ]);
      expect((await messagesOf(t(), purchaseId)).map((m) => m.idempotency_key)).toEqual([
        `order_shipped.${purchaseId}`,
        `order_delivered.${purchaseId}`,
      ]);
      expect(await auditOf(t(), purchaseId)).toEqual([
        { actor: 'admin', action: 'order.ship' },
        { actor: 'courier', action: 'order.deliver' },
      ]);
      const shopper = await line();
      expect(shopper).toMatchObject({ status: 'delivered', delivered: 'Y', tracking_id: awb });
      expect(shopper?.timeline.map((step) => step.event).sort()).toEqual(
        ['placed', 'shipped', 'out_for_delivery', 'delivered'].sort(),
      );
      expect(shopper?.timeline.find((step) => step.event === 'delivered')?.at).toBe(
        shipment.status_at.toISOString(),
      );
    });

    it('refuses a webhook without the token or with a wrong one, and changes nothing', async () => {
      const { purchaseId } = await ordered(t(), fixtures, kurta, 'placed');
      const { awb } = await bookShipment(t().db, t().baseUrl, purchaseId);
      const body = update(awb, 'DELIVERED', '28 11 2026 10:00:00');
      const none = await webhook(body, {});
      expect(none.status).toBe(401);
      expect(none.body.error).toBe('The courier webhook needs its token in x-api-key');
      expect((await webhook(body, { 'x-api-key': `${FAKE_TOKEN}x` })).status).toBe(401);
      expect((await webhook(body, { 'x-api-key': '' })).status).toBe(401);
      expect((await lineRow(t(), purchaseId)).status).toBe('shipped');
      expect(await eventsOf(t(), awb)).toEqual([]);
    });

    it('answers a bad body 400 and an unknown AWB 200, changing nothing', async () => {
      const { purchaseId } = await ordered(t(), fixtures, kurta, 'placed');
      const { awb } = await bookShipment(t().db, t().baseUrl, purchaseId);
      const noAwb = await webhook({ current_status: 'DELIVERED', current_timestamp: '28 11 2026 10:00:00' });
      expect(noAwb.status).toBe(400);
      expect(noAwb.body.error).toMatch(/awb/);
      const badTime = await webhook(update(awb, 'DELIVERED', 'yesterday'));
      expect(badTime.status).toBe(400);
      expect(badTime.body.error).toBe(
        'current_timestamp is not a time as Shiprocket writes it (DD MM YYYY HH:mm:ss): yesterday',
      );
      const unknown = await webhook(update('999000111', 'DELIVERED', '28 11 2026 10:00:00'));
      expect(unknown.status).toBe(200);
      expect(unknown.body).toEqual({ status: 'unknown' });
      expect((await lineRow(t(), purchaseId)).status).toBe('shipped');
      expect(await eventsOf(t(), awb)).toEqual([]);
    });

    it('changes nothing the second time an event arrives', async () => {
      const { purchaseId } = await ordered(t(), fixtures, kurta, 'placed');
      const { awb } = await bookShipment(t().db, t().baseUrl, purchaseId);
      const delivered = update(awb, 'DELIVERED', '28 11 2026 10:00:00');
      expect((await webhook(delivered)).body).toEqual({ status: 'recorded' });
      const after = {
        line: await lineRow(t(), purchaseId),
        events: await eventsOf(t(), awb),
        audit: await auditOf(t(), purchaseId),
        messages: await messagesOf(t(), purchaseId),
      };
      expect(after.line.status).toBe('delivered');
      expect(after.line.delivered_at?.toISOString()).toBe('2026-11-28T04:30:00.000Z');

      expect((await webhook(delivered)).body).toEqual({ status: 'recorded' });
      expect({
        line: await lineRow(t(), purchaseId),
        events: await eventsOf(t(), awb),
        audit: await auditOf(t(), purchaseId),
        messages: await messagesOf(t(), purchaseId),
      }).toEqual(after);
    });

    it('never moves a line backwards: IN TRANSIT after DELIVERED is kept but moves nothing', async () => {
      const { purchaseId, line } = await ordered(t(), fixtures, kurta, 'placed');
      const { awb } = await bookShipment(t().db, t().baseUrl, purchaseId);
      await webhook(update(awb, 'DELIVERED', '28 11 2026 18:00:00'));
      expect((await webhook(update(awb, 'IN TRANSIT', '28 11 2026 09:00:00'))).body).toEqual({
        status: 'recorded',
      });
      expect((await webhook(update(awb, 'OUT FOR DELIVERY', '28 11 2026 12:00:00'))).status).toBe(200);
      expect(await shipmentOf(t(), awb)).toMatchObject({ status: 'DELIVERED', done: true });
      expect((await lineRow(t(), purchaseId)).status).toBe('delivered');
      expect((await eventsOf(t(), awb)).map((e) => e.status)).toEqual([
        'DELIVERED',
        'IN TRANSIT',
        'OUT FOR DELIVERY',
      ]);
      // the late event is still the step it was, in its place
      const steps = (await line())?.timeline.filter((s) => s.event !== 'placed' && s.event !== 'shipped');
      expect(steps?.map((s) => [s.event, s.at])).toEqual([
        ['out_for_delivery', '2026-11-28T06:30:00.000Z'],
        ['delivered', '2026-11-28T12:30:00.000Z'],
      ]);
    });

    it('RTO delivered: the unit back in stock and all it paid refunded, once; Orders says so', async () => {
      const { purchaseId, order, line } = await ordered(t(), fixtures, kurta, 'placed');
      const { awb } = await bookShipment(t().db, t().baseUrl, purchaseId);
      const { id: lineId, sku_id: skuId } = await lineRow(t(), purchaseId);
      const stock = await stockOf(t().db, skuId);
      for (const status of ['PICKED UP', 'OUT FOR DELIVERY', 'UNDELIVERED', 'RTO INITIATED']) {
        expect((await moves(awb, status)).body.webhook).toBe(200);
      }
      expect((await lineRow(t(), purchaseId)).status).toBe('shipped');
      expect(await refundsOf(t(), lineId)).toEqual([]);
      expect((await moves(awb, 'RTO DELIVERED')).body.webhook).toBe(200);

      const row = await lineRow(t(), purchaseId);
      expect(row.status).toBe('cancelled');
      expect(row.cancelled_at?.toISOString()).toBe((await shipmentOf(t(), awb)).status_at.toISOString());
      expect(await stockOf(t().db, skuId)).toBe(stock + 1);
      // the order's only line: what it paid and the delivery charge, no cancellation charge
      const refunds = [{ amount_paise: order.amountPaise, reason: 'cancellation', status: 'processed' }];
      expect(await refundsOf(t(), lineId)).toEqual(refunds);

      // the same event again, by webhook and by the courier: nothing more
      expect((await moves(awb, 'RTO DELIVERED')).body.webhook).toBe(200);
      expect(await stockOf(t().db, skuId)).toBe(stock + 1);
      expect(await refundsOf(t(), lineId)).toEqual(refunds);
      expect((await auditOf(t(), purchaseId)).filter((a) => a.action === 'order.rto')).toHaveLength(1);

      const shopper = await line();
      expect(shopper?.status).toBe('cancelled');
      const events = shopper?.timeline.map((step) => step.event);
      expect(events).toEqual(
        expect.arrayContaining(['undelivered', 'rto_initiated', 'rto_delivered', 'refunded']),
      );
      expect((await messagesOf(t(), purchaseId)).map((m) => m.idempotency_key)).toContain(
        `order_cancelled.${purchaseId}`,
      );
    });

    it("a reverse pickup's PICKED UP then DELIVERED receives the return and refunds it", async () => {
      const { client, purchaseId, line } = await ordered(t(), fixtures, kurta, 'delivered');
      const asked = await client.post('/return', { orderID: purchaseId, reason: 'Too small' });
      expect(asked.status).toBe(200);
      const staff = new TestClient(t().baseUrl);
      expect((await staff.post(`/admin/api/returns/${purchaseId}`, { accept: true }, ADMIN)).status).toBe(
        200,
      );
      const { awb } = await bookShipment(t().db, t().baseUrl, purchaseId, 'return');
      const { id: lineId } = await lineRow(t(), purchaseId);

      expect((await moves(awb, 'PICKED UP')).body.webhook).toBe(200);
      expect((await lineRow(t(), purchaseId)).status).toBe('returning');
      const pickedAt = (await shipmentOf(t(), awb)).status_at.toISOString();
      expect((await line())?.timeline.find((s) => s.event === 'picked_up')?.at).toBe(pickedAt);

      expect((await moves(awb, 'IN TRANSIT')).body.webhook).toBe(200);
      expect((await moves(awb, 'DELIVERED')).body.webhook).toBe(200);
      expect((await lineRow(t(), purchaseId)).status).toBe('returned');
      expect(await refundsOf(t(), lineId)).toEqual([
        { amount_paise: 99_900, reason: 'return', status: 'processed' },
      ]);
      expect((await auditOf(t(), purchaseId)).at(-1)).toEqual({ actor: 'courier', action: 'return.receive' });
      expect(await shipmentOf(t(), awb)).toMatchObject({ status: 'DELIVERED', done: true });
      // the pickup is a step of its own, once
      const steps = (await line())?.timeline.map((s) => s.event);
      expect(steps?.filter((e) => e === 'picked_up')).toHaveLength(1);
      expect(steps).toContain('refunded');

      expect((await moves(awb, 'DELIVERED')).body.webhook).toBe(200);
      expect(await refundsOf(t(), lineId)).toHaveLength(1);
    });

    it("an exchange's reverse pickup delivered back receives it: exchanged, its picked-up step the courier's", async () => {
      const product = await fixtures.product({
        name: 'Exchanged kurta',
        sizes: [
          ['M', 3],
          ['L', 1],
        ],
      });
      const { client, purchaseId, line } = await ordered(t(), fixtures, product, 'delivered');
      const asked = await client.post(`/api/orders/${purchaseId}/exchange`, {
        size: 'L',
        reasonCode: 'too_small',
      });
      expect(asked.status).toBe(200);
      const staff = new TestClient(t().baseUrl);
      expect((await staff.post(`/admin/api/returns/${purchaseId}`, { accept: true }, ADMIN)).status).toBe(
        200,
      );
      const { awb } = await bookShipment(t().db, t().baseUrl, purchaseId, 'return');

      expect((await moves(awb, 'PICKED UP')).body.webhook).toBe(200);
      expect((await lineRow(t(), purchaseId)).status).toBe('exchanging');
      const pickedAt = (await shipmentOf(t(), awb)).status_at.toISOString();
      expect((await moves(awb, 'DELIVERED')).body.webhook).toBe(200);

      expect((await lineRow(t(), purchaseId)).status).toBe('exchanged');
      expect((await auditOf(t(), purchaseId)).at(-1)?.actor).toBe('courier');
      const received = (await line())?.timeline.filter((s) => s.event === 'exchange_received');
      expect(received?.map((s) => s.at)).toEqual([pickedAt]);
    });

    it("answers the dev route 404 for an unknown AWB and 400 for a status not Shiprocket's", async () => {
      expect((await moves('123', 'DELIVERED')).status).toBe(404);
      const { purchaseId } = await ordered(t(), fixtures, kurta, 'placed');
      const { awb } = await bookShipment(t().db, t().baseUrl, purchaseId);
      const bad = await moves(awb, 'LOST');
      expect(bad.status).toBe(400);
      expect((await lineRow(t(), purchaseId)).status).toBe('shipped');
    });

    it('lists on the Dashboard the shipments with no event for 48 hours', async () => {
      const quiet = await ordered(t(), fixtures, kurta, 'placed');
      const { awb: quietAwb } = await bookShipment(t().db, t().baseUrl, quiet.purchaseId);
      const fresh = await ordered(t(), fixtures, kurta, 'placed');
      const { awb: freshAwb } = await bookShipment(t().db, t().baseUrl, fresh.purchaseId);
      const since = new Date(Date.now() - 49 * 3_600_000);
      await t()
        .db.updateTable('shipments')
        .set({ status_at: since, heard_at: since })
        .where('awb', '=', quietAwb)
        .execute();
      const dashboard = async () =>
        (await new TestClient(t().baseUrl).get<DashboardResponse>('/admin/api/dashboard', ADMIN)).body;
      const stuck = (await dashboard()).stuckShipments;
      expect(stuck).toContainEqual({
        purchaseId: quiet.purchaseId,
        kind: 'forward',
        awb: quietAwb,
        courier: 'Haat Fake Surface',
        status: 'AWB ASSIGNED',
        since: since.toISOString(),
      });
      expect(stuck.map((s) => s.awb)).not.toContain(freshAwb);

      // an event, even an old one, is news: no longer stuck
      await moves(quietAwb, 'IN TRANSIT');
      expect((await dashboard()).stuckShipments.map((s) => s.awb)).not.toContain(quietAwb);
    });

    it('counts webhook events by status on /metrics', async () => {
      const { purchaseId } = await ordered(t(), fixtures, kurta, 'placed');
      const { awb } = await bookShipment(t().db, t().baseUrl, purchaseId);
      const count = async () => {
        const text = await (await fetch(`${t().baseUrl}/metrics`, { headers: ADMIN })).text();
        const line = text
          .split('\n')
          .find((l) => l.startsWith('haat_courier_webhook_events_total{status="UNDELIVERED"}'));
        return Number(line?.split(' ').at(-1) ?? 0);
      };
      const before = await count();
      await moves(awb, 'UNDELIVERED');
      await webhook(update(awb, 'UNDELIVERED', '28 11 2026 11:00:00'));
      await webhook(update(awb, 'UNDELIVERED', '28 11 2026 11:00:00'), {});
      expect(await count()).toBe(before + 2);
    });
  },
  COURIER_ENV,
);

describe('with no courier partner (COURIER_PROVIDER=manual)', () => {
  describeEachDatabase('the courier webhook', (t) => {
    it('answers 401 whatever token is sent, and there is no dev courier', async () => {
      const client = new TestClient(t().baseUrl);
      const body = update('123', 'DELIVERED', '28 11 2026 10:00:00');
      expect((await client.post('/api/webhooks/courier', body, { 'x-api-key': FAKE_TOKEN })).status).toBe(
        401,
      );
      expect((await client.post('/api/webhooks/courier', body, { 'x-api-key': '' })).status).toBe(401);
      expect((await courierMoves(t().baseUrl, '123', 'DELIVERED')).status).toBe(404);
    });
  });
});

describeEachDatabase(
  'courier polling finds what a lost webhook did not tell',
  (t) => {
    it('moves the line on an event only polling sees, and counts its runs', async () => {
      const fixtures = new Fixtures(t().db);
      const product = await fixtures.product({ sizes: [['M', 3]] });
      await givePickupAddress(t().db, product.id);
      const { purchaseId } = await ordered(t(), fixtures, product, 'placed');
      const { awb } = await bookShipment(t().db, t().baseUrl, purchaseId);
      expect((await courierMoves(t().baseUrl, awb, 'OUT FOR DELIVERY', false)).body).toEqual({
        awb,
        status: 'OUT FOR DELIVERY',
        webhook: null,
      });
      expect((await courierMoves(t().baseUrl, awb, 'DELIVERED', false)).body.webhook).toBeNull();
      const deadline = Date.now() + 30_000;
      while ((await lineRow(t(), purchaseId)).status !== 'delivered' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await lineRow(t(), purchaseId)).status).toBe('delivered');
      expect((await eventsOf(t(), awb)).map((e) => e.status)).toEqual(['OUT FOR DELIVERY', 'DELIVERED']);
      expect(await shipmentOf(t(), awb)).toMatchObject({ status: 'DELIVERED', done: true });
      const metrics = await (await fetch(`${t().baseUrl}/metrics`, { headers: ADMIN })).text();
      expect(metrics).toMatch(/^haat_courier_poll_runs_total\{outcome="completed"\} [1-9]/m);
    });
  },
  { COURIER_PROVIDER: 'shiprocket', COURIER_POLL_AFTER_MS: '0', COURIER_POLL_INTERVAL_MS: '100' },
);
