import { beforeAll, describe, expect, it } from 'vitest';
import { COD_CODE_MAX_TRIES, COD_NOT_AWAITING_MESSAGE, COD_RESEND_SECONDS } from '../../../contract/cod.ts';
import { describeEachDatabase } from '../../test/app.ts';
import { CodDriver } from '../../test/cod.ts';
import { type FixtureProduct, Fixtures } from '../../test/fixtures.ts';
import type { TestClient } from '../../test/http.ts';

describeEachDatabase(
  'cash on delivery: the confirmation code',
  (t) => {
    let fixtures: Fixtures;
    const cod = new CodDriver(t, () => fixtures);
    let kurta: FixtureProduct;

    beforeAll(async () => {
      fixtures = new Fixtures(t().db);
      kurta = await fixtures.product({ name: 'Confirm kurta', pricePaise: 99_900, sizes: [['M', 100]] });
      await cod.settings({ codEnabled: true, codFee: 49 });
    });

    const confirmation = (orderId: number) =>
      t()
        .db.selectFrom('cod_confirmations')
        .select(['confirmed_at', 'wrong_tries', 'code_hash'])
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow();
    /** the code sent is never the one given when a wrong one is wanted */
    const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    /** as if the code had been sent longer ago than the resend wait */
    const sentLongAgo = (orderId: number) =>
      t()
        .db.updateTable('cod_confirmations')
        .set({ code_sent_at: new Date(Date.now() - (COD_RESEND_SECONDS + 1) * 1000) })
        .where('order_id', '=', orderId)
        .execute();

    async function placed() {
      const shopper = await cod.shopper(kurta, 1);
      const order = await cod.placed(shopper.client);
      const code = await cod.codeSent(shopper.client, shopper.phone);
      return { ...shopper, order, code };
    }

    it('sends a 6-digit code, answered by the development outbox, and confirms with it once', async () => {
      const { client, order, code } = await placed();
      expect(code).toMatch(/^\d{6}$/);
      const res = await cod.confirm(client, order.orderId, code);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ confirmed: true });
      expect((await confirmation(order.orderId)).confirmed_at).toEqual(expect.any(Date));
      const [line] = await cod.orders(client);
      expect(line?.status).toBe('placed');
      expect(line?.timeline.map((step) => [step.event, step.detail])).toEqual([
        ['placed', null],
        ['cod_confirmed', null],
      ]);

      const again = await cod.confirm(client, order.orderId, code);
      expect(again.status).toBe(409);
      expect(again.body.error).toBe(COD_NOT_AWAITING_MESSAGE);
    });

    it('401 for a wrong code, changing nothing but the count of tries', async () => {
      const { client, order, code } = await placed();
      const before = await confirmation(order.orderId);
      const res = await cod.confirm(client, order.orderId, wrongOf(code));
      expect(res.status).toBe(401);
      expect(res.body.error).toEqual(expect.any(String));
      expect(await confirmation(order.orderId)).toEqual({ ...before, wrong_tries: 1 });
      expect((await cod.orders(client))[0]?.timeline.map((step) => step.event)).toEqual(['placed']);
      expect((await cod.confirm(client, order.orderId, code)).status).toBe(200);
    });

    it(`kills the code after ${COD_CODE_MAX_TRIES} wrong tries; a new code works`, async () => {
      const { client, phone, order, code } = await placed();
      for (let i = 0; i < COD_CODE_MAX_TRIES; i++) {
        expect((await cod.confirm(client, order.orderId, wrongOf(code))).status).toBe(401);
      }
      const dead = await cod.confirm(client, order.orderId, code);
      expect(dead.status).toBe(401);
      expect((await confirmation(order.orderId)).confirmed_at).toBeNull();

      await sentLongAgo(order.orderId);
      const resent = await cod.resend(client, order.orderId);
      expect(resent.status).toBe(200);
      expect(resent.body).toEqual({ sent: true, resendAfter: 30 });
      const fresh = await cod.codeSent(client, phone, code);
      expect((await cod.confirm(client, order.orderId, code)).status).toBe(401);
      expect((await cod.confirm(client, order.orderId, fresh)).status).toBe(200);
    });

    it('sends a new code at most every 30 seconds (429 sooner), by SMS of its own', async () => {
      const { client, customerId, order } = await placed();
      const soon = await cod.resend(client, order.orderId);
      expect(soon.status).toBe(429);
      expect(soon.body.error).toEqual(expect.any(String));
      await sentLongAgo(order.orderId);
      expect((await cod.resend(client, order.orderId)).status).toBe(200);
      expect((await cod.resend(client, order.orderId)).status).toBe(429);
      const sms = await t()
        .db.selectFrom('notifications')
        .select('template')
        .where('customer_id', '=', customerId)
        .execute();
      expect(sms).toEqual([{ template: 'cod_confirm' }, { template: 'cod_confirm' }]);
    });

    describe('refusals', () => {
      let shopper: Awaited<ReturnType<typeof placed>>;
      let stranger: TestClient;
      beforeAll(async () => {
        shopper = await placed();
        stranger = (await cod.shopper()).client;
      });

      it('400 for a code that is not 6 digits', async () => {
        for (const code of ['12345', '1234567', 'abcdef', 123456, '', null]) {
          const res = await cod.confirm(shopper.client, shopper.order.orderId, code);
          expect(res.status).toBe(400);
        }
        expect((await confirmation(shopper.order.orderId)).wrong_tries).toBe(0);
      });

      it("404 for an order that is not the shopper's COD order", async () => {
        const online = await fixtures.order(await fixtures.customer(), [{ product: kurta }]);
        for (const orderId of [shopper.order.orderId, online.orderId, 2_000_000_000]) {
          const res = await cod.confirm(stranger, orderId, shopper.code);
          expect(res.status).toBe(404);
          expect((await cod.resend(stranger, orderId)).status).toBe(404);
        }
        const own = await cod.shopper();
        await t()
          .db.updateTable('orders')
          .set({ customer_id: own.customerId })
          .where('id', '=', online.orderId)
          .execute();
        expect((await cod.confirm(own.client, online.orderId, '123456')).status).toBe(404);
        expect((await confirmation(shopper.order.orderId)).confirmed_at).toBeNull();
      });

      it('409 once the shopper cancelled the order', async () => {
        const cancelled = await placed();
        const [purchaseId] = cancelled.order.purchaseIds;
        expect((await cancelled.client.post('/cancel', { orderID: purchaseId })).status).toBe(200);
        const res = await cod.confirm(cancelled.client, cancelled.order.orderId, cancelled.code);
        expect(res.status).toBe(409);
        expect(res.body.error).toBe(COD_NOT_AWAITING_MESSAGE);
      });

      it('409 once the window has passed', async () => {
        const late = await placed();
        await t()
          .db.updateTable('cod_confirmations')
          .set({ confirm_by: new Date(Date.now() - 1000) })
          .where('order_id', '=', late.order.orderId)
          .execute();
        const res = await cod.confirm(late.client, late.order.orderId, late.code);
        expect(res.status).toBe(409);
        expect(res.body.error).toBe(COD_NOT_AWAITING_MESSAGE);
        expect((await cod.resend(late.client, late.order.orderId)).status).toBe(409);
      });
    });
  },
  { OUTBOX_INTERVAL_MS: '50' },
);
