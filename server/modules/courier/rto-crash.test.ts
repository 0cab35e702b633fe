import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeRazorpay, startFakeRazorpay } from '../../integrations/razorpay/fake-server.ts';
import { recordBooking } from '../../test/courier.ts';
import { databaseForProcess, databaseKinds } from '../../test/database.ts';
import { Fixtures } from '../../test/fixtures.ts';
import { TestClient } from '../../test/http.ts';
import { freePort, startServer, stopServer } from '../../test/server-process.ts';
import { toShiprocketTimestamp } from './shiprocket-time.ts';

const WEBHOOK_TOKEN = 'rto-crash-test-webhook-token';

/** the shop with its own fake courier, refunding through a fake Razorpay; the reconciler's period given */
const serverEnv = (database: Record<string, string>, fake: FakeRazorpay, reconcileMs: number) => ({
  ...database,
  COURIER_PROVIDER: 'shiprocket',
  SHIPROCKET_WEBHOOK_TOKEN: WEBHOOK_TOKEN,
  COURIER_POLL_AFTER_MS: '86400000',
  COURIER_POLL_INTERVAL_MS: '86400000',
  PAYMENT_PROVIDER: 'razorpay',
  RAZORPAY_BASE_URL: fake.url,
  RAZORPAY_KEY_ID: fake.keyId,
  RAZORPAY_KEY_SECRET: fake.keySecret,
  RAZORPAY_WEBHOOK_SECRET: 'rto-crash-test-razorpay-secret',
  RECONCILE_INTERVAL_MS: String(reconcileMs),
});

for (const kind of databaseKinds()) {
  describe(`an RTO delivered parcel is restocked and refunded once across a kill -9 [${kind}]`, () => {
    let database: Awaited<ReturnType<typeof databaseForProcess>>;
    let fake: FakeRazorpay;
    let server: ChildProcess | undefined;
    const awb = `9${Date.now() % 1_000_000_000}`;
    let purchaseId = '';
    let skuId = 0;
    let amountPaise = 0;

    beforeAll(async () => {
      fake = await startFakeRazorpay();
      database = await databaseForProcess(kind);
      const handle = await database.open();
      const fixtures = new Fixtures(handle.db);
      const product = await fixtures.product({ pricePaise: 120_000, sizes: [['M', 5]] });
      skuId = product.skus.M ?? 0;
      const customerId = await fixtures.customer();
      const order = await fixtures.order(customerId, [{ product, status: 'shipped' }]);
      purchaseId = order.purchaseIds[0] ?? '';
      amountPaise = order.amountPaise;
      await recordBooking(handle.db, purchaseId, 'forward', awb);
      await handle.close();
      // the order's payment, as Razorpay holds it
      fake.payments.set(order.gatewayPaymentId, {
        id: order.gatewayPaymentId,
        entity: 'payment',
        amount: amountPaise,
        currency: 'INR',
        status: 'captured',
        order_id: `order_${purchaseId}`,
        amount_refunded: 0,
        refund_status: null,
        captured: true,
        method: 'upi',
        created_at: Math.floor(Date.now() / 1000),
      });
    }, 60_000);

    afterAll(async () => {
      if (server) await stopServer(server, 'SIGTERM');
      await database?.close();
      await fake?.close();
    });

    const state = async () => {
      const handle = await database.open();
      try {
        const { db } = handle;
        const [line, sku, refunds, events] = await Promise.all([
          db
            .selectFrom('order_lines')
            .select('status')
            .where('purchase_id', '=', purchaseId)
            .executeTakeFirst(),
          db.selectFrom('skus').select('stock').where('id', '=', skuId).executeTakeFirst(),
          db
            .selectFrom('refunds')
            .innerJoin('order_lines', 'order_lines.id', 'refunds.order_line_id')
            .select(['refunds.amount_paise', 'refunds.status'])
            .where('order_lines.purchase_id', '=', purchaseId)
            .execute(),
          db
            .selectFrom('shipment_events')
            .innerJoin('shipments', 'shipments.id', 'shipment_events.shipment_id')
            .select(['shipment_events.status', 'shipment_events.happened_at'])
            .where('shipments.awb', '=', awb)
            .execute(),
        ]);
        return { line: line?.status, stock: sku?.stock, refunds, events };
      } finally {
        await handle.close();
      }
    };

    it('owes the refund in the move, and sends it once after the restart, whatever arrives again', async () => {
      const port = await freePort();
      const baseUrl = `http://127.0.0.1:${port}`;
      // Razorpay is down: the refund is owed, not sent, when the shop dies
      fake.outage = { status: 503, body: '{"error":{"code":"SERVER_ERROR","description":"down"}}' };
      server = await startServer(serverEnv(database.env, fake, 3_600_000), port);
      const courier = await new TestClient(baseUrl).start();
      const moved = await courier.post(`/api/dev/courier/${awb}`, { status: 'RTO DELIVERED' });
      expect(moved.body).toEqual({ awb, status: 'RTO DELIVERED', webhook: 200 });
      await stopServer(server, 'SIGKILL');
      server = undefined;

      const dead = await state();
      expect(dead).toMatchObject({
        line: 'cancelled',
        // the fixture's 5 left in stock, and the unit that came back
        stock: 6,
        refunds: [{ amount_paise: amountPaise, status: 'pending' }],
      });
      expect(dead.events).toHaveLength(1);
      expect(fake.refunds).toEqual([]);

      // back up, Razorpay too; Shiprocket sends the same event again
      fake.outage = undefined;
      server = await startServer(serverEnv(database.env, fake, 100), port);
      const again = await new TestClient(baseUrl).post(
        '/api/webhooks/courier',
        {
          awb,
          current_status: 'RTO DELIVERED',
          current_timestamp: toShiprocketTimestamp(dead.events[0]?.happened_at ?? new Date()),
          scans: [],
        },
        { 'x-api-key': WEBHOOK_TOKEN },
      );
      expect(again.status).toBe(200);
      const deadline = Date.now() + 60_000;
      while (fake.refunds.length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await stopServer(server, 'SIGTERM');
      server = undefined;

      expect(fake.refunds.map((refund) => refund.amount)).toEqual([amountPaise]);
      expect(await state()).toMatchObject({
        line: 'cancelled',
        stock: 6,
        refunds: [{ amount_paise: amountPaise, status: 'processed' }],
        events: dead.events,
      });
    }, 420_000);
  });
}
