import { beforeAll, describe, expect, it } from 'vitest';
import type { DevSmsResponse, Profile } from '../../../contract/accounts.ts';
import type { OrdersResponse } from '../../../contract/orders.ts';
import { SmsError, type SmsSender, type TemplatedSms } from '../../platform/sms/sender.ts';
import { describeEachDatabase, TEST_ADMIN_TOKEN } from '../../test/app.ts';
import { CheckoutDriver } from '../../test/checkout.ts';
import { type FixtureProduct, Fixtures } from '../../test/fixtures.ts';
import { TestClient } from '../../test/http.ts';
import { Notifications, retryDelayMs } from './service.ts';

const BEARER = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
const quiet = { warn: () => {}, error: () => {} };

/** A stand-in gateway: records what it took, or refuses while `failing`. */
class RecordingSender implements SmsSender {
  readonly sent: TemplatedSms[] = [];
  failing = false;
  tries = 0;

  async sendOtp(): Promise<void> {}

  async sendMessage(message: TemplatedSms): Promise<void> {
    this.tries += 1;
    if (this.failing) throw new SmsError('MSG91 refused the message (HTTP 503): try later');
    this.sent.push(message);
  }

  to(phone: string) {
    return this.sent.filter((m) => m.phone === phone);
  }
}

// the app's own worker looks once at start and then not for a day: each test sends with a worker of its own
describeEachDatabase(
  'SMS about orders, through the outbox',
  (t) => {
    let fixtures: Fixtures;
    let kurta: FixtureProduct;
    let driver: CheckoutDriver;
    let staff: TestClient;

    beforeAll(async () => {
      fixtures = new Fixtures(t().db);
      kurta = await fixtures.product({ name: 'Outbox kurta', pricePaise: 149_900, sizes: [['M', 50]] });
      driver = new CheckoutDriver(t);
      staff = new TestClient(t().baseUrl);
    });

    const worker = (sms: SmsSender, now?: () => Date) =>
      new Notifications({ db: t().db, sms, log: quiet, intervalMs: 86_400_000, now });

    const outbox = (customerId: number) =>
      t()
        .db.selectFrom('notifications')
        .select([
          'template',
          'text',
          'status',
          'attempts',
          'idempotency_key',
          'next_attempt_at',
          'last_error',
        ])
        .where('customer_id', '=', customerId)
        .orderBy('id')
        .execute();

    const phoneOf = async (customerId: number) =>
      (
        await t()
          .db.selectFrom('customers')
          .select('phone')
          .where('id', '=', customerId)
          .executeTakeFirstOrThrow()
      ).phone;

    const admin = (path: string, body?: unknown) => staff.post<{ error?: string }>(path, body, BEARER);

    /** a shopper with a placed order of `lines` kurtas, straight in the database (no "placed" message) */
    async function ordered(lines = 1) {
      const client = await t().client();
      const customerId = await fixtures.customer();
      await fixtures.logIn(client, customerId);
      const order = await fixtures.order(
        customerId,
        Array.from({ length: lines }, () => ({ product: kurta })),
      );
      return { client, customerId, purchaseIds: order.purchaseIds, phone: await phoneOf(customerId) };
    }

    it('writes one message per event with the change, and the worker sends each once', async () => {
      const { client, customerId } = await driver.shopper(1, kurta);
      const phone = await phoneOf(customerId);
      const paid = await driver.paid(client);
      expect((await driver.checkOut(client, paid)).status).toBe(200);
      // the same payment placed again (the webhook after the browser) places nothing and writes nothing
      expect((await driver.checkOut(client, paid)).status).toBe(200);
      const [line] = (await client.get<OrdersResponse>('/api/orders')).body;
      const purchaseId = line?.purchase_id ?? '';

      expect((await admin(`/admin/api/orders/${purchaseId}/ship`, { trackingId: 'DKE7781' })).status).toBe(
        200,
      );
      expect((await admin(`/admin/api/orders/${purchaseId}/ship`, { trackingId: 'DKE7782' })).status).toBe(
        409,
      );
      expect((await admin(`/admin/api/orders/${purchaseId}/deliver`)).status).toBe(200);
      expect((await client.post('/return', { orderID: purchaseId, reason: 'Too small' })).status).toBe(200);
      expect((await admin(`/admin/api/returns/${purchaseId}`, { accept: true })).status).toBe(200);
      expect((await admin(`/admin/api/returns/${purchaseId}/receive`)).status).toBe(200);

      const written = await outbox(customerId);
      expect(written.map((m) => [m.template, m.status])).toEqual([
        ['order_placed', 'pending'],
        ['order_shipped', 'pending'],
        ['order_delivered', 'pending'],
        ['return_accepted', 'pending'],
        ['refund_processed', 'pending'],
      ]);
      for (const message of written) expect(message.text).toContain(purchaseId);
      expect(written[1]?.text).toBe(`Your haat order ${purchaseId} has shipped. Tracking id: DKE7781.`);
      expect(written[4]?.text).toMatch(/^Your refund of Rs 1,499 for haat order pur_\w+ is processed\./);

      const sms = new RecordingSender();
      await worker(sms).sendDue();
      expect(sms.to(phone).map((m) => m.idempotencyKey)).toEqual(written.map((m) => m.idempotency_key));
      // the shop's name is a variable too (MSG91's ##shop##), 'haat' until the owner names it
      expect(sms.to(phone)[1]?.variables).toEqual({
        shop: 'haat',
        purchase: purchaseId,
        tracking: 'DKE7781',
      });
      expect((await outbox(customerId)).every((m) => m.status === 'sent')).toBe(true);
      // sent is sent: another pass, or another worker, sends none of them again
      await worker(sms).sendDue();
      expect(sms.to(phone)).toHaveLength(5);
    });

    it('tells of a cancel and of its refund, and the development outbox lists what went, oldest first', async () => {
      const { client, customerId, purchaseIds, phone } = await ordered(2);
      const [first = '', second = ''] = purchaseIds;
      expect((await client.post('/cancel', { orderID: second })).status).toBe(200);
      expect((await client.post('/cancel', { orderID: second })).status).toBe(409);
      expect((await outbox(customerId)).map((m) => m.template)).toEqual([
        'order_cancelled',
        'refund_processed',
      ]);

      // nothing sent yet: the outbox shows sent messages only
      const visitor = new TestClient(t().baseUrl);
      expect((await visitor.get(`/api/dev/sms/${phone}`)).status).toBe(404);
      await worker(new RecordingSender()).sendDue();
      const res = await visitor.get<DevSmsResponse>(`/api/dev/sms/${phone}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        code: null,
        messages: [
          {
            template: 'order_cancelled',
            text: `Your haat order ${second} is cancelled. Any refund due is on its way.`,
            at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          },
          {
            template: 'refund_processed',
            text: expect.stringContaining(`for haat order ${second} is processed`),
            at: expect.any(String),
          },
        ],
      });
      expect(res.body.messages.some((m) => m.text.includes(first))).toBe(false);
    });

    it('retries a send the gateway refused, after a backoff that grows', async () => {
      const { customerId, purchaseIds, phone } = await ordered();
      const purchaseId = purchaseIds[0] ?? '';
      expect((await admin(`/admin/api/orders/${purchaseId}/ship`, { trackingId: 'TZD100' })).status).toBe(
        200,
      );

      let clock = new Date(Date.now() + 1000);
      const sms = new RecordingSender();
      const outboxWorker = worker(sms, () => clock);
      sms.failing = true;
      await outboxWorker.sendDue();
      let [message] = await outbox(customerId);
      expect(message).toMatchObject({
        status: 'pending',
        attempts: 1,
        last_error: expect.stringMatching(/503/),
      });
      expect(message?.next_attempt_at.getTime()).toBe(clock.getTime() + retryDelayMs(1));

      // not due yet: nothing is tried
      const tries = sms.tries;
      await outboxWorker.sendDue();
      expect(sms.tries).toBe(tries);

      clock = new Date(clock.getTime() + retryDelayMs(1));
      await outboxWorker.sendDue();
      [message] = await outbox(customerId);
      expect(message).toMatchObject({ attempts: 2 });
      expect(message?.next_attempt_at.getTime()).toBe(clock.getTime() + retryDelayMs(2));
      expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));

      sms.failing = false;
      clock = new Date(clock.getTime() + retryDelayMs(2));
      await outboxWorker.sendDue();
      [message] = await outbox(customerId);
      expect(message).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
      expect(sms.to(phone).map((m) => m.template)).toEqual(['order_shipped']);
    });

    describe('turned off in the profile', () => {
      it('skips shipped and delivered but still tells of a cancel and a refund', async () => {
        const { client, customerId, purchaseIds } = await ordered(2);
        const [kept = '', cancelled = ''] = purchaseIds;
        expect((await client.get<Profile>('/api/profile')).body.smsUpdates).toBe(true);
        const edited = await client.post<Profile>('/editProfile', {
          fname: 'Fixture',
          lname: 'Shopper',
          smsUpdates: false,
        });
        expect(edited.status).toBe(200);
        expect(edited.body.smsUpdates).toBe(false);
        // a later edit that leaves the field out keeps the choice
        await client.post('/editProfile', { fname: 'Fixture', lname: 'Shopper', city: 'Kolkata' });
        expect((await client.get<Profile>('/api/profile')).body.smsUpdates).toBe(false);

        expect((await admin(`/admin/api/orders/${kept}/ship`, { trackingId: 'PNK1' })).status).toBe(200);
        expect((await admin(`/admin/api/orders/${kept}/deliver`)).status).toBe(200);
        expect((await client.post('/cancel', { orderID: cancelled })).status).toBe(200);
        expect((await outbox(customerId)).map((m) => m.template)).toEqual([
          'order_cancelled',
          'refund_processed',
        ]);
      });
    });
  },
  { OUTBOX_INTERVAL_MS: '86400000' },
);
