import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder, AdminOrderLine, AdminReturnsResponse } from '../../../contract/admin.ts';
import type { ExchangeResponse, OrderLine, OrdersResponse } from '../../../contract/orders.ts';
import { describeEachDatabase, TEST_ADMIN_TOKEN } from '../../test/app.ts';
import { CheckoutDriver } from '../../test/checkout.ts';
import { type FixtureProduct, Fixtures } from '../../test/fixtures.ts';
import { TestClient } from '../../test/http.ts';
import { messagesTo, refundsOf, stockOf } from '../../test/rows.ts';

/** the default return window (returnWindowDays 1), which the fixtures' orders keep */
const RETURN_WINDOW_HOURS = 24;

type Answer<T> = T & { error?: string };

const BEARER = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
const HOUR = 3_600_000;

describeEachDatabase('orders: exchange for another size', (t) => {
  let fixtures: Fixtures;
  let staff: TestClient;
  const driver = new CheckoutDriver(t);

  beforeAll(async () => {
    fixtures = new Fixtures(t().db);
    staff = new TestClient(t().baseUrl);
  });

  /** ₹999 a piece, sizes M, L and XL with the stock given */
  const kurta = (stock: { M?: number; L?: number; XL?: number } = {}) =>
    fixtures.product({
      name: 'Exchange kurta',
      pricePaise: 99_900,
      sizes: [
        ['M', stock.M ?? 5],
        ['L', stock.L ?? 5],
        ['XL', stock.XL ?? 0],
      ],
    });

  /** a logged-in shopper with one delivered line of the product (size M unless told) */
  async function delivered(product: FixtureProduct, line: { size?: string; deliveredAt?: Date } = {}) {
    const client = await t().client();
    const customerId = await fixtures.customer();
    await fixtures.logIn(client, customerId);
    const order = await fixtures.order(customerId, [
      { product, size: line.size ?? 'M', status: 'delivered', deliveredAt: line.deliveredAt },
    ]);
    const purchaseId = order.purchaseIds[0] ?? '';
    return { client, customerId, order, purchaseId };
  }

  const exchange = (client: TestClient, purchaseId: string, body: unknown) =>
    client.post<Answer<ExchangeResponse>>(`/api/orders/${purchaseId}/exchange`, body);
  const lines = async (client: TestClient) => (await client.get<OrdersResponse>('/api/orders')).body;
  const lineOf = async (client: TestClient, purchaseId: string) =>
    (await lines(client)).find((line) => line.purchase_id === purchaseId) as OrderLine;
  const post = <T = AdminOrderLine>(path: string, body?: unknown) =>
    staff.post<Answer<T>>(path, body, BEARER);
  const decide = (purchaseId: string, accept: boolean) =>
    post(`/admin/api/returns/${purchaseId}`, { accept });
  const receive = (purchaseId: string) => post(`/admin/api/returns/${purchaseId}/receive`);
  const freeOf = async (product: FixtureProduct, size: string) =>
    (await driver.available(product))[size] ?? 0;

  it('offers the other sizes in stock of a delivered apparel line, and none of other lines', async () => {
    const product = await kurta({ M: 3, L: 2, XL: 0 });
    const { client, customerId, purchaseId } = await delivered(product);
    const shipped = await fixtures.order(customerId, [{ product, status: 'shipped' }]);
    const stole = await fixtures.product({ prod: 'accessories', name: 'Exchange stole' });
    const crafts = await fixtures.order(customerId, [{ product: stole, status: 'delivered' }]);
    const late = await fixtures.order(customerId, [
      { product, status: 'delivered', deliveredAt: new Date(Date.now() - (RETURN_WINDOW_HOURS + 1) * HOUR) },
    ]);
    expect((await lineOf(client, purchaseId)).exchangeSizes).toEqual(['L']);
    for (const other of [shipped, crafts, late]) {
      expect((await lineOf(client, other.purchaseIds[0] ?? '')).exchangeSizes).toEqual([]);
    }
  });

  it('goes end to end: requested, accepted, received, the new size shipped and delivered', async () => {
    const product = await kurta({ M: 3, L: 1 });
    const { client, customerId, order, purchaseId } = await delivered(product);
    const asked = await exchange(client, purchaseId, { size: 'L', reasonCode: 'too_small' });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ exchange: { size: 'L', status: 'exchange_requested' } });
    // the unit is held at once: nobody else can buy it, and the stock is untouched until it ships
    expect(await freeOf(product, 'L')).toBe(0);
    expect(await stockOf(t().db, product.skus.L)).toBe(1);
    const old = await lineOf(client, purchaseId);
    expect(old).toMatchObject({
      status: 'exchange_requested',
      orderStatus: 'N',
      accepted: null,
      exchangeSizes: [],
      exchange: { size: 'L', status: 'exchange_requested', note: null },
    });
    expect(old.timeline.map((step) => step.event)).toEqual([
      'placed',
      'shipped',
      'delivered',
      'exchange_requested',
    ]);

    const queue = await staff.get<AdminReturnsResponse>('/admin/api/returns', BEARER);
    const queued = queue.body.returns.find((entry) => entry.line.purchaseId === purchaseId);
    expect(queued).toMatchObject({
      kind: 'exchange',
      reason: 'Size too small',
      line: { exchange: { fromSize: 'M', toSize: 'L', reasonCode: 'too_small', accepted: null } },
    });

    expect((await decide(purchaseId, true)).body).toMatchObject({ status: 'exchanging' });
    expect(await lineOf(client, purchaseId)).toMatchObject({ status: 'exchanging', accepted: 'Y' });
    const received = await receive(purchaseId);
    expect(received.status).toBe(200);
    expect(received.body).toMatchObject({ status: 'exchanged' });
    // the old unit is back on the shelf, the held one has left it for the new line
    expect(await stockOf(t().db, product.skus.M)).toBe(4);
    expect(await stockOf(t().db, product.skus.L)).toBe(0);

    const after = await lines(client);
    const fresh = after.find((line) => line.exchangeOf === purchaseId) as OrderLine;
    expect(fresh).toMatchObject({
      status: 'placed',
      size: 'L',
      quantity: 1,
      currentPrice: 999,
      paidPaise: 99_900,
      refunded: 0,
      exchangeSizes: [],
      timeline: [],
      invoiceUrl: `/api/orders/${fresh.purchase_id}/invoice`,
    });
    expect(after.find((line) => line.purchase_id === purchaseId)).toMatchObject({
      status: 'exchanged',
      orderStatus: 'Y',
    });
    expect(
      await t()
        .db.selectFrom('refunds')
        .select('id')
        .where('payment_id', 'in', (eb) =>
          eb.selectFrom('orders').select('payment_id').where('id', '=', order.orderId),
        )
        .execute(),
    ).toEqual([]);

    // the back office ships and delivers the new line like any other
    expect((await post(`/admin/api/orders/${fresh.purchase_id}/ship`, { trackingId: 'EXC123' })).status).toBe(
      200,
    );
    expect((await post(`/admin/api/orders/${fresh.purchase_id}/deliver`)).status).toBe(200);
    const shipped = await lineOf(client, fresh.purchase_id);
    expect(shipped.timeline.map((step) => step.event)).toEqual(['exchange_shipped', 'delivered']);
    expect(shipped.timeline[0]?.detail).toMatchObject({ trackingId: 'EXC123' });
    // an exchange's line is not exchanged again, but may be returned
    expect(shipped.exchangeSizes).toEqual([]);
    const again = await exchange(client, fresh.purchase_id, { size: 'M', reasonCode: 'too_large' });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/already an exchange/);
    expect((await client.post(`/return`, { orderID: fresh.purchase_id, reason: 'Still tight' })).status).toBe(
      200,
    );

    expect((await lineOf(client, purchaseId)).timeline.map((step) => step.event)).toEqual([
      'placed',
      'shipped',
      'delivered',
      'exchange_requested',
      'exchange_accepted',
      'exchange_received',
    ]);
    const sent = (await messagesTo(t().db, customerId)).map((message) => message.template);
    expect(sent).toEqual(
      expect.arrayContaining([
        'exchange_requested',
        'exchange_accepted',
        'exchange_received',
        'exchange_shipped',
      ]),
    );
    expect(
      (await messagesTo(t().db, customerId)).find((m) => m.template === 'exchange_shipped')?.text,
    ).toContain(fresh.purchase_id);
    // the order page shows the new line beside the old
    const page = await staff.get<AdminOrder>(`/admin/api/orders/${order.orderId}`, BEARER);
    expect(page.body.lines.map((line) => [line.size, line.status, line.exchangeOf])).toEqual([
      ['M', 'exchanged', null],
      ['L', 'return_requested', purchaseId],
    ]);
  });

  it("answers 404 for another shopper's line, changing nothing", async () => {
    const product = await kurta();
    const { purchaseId } = await delivered(product);
    const other = await delivered(product);
    const res = await exchange(other.client, purchaseId, { size: 'L', reasonCode: 'too_small' });
    expect(res.status).toBe(404);
    expect(await freeOf(product, 'L')).toBe(5);
  });

  it('refuses bad codes and sizes (400) and lines that cannot be exchanged (409), changing nothing', async () => {
    const product = await kurta({ M: 5, L: 5, XL: 0 });
    const other = await fixtures.product({ name: 'Other kurta', sizes: [['XXL', 4]] });
    const { client, customerId, purchaseId } = await delivered(product);
    const cases: [unknown, number, RegExp][] = [
      [{ size: 'L', reasonCode: 'bored' }, 400, /reasonCode/],
      // a size of another product only
      [{ size: Object.keys(other.skus)[0], reasonCode: 'too_small' }, 400, /no size "XXL"/],
      [{ size: 'M', reasonCode: 'too_small' }, 400, /already size M/],
      [{ size: 'XL', reasonCode: 'too_small' }, 409, /no longer free/],
    ];
    for (const [body, status, error] of cases) {
      const res = await exchange(client, purchaseId, body);
      expect(res.status).toBe(status);
      expect(res.body.error).toMatch(error);
    }
    const late = await fixtures.order(customerId, [
      { product, status: 'delivered', deliveredAt: new Date(Date.now() - (RETURN_WINDOW_HOURS + 1) * HOUR) },
    ]);
    const shipped = await fixtures.order(customerId, [{ product, status: 'shipped' }]);
    for (const [line, error] of [
      [late.purchaseIds[0], /exchange window/],
      [shipped.purchaseIds[0], /on its way and cannot be exchanged/],
    ] as const) {
      const res = await exchange(client, line ?? '', { size: 'L', reasonCode: 'too_small' });
      expect(res.status).toBe(409);
      expect(res.body.error).toMatch(error);
    }
    expect(await lineOf(client, purchaseId)).toMatchObject({ status: 'delivered', exchangeSizes: ['L'] });
    expect(await freeOf(product, 'L')).toBe(5);
    const asked = await exchange(client, purchaseId, { size: 'L', reasonCode: 'too_small' });
    expect(asked.status).toBe(200);
    const twice = await exchange(client, purchaseId, { size: 'L', reasonCode: 'too_small' });
    expect(twice.status).toBe(409);
    expect(await freeOf(product, 'L')).toBe(4);
  });

  it('a refused exchange gives the held unit back', async () => {
    const product = await kurta({ L: 1 });
    const { client, purchaseId } = await delivered(product);
    await exchange(client, purchaseId, { size: 'L', reasonCode: 'changed_mind' });
    expect(await freeOf(product, 'L')).toBe(0);
    expect((await decide(purchaseId, false)).body).toMatchObject({ status: 'exchange_rejected' });
    expect(await freeOf(product, 'L')).toBe(1);
    const line = await lineOf(client, purchaseId);
    expect(line).toMatchObject({ status: 'exchange_rejected', orderStatus: 'N', accepted: 'N' });
    expect(line.timeline.at(-1)?.event).toBe('return_rejected');
    expect((await receive(purchaseId)).status).toBe(409);
  });

  it('refunds what was paid, once, with a sentence, when the held size can no longer be sent', async () => {
    const product = await kurta({ M: 2, L: 3 });
    const { client, purchaseId } = await delivered(product);
    // a coupon took ₹99.90 off the line: the refund is what was paid, not the price
    await t()
      .db.updateTable('order_lines')
      .set({ paid_paise: 90_000 })
      .where('purchase_id', '=', purchaseId)
      .execute();
    await exchange(client, purchaseId, { size: 'L', reasonCode: 'too_small' });
    await decide(purchaseId, true);
    await t().db.updateTable('products').set({ active: false }).where('id', '=', product.id).execute();
    const answers = await Promise.all([receive(purchaseId), receive(purchaseId)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await refundsOf(t().db, purchaseId)).toEqual([
      { amount_paise: 90_000, reason: 'return', status: 'processed' },
    ]);
    const line = await lineOf(client, purchaseId);
    expect(line).toMatchObject({ status: 'returned', orderStatus: 'Y', refunded: 900 });
    expect(line.exchange?.note).toMatch(/no longer sold.*refunded what you paid/);
    expect(line.timeline.map((step) => step.event).slice(-2)).toEqual(['exchange_received', 'refunded']);
    expect((await lines(client)).filter((l) => l.exchangeOf === purchaseId)).toEqual([]);
    // the old unit is back, the hold is gone
    expect(await stockOf(t().db, product.skus.M)).toBe(3);
    expect(await stockOf(t().db, product.skus.L)).toBe(3);
    const held = await t()
      .db.selectFrom('stock_holds')
      .select('id')
      .where('sku_id', '=', product.skus.L ?? 0)
      .where('released_at', 'is', null)
      .execute();
    expect(held).toEqual([]);
  });

  describe('the race for the last unit', () => {
    it('goes to exactly one of an exchange and two buyers paying; the others are told before anything is held', async () => {
      const product = await kurta({ M: 5, L: 1 });
      const { client, purchaseId } = await delivered(product);
      const buyers = await Promise.all([driver.shopper(1, product, 'L'), driver.shopper(1, product, 'L')]);
      const amounts = await Promise.all(buyers.map((buyer) => driver.amountToPay(buyer.client)));
      const [asked, ...attempts] = await Promise.all([
        exchange(client, purchaseId, { size: 'L', reasonCode: 'too_small' }),
        ...buyers.map((buyer, i) => driver.createOrder(buyer.client, amounts[i] ?? 0)),
      ]);
      const answers = [asked, ...attempts].map((answer) => answer?.status);
      expect(answers.filter((status) => status === 200)).toHaveLength(1);
      expect(answers.filter((status) => status === 409)).toHaveLength(2);
      for (const lost of [asked, ...attempts].filter((answer) => answer?.status === 409)) {
        expect(lost?.body.error).toMatch(/L/);
      }
      const holds = await t()
        .db.selectFrom('stock_holds')
        .select('quantity')
        .where('sku_id', '=', product.skus.L ?? 0)
        .where('released_at', 'is', null)
        .execute();
      expect(holds).toHaveLength(1);
      if (asked?.status === 200) {
        expect((await lineOf(client, purchaseId)).status).toBe('exchange_requested');
      } else {
        const winner = buyers[attempts.findIndex((a) => a?.status === 200)];
        const won = attempts.find((a) => a?.status === 200);
        if (!winner || !won) throw new Error('no winner');
        const paid = await driver.pay(winner.client, won.body.id);
        expect((await driver.checkOut(winner.client, paid.body)).status).toBe(200);
        expect(await stockOf(t().db, product.skus.L)).toBe(0);
        expect((await lineOf(client, purchaseId)).status).toBe('delivered');
      }
    });
  });
});
