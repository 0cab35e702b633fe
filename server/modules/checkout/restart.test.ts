import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DevPaymentResponse } from '../../../contract/payments.ts';
import { CheckoutDriver } from '../../test/checkout.ts';
import { databaseForProcess, databaseKinds } from '../../test/database.ts';
import { Fixtures } from '../../test/fixtures.ts';
import { TestClient } from '../../test/http.ts';
import { freePort, startServer, stopServer } from '../../test/server-process.ts';
import { verifyPhone } from '../../test/shopper.ts';
import { paymentCapturedEvent, webhookSignature } from '../payments/webhook-event.ts';

const WEBHOOK_SECRET = 'restart-test-webhook-secret';

const serverEnv = (database: Record<string, string>) => ({
  ...database,
  RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
  // the reconciler must not place the order before the webhook does
  RECONCILE_INTERVAL_MS: '3600000',
});

for (const kind of databaseKinds()) {
  describe(`a paid order survives a crash between verification and placement [${kind}]`, () => {
    let database: Awaited<ReturnType<typeof databaseForProcess>>;
    let server: ChildProcess | undefined;
    let productId = 0;
    let skuId = 0;
    let phone = '';

    beforeAll(async () => {
      database = await databaseForProcess(kind);
      const handle = await database.open();
      const fixtures = new Fixtures(handle.db);
      const product = await fixtures.product({ pricePaise: 120_000, sizes: [['M', 5]] });
      productId = product.id;
      skuId = product.skus.M ?? 0;
      const customerId = await fixtures.customer();
      await fixtures.bagLine(customerId, skuId, 2);
      const customer = await handle.db
        .updateTable('customers')
        .set({ house_no: '4', road_name: 'Lake Road', area_name: 'Kalighat', city: 'Kolkata', pin: '700001' })
        .where('id', '=', customerId)
        .returning('phone')
        .executeTakeFirstOrThrow();
      phone = customer.phone;
      await handle.close();
    }, 60_000);

    afterAll(async () => {
      if (server) await stopServer(server, 'SIGTERM');
      await database?.close();
    });

    it('places the order from the webhook delivered after the restart', async () => {
      const port = await freePort();
      const baseUrl = `http://127.0.0.1:${port}`;
      server = await startServer(serverEnv(database.env), port);
      const client = await new TestClient(baseUrl).start();
      await verifyPhone(client, phone);
      expect((await client.post('/api/login', { phoneNumber: phone })).status).toBe(200);
      await client.start();

      // verified, and then the process dies before the browser's checkOut reaches it
      const driver = new CheckoutDriver(() => {
        throw new Error('this test drives a server of its own');
      });
      const paid = await driver.paid(client);
      expect((await driver.verify(client, paid)).body.status).toBe('ok');
      await stopServer(server, 'SIGKILL');

      server = await startServer(serverEnv(database.env), port);
      // the session and the payment's record survived the kill; no order yet
      expect((await client.get<unknown[]>('/api/orders')).body).toEqual([]);

      const payment = await client.get<DevPaymentResponse>(`/api/dev/payments/${paid.razorpay_payment_id}`);
      const body = JSON.stringify(
        paymentCapturedEvent({
          id: paid.razorpay_payment_id,
          order_id: paid.razorpay_order_id,
          amount: payment.body.amount,
          currency: 'INR',
          status: 'captured',
        }),
      );
      const delivered = await fetch(`${baseUrl}/api/webhooks/razorpay`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': webhookSignature(WEBHOOK_SECRET, body),
          'x-razorpay-event-id': 'evt_AfterRestart001',
        },
        body,
      });
      expect(await delivered.json()).toEqual({ status: 'placed' });

      const orders = await client.get<{ prodId: number; quantity: number; size: string }[]>('/api/orders');
      expect(orders.body).toEqual([expect.objectContaining({ prodId: productId, quantity: 2, size: 'M' })]);
      expect((await driver.checkOut(client, paid)).body).toEqual({});
      const page = await client.get<{ productInfo: { additionsize: Record<string, number> } }>(
        `/product/ind/apparel/${productId}`,
      );
      expect(page.body.productInfo.additionsize).toEqual({ M: 3 });
    }, 300_000);
  });
}
