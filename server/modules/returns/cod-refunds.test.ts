import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder, AdminRefund, AdminRefundsResponse } from '../../../contract/admin.ts';
import type { OrderLine, OrdersResponse } from '../../../contract/orders.ts';
import { REFUND_TO_MESSAGES } from '../../../contract/refund-to.ts';
import { describeEachDatabase, TEST_ADMIN_TOKEN } from '../../test/app.ts';
import { CodDriver } from '../../test/cod.ts';
import { type FixtureProduct, Fixtures } from '../../test/fixtures.ts';
import { TestClient } from '../../test/http.ts';
import { messagesTo } from '../../test/rows.ts';
import { staffPerson, staffSignedIn } from '../../test/staff.ts';
import type { PaymentGateway } from '../payments/gateway.ts';
import { Refunds } from '../payments/refunds.ts';

type Answer<T> = T & { error?: string; fields?: Record<string, string> };

const BEARER = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
const UPI = { upiId: 'asha.rao-1@okaxis' };
const BANK = { accountNumber: '001234567890', ifsc: 'HDFC0001234', accountHolder: 'आशा राव' };

/** A gateway that must never be asked: any call fails the refund it was for, which the test then sees. */
const untouchable: PaymentGateway = new Proxy({} as PaymentGateway, {
  get: () => () => {
    throw new Error('a refund paid by hand went to the gateway');
  },
});

describeEachDatabase('cash on delivery: returns refunded by hand, exchanges', (t) => {
  let fixtures: Fixtures;
  let admin: TestClient;
  const cod = new CodDriver(t, () => fixtures);

  beforeAll(async () => {
    fixtures = new Fixtures(t().db);
    admin = new TestClient(t().baseUrl);
    await cod.settings({ codEnabled: true });
  });

  const kurta = (stock: { M?: number; L?: number } = {}) =>
    fixtures.product({
      name: 'COD return kurta',
      pricePaise: 129_900,
      sizes: [
        ['M', stock.M ?? 5],
        ['L', stock.L ?? 5],
      ],
    });

  const post = <T>(path: string, body?: unknown) => admin.post<Answer<T>>(path, body, BEARER);

  /** a shopper whose COD order of one kurta (size M) was placed, confirmed, shipped by hand and delivered */
  async function deliveredCod(product?: FixtureProduct) {
    const item = product ?? (await kurta());
    const { client, customerId, phone } = await cod.shopper(item);
    const order = await cod.placed(client);
    expect((await cod.confirm(client, order.orderId, await cod.codeSent(client, phone))).status).toBe(200);
    const purchaseId = order.purchaseIds[0] ?? '';
    expect(
      (await post(`/admin/api/orders/${purchaseId}/ship`, { trackingId: `T${order.orderId}` })).status,
    ).toBe(200);
    expect((await post(`/admin/api/orders/${purchaseId}/deliver`)).status).toBe(200);
    return { client, customerId, order, purchaseId, product: item };
  }

  const lineOf = async (client: TestClient, purchaseId: string) =>
    (await client.get<OrdersResponse>('/api/orders')).body.find(
      (line) => line.purchase_id === purchaseId,
    ) as OrderLine;
  const askReturn = (client: TestClient, purchaseId: string, refundTo?: unknown) =>
    client.post<Answer<object>>('/return', {
      orderID: purchaseId,
      reasonCode: 'too_small',
      ...(refundTo !== undefined && { refundTo }),
    });
  const refundOfLine = async (purchaseId: string) => {
    const page = await admin.get<AdminRefundsResponse>('/admin/api/refunds', BEARER);
    return page.body.refunds.find((refund) => refund.purchaseId === purchaseId);
  };

  /** asked back with `refundTo`, accepted and received: the refund is then owed */
  async function returned(refundTo: unknown = UPI) {
    const bought = await deliveredCod();
    expect((await askReturn(bought.client, bought.purchaseId, refundTo)).status).toBe(200);
    expect((await post(`/admin/api/returns/${bought.purchaseId}`, { accept: true })).status).toBe(200);
    expect((await post(`/admin/api/returns/${bought.purchaseId}/receive`)).status).toBe(200);
    const refund = await refundOfLine(bought.purchaseId);
    if (!refund) throw new Error('no refund owed');
    return { ...bought, refund };
  }

  describe('POST /return of a COD line asks where the refund goes', () => {
    const wrong: [string, unknown, string][] = [
      ['nothing', undefined, 'refundTo'],
      ['not an object', 'asha@okaxis', 'refundTo'],
      ['an unknown part', { vpa: 'asha@okaxis' }, 'refundTo'],
      ['both a UPI ID and a bank account', { ...UPI, ...BANK }, 'refundTo'],
      ['an empty one', {}, 'refundTo'],
      ['a UPI ID without @', { upiId: 'asha.okaxis' }, 'refundTo.upiId'],
      ['a UPI ID with one character before @', { upiId: 'a@okaxis' }, 'refundTo.upiId'],
      ['a UPI ID with digits after @', { upiId: 'asha@ok1' }, 'refundTo.upiId'],
      ['a UPI ID that is not text', { upiId: 42 }, 'refundTo.upiId'],
      ['an account number of 8 digits', { ...BANK, accountNumber: '12345678' }, 'refundTo.accountNumber'],
      [
        'an account number of 19 digits',
        { ...BANK, accountNumber: '1'.repeat(19) },
        'refundTo.accountNumber',
      ],
      ['an account number with a letter', { ...BANK, accountNumber: '12345678A' }, 'refundTo.accountNumber'],
      ['an IFSC in small letters', { ...BANK, ifsc: 'hdfc0001234' }, 'refundTo.ifsc'],
      ['an IFSC without its 0', { ...BANK, ifsc: 'HDFC1001234' }, 'refundTo.ifsc'],
      ['an IFSC of 10 characters', { ...BANK, ifsc: 'HDFC000123' }, 'refundTo.ifsc'],
      ['no holder', { ...BANK, accountHolder: '  ' }, 'refundTo.accountHolder'],
      ['a holder of 101 characters', { ...BANK, accountHolder: 'A'.repeat(101) }, 'refundTo.accountHolder'],
      [
        'a bank account without its IFSC',
        { accountNumber: '123456789', accountHolder: 'Asha' },
        'refundTo.ifsc',
      ],
    ];

    it('refuses each missing or malformed part with 400 naming it, and changes nothing', async () => {
      const { client, purchaseId } = await deliveredCod();
      for (const [what, refundTo, field] of wrong) {
        const res = await askReturn(client, purchaseId, refundTo);
        expect([what, res.status, Object.keys(res.body.fields ?? {})]).toEqual([what, 400, [field]]);
        expect(res.body.error).toEqual(expect.any(String));
      }
      expect((await lineOf(client, purchaseId)).status).toBe('delivered');
      const asked = await t()
        .db.selectFrom('returns')
        .innerJoin('order_lines', 'order_lines.id', 'returns.order_line_id')
        .select('returns.order_line_id')
        .where('order_lines.purchase_id', '=', purchaseId)
        .execute();
      expect(asked).toEqual([]);
    });

    it('names every wrong part of a bank account at once', async () => {
      const { client, purchaseId } = await deliveredCod();
      const res = await askReturn(client, purchaseId, { accountNumber: '12', ifsc: 'X', accountHolder: '' });
      expect(res.body.fields).toEqual({
        'refundTo.accountNumber': REFUND_TO_MESSAGES.accountNumber,
        'refundTo.ifsc': REFUND_TO_MESSAGES.ifsc,
        'refundTo.accountHolder': REFUND_TO_MESSAGES.accountHolder,
      });
    });

    it('keeps a UPI ID or a bank account, trimmed, with the return', async () => {
      for (const [given, kept] of [
        [{ upiId: ' asha.rao-1@okaxis ' }, UPI],
        [BANK, BANK],
      ] as const) {
        const { client, purchaseId } = await deliveredCod();
        expect((await askReturn(client, purchaseId, given)).status).toBe(200);
        const row = await t()
          .db.selectFrom('returns')
          .innerJoin('order_lines', 'order_lines.id', 'returns.order_line_id')
          .select('returns.refund_to')
          .where('order_lines.purchase_id', '=', purchaseId)
          .executeTakeFirstOrThrow();
        expect(row.refund_to).toEqual(kept);
        expect((await lineOf(client, purchaseId)).status).toBe('return_requested');
      }
    });

    it('ignores refundTo for a line paid online', async () => {
      const client = await t().client();
      const customerId = await fixtures.customer();
      await fixtures.logIn(client, customerId);
      const online = await fixtures.order(customerId, [{ product: await kurta(), status: 'delivered' }]);
      const purchaseId = online.purchaseIds[0] ?? '';
      expect((await askReturn(client, purchaseId, { upiId: 'not a upi id' })).status).toBe(200);
      expect((await askReturn(client, purchaseId)).status).toBe(409);
    });
  });

  describe('the refund, owed once the item is back', () => {
    it('is listed pending with its method and destination; the shopper sees nothing refunded yet', async () => {
      const { client, order, purchaseId, refund } = await returned(BANK);
      const line = await lineOf(client, purchaseId);
      expect(refund).toEqual({
        id: expect.any(Number),
        purchaseId,
        orderId: order.orderId,
        amount: line.paidPaise / 100,
        status: 'pending',
        reason: 'return',
        createdAt: expect.any(String),
        processedAt: null,
        failure: null,
        method: 'bank',
        destination: BANK,
        reference: null,
      });
      expect(line).toMatchObject({ status: 'returned', refunded: 0 });
      expect(line.timeline.map((step) => step.event)).not.toContain('refunded');
      const pending = await admin.get<AdminRefundsResponse>('/admin/api/refunds?status=pending', BEARER);
      expect(pending.body.refunds.map((r) => r.id)).toContain(refund.id);
      // the back office's order page of a COD order: no payment id, its refund among the order's
      const page = await admin.get<AdminOrder>(`/admin/api/orders/${order.orderId}`, BEARER);
      expect(page.status).toBe(200);
      expect(page.body.payment).toEqual({ id: null, amount: order.amount });
      expect(page.body.refunds.map((r) => r.id)).toEqual([refund.id]);
    });

    it('is never sent to the gateway, by the reconciler or by send()', async () => {
      const { refund } = await returned();
      const refunds = new Refunds(t().db, untouchable, t().app.log);
      await refunds.sendPending();
      await refunds.send([refund.id]);
      const row = await t()
        .db.selectFrom('refunds')
        .select(['status', 'claimed_at', 'last_error', 'payment_id'])
        .where('id', '=', refund.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'pending', claimed_at: null, last_error: null, payment_id: null });
    });
  });

  describe('POST /admin/api/refunds/{id}/paid', () => {
    it('marks it paid with the reference, for staff; the shopper sees it refunded and is told', async () => {
      const { client, customerId, purchaseId, refund } = await returned();
      const person = await staffPerson(t(), 'staff', 'Meena Das');
      const staff = await staffSignedIn(t(), person.phone);
      const paid = await staff.post<Answer<AdminRefund>>(`/admin/api/refunds/${refund.id}/paid`, {
        reference: '  UTR 4410 2266 81  ',
      });
      expect(paid.status).toBe(200);
      expect(paid.body).toEqual({
        ...refund,
        status: 'processed',
        processedAt: expect.any(String),
        reference: 'UTR 4410 2266 81',
      });
      const line = await lineOf(client, purchaseId);
      expect(line.refunded).toBe(refund.amount);
      expect(line.refundedAt).toBe(paid.body.processedAt);
      expect(line.timeline.at(-1)).toMatchObject({ event: 'refunded', detail: { amount: refund.amount } });
      const sms = (await messagesTo(t().db, customerId)).filter((m) => m.template === 'refund_processed');
      expect(sms).toHaveLength(1);
      expect(sms[0]?.text).toContain(purchaseId);
      const audit = await t()
        .db.selectFrom('audit_log')
        .select(['actor', 'action', 'details'])
        .where('subject', '=', `refund:${refund.id}`)
        .execute();
      expect(audit).toEqual([
        {
          actor: `staff:${person.id}`,
          action: 'refund.paid',
          details: { amountPaise: refund.amount * 100, method: 'upi', reference: 'UTR 4410 2266 81' },
        },
      ]);
      const again = await post(`/admin/api/refunds/${refund.id}/paid`, { reference: 'UTR2' });
      expect(again.status).toBe(409);
      expect((await refundOfLine(purchaseId))?.reference).toBe('UTR 4410 2266 81');
    });

    it('answers 400 without a reference or with one over 60 characters, and changes nothing', async () => {
      const { refund } = await returned();
      for (const body of [{}, { reference: '   ' }, { reference: 'R'.repeat(61) }]) {
        const res = await post(`/admin/api/refunds/${refund.id}/paid`, body);
        expect([body, res.status, Object.keys(res.body.fields ?? {})]).toEqual([body, 400, ['reference']]);
      }
      expect(await refundOfLine(refund.purchaseId ?? '')).toEqual(refund);
      expect((await post(`/admin/api/refunds/${refund.id}/paid`, { reference: 'R'.repeat(60) })).status).toBe(
        200,
      );
    });

    it('answers 409 for a gateway refund and 404 for none', async () => {
      const client = await t().client();
      const customerId = await fixtures.customer();
      await fixtures.logIn(client, customerId);
      const online = await fixtures.order(customerId, [{ product: await kurta(), status: 'placed' }]);
      const purchaseId = online.purchaseIds[0] ?? '';
      expect((await client.post('/cancel', { orderID: purchaseId })).status).toBe(200);
      const gateway = await refundOfLine(purchaseId);
      expect(gateway?.method).toBe('gateway');
      const res = await post(`/admin/api/refunds/${gateway?.id}/paid`, { reference: 'UTR1' });
      expect(res.status).toBe(409);
      expect(await refundOfLine(purchaseId)).toEqual(gateway);
      expect((await post('/admin/api/refunds/999999999/paid', { reference: 'UTR1' })).status).toBe(404);
    });
  });

  describe('an exchange of a COD line', () => {
    const exchange = (client: TestClient, purchaseId: string) =>
      client.post<Answer<object>>(`/api/orders/${purchaseId}/exchange`, {
        size: 'L',
        reasonCode: 'too_small',
      });

    it('needs no refundTo and owes no refund', async () => {
      const { client, purchaseId } = await deliveredCod();
      expect((await exchange(client, purchaseId)).status).toBe(200);
      expect((await post(`/admin/api/returns/${purchaseId}`, { accept: true })).status).toBe(200);
      expect((await post(`/admin/api/returns/${purchaseId}/receive`)).status).toBe(200);
      expect((await lineOf(client, purchaseId)).status).toBe('exchanged');
      expect(await refundOfLine(purchaseId)).toBeUndefined();
    });

    it('that cannot be sent owes what was paid, by hand with no destination, until staff pay it', async () => {
      const { client, purchaseId, product } = await deliveredCod();
      expect((await exchange(client, purchaseId)).status).toBe(200);
      expect((await post(`/admin/api/returns/${purchaseId}`, { accept: true })).status).toBe(200);
      await t().db.updateTable('products').set({ active: false }).where('id', '=', product.id).execute();
      expect((await post(`/admin/api/returns/${purchaseId}/receive`)).status).toBe(200);
      const line = await lineOf(client, purchaseId);
      expect(line).toMatchObject({ status: 'returned', refunded: 0 });
      expect(line.exchange?.note).toMatch(/we will ask you where to send it/);
      const refund = await refundOfLine(purchaseId);
      expect(refund).toMatchObject({
        amount: line.paidPaise / 100,
        status: 'pending',
        method: 'manual',
        destination: null,
      });
      const paid = await post<AdminRefund>(`/admin/api/refunds/${refund?.id}/paid`, { reference: 'UTR77' });
      expect(paid.body).toMatchObject({ status: 'processed', reference: 'UTR77' });
      expect((await lineOf(client, purchaseId)).refunded).toBe(line.paidPaise / 100);
    });
  });
});
