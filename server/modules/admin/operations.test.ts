import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminOrder,
  type AdminOrderLine,
  type AdminOrdersResponse,
  type AdminRefund,
  type AdminRefundsResponse,
  type AdminReturnsResponse,
  type AdminReview,
  type AdminReviewsResponse,
  DASHBOARD_LOW_STOCK,
  type DashboardResponse,
} from '../../../contract/admin.ts';
import type { ProductResponse } from '../../../contract/catalogue.ts';
import type { UploadResponse } from '../../../contract/reviews.ts';
import { ONLY_THE_OWNER } from '../../../contract/staff.ts';
import { describeEachDatabase, TEST_ADMIN_TOKEN, type TestApp } from '../../test/app.ts';
import { type FixtureProduct, Fixtures, type OrderLineSpec } from '../../test/fixtures.ts';
import { TestClient } from '../../test/http.ts';
import { staffPerson, staffSignedIn } from '../../test/staff.ts';

type Answer<T> = T & { error?: string };

const BEARER = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
const DAY = 86_400_000;

/** The back office as automation calls it: the token alone, no cookie, no CSRF token. */
function automation(t: TestApp) {
  const client = new TestClient(t.baseUrl);
  return {
    get: <T>(path: string) => client.get<Answer<T>>(path, BEARER),
    post: <T = AdminOrderLine>(path: string, body?: unknown) => client.post<Answer<T>>(path, body, BEARER),
  };
}

describeEachDatabase('back office: orders, returns, refunds and reviews', (t) => {
  let fixtures: Fixtures;
  let kurta: FixtureProduct;
  let admin: ReturnType<typeof automation>;
  // every customer of this suite has it in their name, so counts are exact whatever else the database holds
  const tag = `Opsname${randomInt(100_000, 999_999)}`;

  beforeAll(async () => {
    fixtures = new Fixtures(t().db);
    // 300 rupees: below the free-delivery threshold, so a lone line's order pays the delivery charge
    kurta = await fixtures.product({ name: 'Operations kurta', pricePaise: 30_000, sizes: [['M', 50]] });
    admin = automation(t());
  });

  /** a logged-in shopper of this suite and their order */
  async function ordered(lines: Partial<OrderLineSpec>[] = [{}], placedAt?: Date) {
    const client = await t().client();
    const customerId = await fixtures.customer({ fname: 'Meera', lname: tag });
    await fixtures.logIn(client, customerId);
    const order = await fixtures.order(
      customerId,
      lines.map((line) => ({ product: kurta, ...line })),
      { placedAt },
    );
    const customer = await t()
      .db.selectFrom('customers')
      .select('phone')
      .where('id', '=', customerId)
      .executeTakeFirstOrThrow();
    return { client, customerId, phone: customer.phone, order, purchaseId: order.purchaseIds[0] ?? '' };
  }

  const lines = async (query: string) => {
    const res = await admin.get<AdminOrdersResponse>(`/admin/api/orders${query}`);
    expect(res.status).toBe(200);
    return res.body.lines.map((line) => line.purchaseId);
  };
  const stockOfM = async () =>
    (
      await t()
        .db.selectFrom('skus')
        .select('stock')
        .where('id', '=', kurta.skus.M ?? 0)
        .executeTakeFirstOrThrow()
    ).stock;
  const failRefundsOf = (gatewayPaymentId: string, status: 'failed' | 'captured') =>
    t().db.updateTable('sim_gateway_payments').set({ status }).where('id', '=', gatewayPaymentId).execute();

  describe('GET /admin/api/orders filters', () => {
    it('keeps orders placed from and to India days, both inclusive, at the edges of midnight', async () => {
      // 18:30 UTC is midnight in India
      const at = (iso: string) => new Date(iso);
      const lastOf10th = await ordered([{}], at('2026-03-10T18:29:59.999Z'));
      const firstOf11th = await ordered([{}], at('2026-03-10T18:30:00.000Z'));
      const lastOf11th = await ordered([{}], at('2026-03-11T18:29:59.999Z'));
      const firstOf12th = await ordered([{}], at('2026-03-11T18:30:00.000Z'));
      const q = `&q=${tag}`;

      expect(await lines(`?from=2026-03-11&to=2026-03-11${q}`)).toEqual([
        lastOf11th.purchaseId,
        firstOf11th.purchaseId,
      ]);
      expect(await lines(`?to=2026-03-10${q}`)).toEqual([lastOf10th.purchaseId]);
      expect(await lines(`?from=2026-03-12&to=2026-03-12${q}`)).toEqual([firstOf12th.purchaseId]);
      expect(await lines(`?from=2026-03-10&to=2026-03-12${q}`)).toHaveLength(4);
    });

    it('finds a line by purchase id, phone digits or part of the name in any case; with status', async () => {
      const meera = await ordered([{}, { status: 'shipped' }]);
      const other = await ordered();
      const [placedLine, shippedLine] = meera.order.purchaseIds;

      expect(await lines(`?q=${placedLine}`)).toEqual([placedLine]);
      expect(await lines(`?q=${placedLine?.slice(0, -1)}`)).toEqual([]);
      for (const phone of [meera.phone, `+91 ${meera.phone}`, meera.phone.slice(-6)]) {
        expect(await lines(`?q=${encodeURIComponent(phone)}`)).toEqual([shippedLine, placedLine]);
      }
      const byName = await lines(`?q=${tag.toLowerCase()}`);
      expect(byName).toEqual(expect.arrayContaining([placedLine, shippedLine, other.purchaseId]));
      expect(await lines(`?q=${encodeURIComponent(`meera ${tag.toUpperCase()}`)}&status=shipped`)).toEqual(
        expect.arrayContaining([shippedLine]),
      );
      expect(await lines(`?q=${meera.phone}&status=shipped`)).toEqual([shippedLine]);
      // LIKE's wildcards are plain characters
      expect(await lines(`?q=${encodeURIComponent('%')}`)).toEqual([]);
      expect(await lines(`?q=${encodeURIComponent('_')}`)).toEqual([]);
    });

    it.each([
      ['?from=2026-02-30', /from is not a date/],
      ['?to=2026-13-01', /to is not a date/],
      ['?from=20260101', /from/],
      ['?from=2026-03-12&to=2026-03-11', /from is after to/],
      [`?q=${'x'.repeat(101)}`, /q/],
    ])('refuses %s with 400', async (query, message) => {
      const res = await admin.get(`/admin/api/orders${query}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(message);
    });
  });

  describe('GET /admin/api/orders/{orderId}', () => {
    it('answers the order with its customer, address, payment, lines, refunds and history', async () => {
      const { client, customerId, phone, order } = await ordered([{}, { quantity: 2 }]);
      const [first = '', second = ''] = order.purchaseIds;
      expect((await admin.post(`/admin/api/orders/${first}/ship`, { trackingId: 'DTDC42' })).status).toBe(
        200,
      );
      expect((await client.post('/cancel', { orderID: second })).status).toBe(200);

      const res = await admin.get<AdminOrder>(`/admin/api/orders/${order.orderId}`);
      expect(res.status).toBe(200);
      const page = res.body;
      expect(page).toMatchObject({
        orderId: order.orderId,
        placedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        customer: { id: customerId, name: `Meera ${tag}`, phone },
        address: expect.objectContaining({ city: 'Kolkata', pin: '700001' }),
        payment: { id: order.gatewayPaymentId, amount: order.amountPaise / 100 },
      });
      expect(page.lines.map((line) => [line.purchaseId, line.status])).toEqual([
        [first, 'shipped'],
        [second, 'cancelled'],
      ]);
      // two units of 300, free within a day; the other line still comes, so no delivery charge back
      expect(page.refunds).toEqual([
        {
          id: expect.any(Number),
          purchaseId: second,
          orderId: order.orderId,
          amount: 600,
          status: 'processed',
          reason: 'cancellation',
          createdAt: expect.any(String),
          processedAt: expect.any(String),
          failure: null,
          method: 'gateway',
          destination: null,
          reference: null,
        },
      ]);
      expect(page.history.map(({ who, action, purchaseId }) => [who, action, purchaseId])).toEqual([
        ['Automation', 'order.ship', first],
        [`Shopper ${phone}`, 'order.cancel', second],
        ['Shop', 'refund.processed', second],
      ]);
      expect(page.history[0]?.details).toEqual({ from: 'placed', to: 'shipped', trackingId: 'DTDC42' });
      expect(page.history[2]?.details).toMatchObject({ amount: 600, reason: 'cancellation' });
    });

    it('answers 404 for an unknown order and 400 for an id that is not one', async () => {
      const unknown = await admin.get('/admin/api/orders/2147483647');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ error: 'No order 2147483647' });
      for (const id of ['abc', '0', '2147483648', '1.5', '1e3']) {
        expect((await admin.get(`/admin/api/orders/${id}`)).status).toBe(400);
      }
    });
  });

  describe('POST /admin/api/orders/{purchaseId}/cancel', () => {
    it("cancels the order's only line free within a day: its price and the delivery charge back, stock back", async () => {
      const { purchaseId, order } = await ordered();
      const stock = await stockOfM();
      const res = await admin.post(`/admin/api/orders/${purchaseId}/cancel`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        purchaseId,
        status: 'cancelled',
        cancelledAt: expect.any(String),
        refunds: [{ amount: 350, reason: 'cancellation', status: 'processed' }],
      });
      expect(order.amountPaise).toBe(35_000);
      expect(await stockOfM()).toBe(stock + 1);
      const audit = await t()
        .db.selectFrom('audit_log')
        .select(['actor', 'action', 'details'])
        .where('subject', '=', `purchase:${purchaseId}`)
        .execute();
      expect(audit).toEqual([
        {
          actor: 'admin',
          action: 'order.cancel',
          details: {
            from: 'placed',
            to: 'cancelled',
            refundPaise: 35_000,
            chargePaise: 0,
            deliveryPaise: 5_000,
            restocked: 1,
          },
        },
      ]);
    });

    it('keeps the cancellation charge after a day, and the delivery charge while another line is live', async () => {
      const { order } = await ordered([{}, { status: 'shipped' }], new Date(Date.now() - 2 * DAY));
      const res = await admin.post(`/admin/api/orders/${order.purchaseIds[1]}/cancel`);
      expect(res.status).toBe(200);
      // 300 less 10%
      expect(res.body.refunds).toEqual([{ amount: 270, reason: 'cancellation', status: 'processed' }]);
    });

    it.each([
      ['delivered', 'This item is delivered and cannot be cancelled'],
      ['cancelled', 'This item is already cancelled'],
      ['return_requested', 'This item is awaiting a return decision and cannot be cancelled'],
      ['returned', 'This item is returned and cannot be cancelled'],
    ] as const)('refuses a %s line with 409 and changes nothing', async (status, message) => {
      const { purchaseId } = await ordered([{ status }]);
      const stock = await stockOfM();
      const res = await admin.post(`/admin/api/orders/${purchaseId}/cancel`);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: message });
      expect(await stockOfM()).toBe(stock);
    });

    it('answers 404 for an unknown line', async () => {
      const res = await admin.post('/admin/api/orders/pur_nobody/cancel');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'No order line "pur_nobody"' });
    });
  });

  describe('GET /admin/api/returns', () => {
    it("queues asked returns oldest first with the reason and the shopper's photo; accepted ones apart", async () => {
      const first = await ordered([{ status: 'delivered' }]);
      const second = await ordered([{ status: 'delivered' }]);
      await fixtures.review(second.customerId, kurta.id, { rating: 2, photo: 'rv-return-proof.webp' });
      expect(
        (await first.client.post('/return', { orderID: first.purchaseId, reason: 'Too small' })).status,
      ).toBe(200);
      expect(
        (await second.client.post('/return', { orderID: second.purchaseId, reason: 'Torn' })).status,
      ).toBe(200);
      const ours = (body: AdminReturnsResponse) =>
        body.returns.filter((r) => [first.purchaseId, second.purchaseId].includes(r.line.purchaseId));

      const requested = await admin.get<AdminReturnsResponse>('/admin/api/returns');
      expect(requested.status).toBe(200);
      expect(ours(requested.body)).toEqual([
        {
          kind: 'return',
          line: expect.objectContaining({ purchaseId: first.purchaseId, status: 'return_requested' }),
          reason: 'Too small',
          reasonCode: null,
          reasonTitle: 'Other',
          comment: '',
          photo: null,
          photos: [],
          requestedAt: expect.any(String),
        },
        {
          kind: 'return',
          line: expect.objectContaining({ purchaseId: second.purchaseId, status: 'return_requested' }),
          reason: 'Torn',
          reasonCode: null,
          reasonTitle: 'Other',
          comment: '',
          photo: null,
          photos: ['/reviewimages/rv-return-proof.webp'],
          requestedAt: expect.any(String),
        },
      ]);

      expect((await admin.post(`/admin/api/returns/${first.purchaseId}`, { accept: true })).status).toBe(200);
      const stillAsked = await admin.get<AdminReturnsResponse>('/admin/api/returns?state=requested');
      expect(ours(stillAsked.body).map((r) => r.line.purchaseId)).toEqual([second.purchaseId]);
      const accepted = await admin.get<AdminReturnsResponse>('/admin/api/returns?state=accepted');
      expect(ours(accepted.body).map((r) => [r.line.purchaseId, r.line.return?.accepted])).toEqual([
        [first.purchaseId, true],
      ]);
      const all = await admin.get<AdminReturnsResponse>('/admin/api/returns?state=all');
      expect(ours(all.body).map((r) => r.line.purchaseId)).toEqual([first.purchaseId, second.purchaseId]);
    });

    it('refuses an unknown state with 400', async () => {
      const res = await admin.get('/admin/api/returns?state=lost');
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/state/);
    });
  });

  /** a cancelled line whose refund the gateway refused: the payment is not capturable there */
  async function failedRefund() {
    const { order, purchaseId } = await ordered();
    await failRefundsOf(order.gatewayPaymentId, 'failed');
    const cancelled = await admin.post(`/admin/api/orders/${purchaseId}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.refunds).toEqual([{ amount: 350, reason: 'cancellation', status: 'failed' }]);
    const listed = await admin.get<AdminRefundsResponse>('/admin/api/refunds?status=failed');
    const refund = listed.body.refunds.find((r) => r.purchaseId === purchaseId);
    if (!refund) throw new Error('the failed refund is not listed');
    return { order, purchaseId, refund };
  }

  describe('refunds', () => {
    it('lists a refund the gateway refused as failed, with the refusal, and not among the others', async () => {
      const { order, purchaseId, refund } = await failedRefund();
      expect(refund).toEqual({
        id: expect.any(Number),
        purchaseId,
        orderId: order.orderId,
        amount: 350,
        status: 'failed',
        reason: 'cancellation',
        createdAt: expect.any(String),
        processedAt: null,
        failure: expect.stringMatching(/cannot be refunded/),
        method: 'gateway',
        destination: null,
        reference: null,
      });
      for (const status of ['processed', 'pending']) {
        const other = await admin.get<AdminRefundsResponse>(`/admin/api/refunds?status=${status}`);
        expect(other.body.refunds.every((r) => r.status === status)).toBe(true);
        expect(other.body.refunds.map((r) => r.id)).not.toContain(refund.id);
      }
      const all = await admin.get<AdminRefundsResponse>('/admin/api/refunds');
      const ids = all.body.refunds.map((r) => r.id);
      expect(ids).toContain(refund.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      const older = await admin.get<AdminRefundsResponse>(`/admin/api/refunds?before=${refund.id}`);
      expect(older.body.refunds.every((r) => r.id < refund.id)).toBe(true);
      expect(older.body.next).toBeNull();
    });

    it('retries a failed refund: refused again it stays failed; once the gateway takes it, processed', async () => {
      const { order, purchaseId, refund } = await failedRefund();
      const again = await admin.post<AdminRefund>(`/admin/api/refunds/${refund.id}/retry`);
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ id: refund.id, status: 'failed', processedAt: null });

      await failRefundsOf(order.gatewayPaymentId, 'captured');
      const retried = await admin.post<AdminRefund>(`/admin/api/refunds/${refund.id}/retry`);
      expect(retried.status).toBe(200);
      expect(retried.body).toMatchObject({
        id: refund.id,
        purchaseId,
        status: 'processed',
        processedAt: expect.any(String),
        failure: null,
      });
      const payment = await new TestClient(t().baseUrl).get<{ refunds: { amount: number }[] }>(
        `/api/dev/payments/${order.gatewayPaymentId}`,
      );
      expect(payment.body.refunds).toEqual([{ amount: 35_000 }]);

      const twice = await admin.post(`/admin/api/refunds/${refund.id}/retry`);
      expect(twice.status).toBe(409);
      expect(twice.body).toEqual({ error: 'This refund is processed; only a failed refund can be retried' });
      const audit = await t()
        .db.selectFrom('audit_log')
        .select(['actor', 'action'])
        .where('subject', '=', `refund:${refund.id}`)
        .execute();
      expect(audit).toEqual([
        { actor: 'admin', action: 'refund.retry' },
        { actor: 'admin', action: 'refund.retry' },
      ]);
      const history = (await admin.get<AdminOrder>(`/admin/api/orders/${order.orderId}`)).body.history;
      expect(history.map((entry) => [entry.action, entry.purchaseId])).toEqual([
        ['order.cancel', purchaseId],
        ['refund.retry', purchaseId],
        ['refund.retry', purchaseId],
        ['refund.processed', purchaseId],
      ]);
    });

    it('refuses to retry a pending refund (409) or an unknown one (404), and bad queries (400)', async () => {
      const { order } = await ordered();
      const payment = await t()
        .db.selectFrom('payments')
        .select('id')
        .where('gateway_payment_id', '=', order.gatewayPaymentId)
        .executeTakeFirstOrThrow();
      const pending = await t()
        .db.insertInto('refunds')
        .values({ payment_id: payment.id, amount_paise: 100, reason: 'cancellation' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const res = await admin.post(`/admin/api/refunds/${pending.id}/retry`);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: 'This refund is pending; only a failed refund can be retried' });
      expect((await admin.post('/admin/api/refunds/2147483647/retry')).status).toBe(404);
      expect((await admin.get('/admin/api/refunds?status=lost')).status).toBe(400);
      expect((await admin.get('/admin/api/refunds?before=x')).status).toBe(400);
    });
  });

  describe('a staff member', () => {
    it('may list refunds but not retry one (403); their moves are in the history by name', async () => {
      const { refund } = await failedRefund();
      const ravi = await staffPerson(t(), 'staff', 'Ravi Kumar');
      const staff = await staffSignedIn(t(), ravi.phone);
      expect((await staff.get('/admin/api/refunds')).status).toBe(200);
      const retry = await staff.post(`/admin/api/refunds/${refund?.id}/retry`);
      expect(retry.status).toBe(403);
      expect(retry.body).toEqual({ error: ONLY_THE_OWNER });
      const still = await admin.get<AdminRefundsResponse>('/admin/api/refunds?status=failed');
      expect(still.body.refunds.map((r) => r.id)).toContain(refund.id);

      const { order: other } = await ordered();
      const shipped = await staff.post(`/admin/api/orders/${other.purchaseIds[0]}/ship`, {
        trackingId: 'BD77',
      });
      expect(shipped.status).toBe(200);
      const history = (await admin.get<AdminOrder>(`/admin/api/orders/${other.orderId}`)).body.history;
      expect(history.map((entry) => [entry.who, entry.action])).toEqual([['Ravi Kumar', 'order.ship']]);
      const audit = await t()
        .db.selectFrom('audit_log')
        .select('actor')
        .where('subject', '=', `purchase:${other.purchaseIds[0]}`)
        .execute();
      expect(audit).toEqual([{ actor: `staff:${ravi.id}` }]);
    });
  });

  describe('reviews', () => {
    const png = () =>
      sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } })
        .png()
        .toBuffer();
    const productPage = async (product: FixtureProduct) =>
      (await (await t().client()).get<ProductResponse>(`/product/ind/apparel/${product.id}`)).body;
    const photoStatus = async (file: string) => (await fetch(`${t().baseUrl}/reviewimages/${file}`)).status;
    const stars = (page: ProductResponse, rating: number) =>
      page.rating.find((r) => r.rating === rating)?.ratingCount;

    /** a product with two reviews: a 5 with a stored photo, then a 1 with words only */
    async function reviewed() {
      const product = await fixtures.product({ name: 'Reviewed kurta' });
      const happy = await ordered([{ status: 'delivered' }]);
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'me.png');
      const upload = await happy.client.post<UploadResponse>(`/upload/apparel/${product.id}`, form);
      expect(upload.status).toBe(200);
      expect(
        (await happy.client.post(`/api/review/${product.id}`, { userRating: 5, userReview: 'Lovely' }))
          .status,
      ).toBe(200);
      const unhappy = await fixtures.customer({ fname: 'Arun', lname: tag });
      await fixtures.review(unhappy, product.id, { rating: 1, body: 'Faded', at: '2030-01-01T00:00:00Z' });
      return { product, file: upload.body.file };
    }

    it('lists the latest reviews with product, customer, rating, text, photo and state', async () => {
      const { product, file } = await reviewed();
      const res = await admin.get<AdminReviewsResponse>('/admin/api/reviews');
      expect(res.status).toBe(200);
      const ours = res.body.reviews.filter((r) => r.productId === product.id);
      expect(ours).toEqual([
        {
          id: expect.any(Number),
          productId: product.id,
          productName: 'Reviewed kurta',
          customerName: `Arun ${tag}`,
          rating: 1,
          text: 'Faded',
          photo: null,
          hidden: false,
          createdAt: '2030-01-01T00:00:00.000Z',
        },
        {
          id: expect.any(Number),
          productId: product.id,
          productName: 'Reviewed kurta',
          customerName: `Meera ${tag}`,
          rating: 5,
          text: 'Lovely',
          photo: `/reviewimages/${file}`,
          hidden: false,
          createdAt: expect.any(String),
        },
      ]);
      const times = res.body.reviews.map((r) => r.createdAt);
      expect(times).toEqual([...times].sort().reverse());
      const after = await admin.get<AdminReviewsResponse>(`/admin/api/reviews?before=${ours[0]?.id}`);
      expect(after.body.reviews[0]?.id).toBe(ours[1]?.id);
    });

    it('hides a review from the product page, its rating and its photo, and shows it again', async () => {
      const { product, file } = await reviewed();
      const before = await productPage(product);
      expect(before.review.map((r) => r.review)).toEqual(['Faded', 'Lovely']);
      expect([stars(before, 5), stars(before, 1)]).toEqual([1, 1]);
      expect(await photoStatus(file)).toBe(200);
      const listed = (await admin.get<AdminReviewsResponse>('/admin/api/reviews')).body.reviews;
      const lovely = listed.find((r) => r.productId === product.id && r.rating === 5) as AdminReview;

      const hidden = await admin.post<AdminReview>(`/admin/api/reviews/${lovely.id}/hide`);
      expect(hidden.status).toBe(200);
      expect(hidden.body).toEqual({ ...lovely, hidden: true });
      const without = await productPage(product);
      expect(without.review.map((r) => r.review)).toEqual(['Faded']);
      expect([stars(without, 5), stars(without, 1)]).toEqual([0, 1]);
      expect(await photoStatus(file)).toBe(404);
      expect(await photoStatus(`${file}?w=640`)).toBe(404);

      const shown = await admin.post<AdminReview>(`/admin/api/reviews/${lovely.id}/show`);
      expect(shown.body).toEqual({ ...lovely, hidden: false });
      expect((await productPage(product)).review.map((r) => r.review)).toEqual(['Faded', 'Lovely']);
      expect(await photoStatus(file)).toBe(200);
      const audit = await t()
        .db.selectFrom('audit_log')
        .select(['actor', 'action', 'details'])
        .where('subject', '=', `review:${lovely.id}`)
        .orderBy('id')
        .execute();
      expect(audit).toEqual([
        { actor: 'admin', action: 'review.hide', details: { productId: product.id } },
        { actor: 'admin', action: 'review.show', details: { productId: product.id } },
      ]);
    });

    it('answers 404 for an unknown review and 400 for a bad id or query', async () => {
      const res = await admin.post('/admin/api/reviews/2147483647/hide');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'No review 2147483647' });
      expect((await admin.post('/admin/api/reviews/abc/show')).status).toBe(400);
      expect((await admin.get('/admin/api/reviews?before=0')).status).toBe(400);
    });
  });

  it('answers 401 to every new route without a session or token', async () => {
    const stranger = new TestClient(t().baseUrl);
    for (const path of [
      '/admin/api/orders/1',
      '/admin/api/returns',
      '/admin/api/refunds',
      '/admin/api/reviews',
    ]) {
      expect((await stranger.get(path)).status).toBe(401);
    }
    for (const path of [
      '/admin/api/orders/pur_x/cancel',
      '/admin/api/refunds/1/retry',
      '/admin/api/reviews/1/hide',
    ]) {
      expect((await stranger.post(path)).status).toBe(401);
    }
    expect((await stranger.get('/admin/api/dashboard')).status).toBe(401);
  });
});

// 15:30 in India on 15 June 2030: a day no other suite's orders fall on
const NOW = new Date('2030-06-15T10:00:00Z');

describeEachDatabase(
  'back office: dashboard',
  (t) => {
    it("counts today's and the last 7 days' orders and takings in India days, lines to ship, returns to decide", async () => {
      const fixtures = new Fixtures(t().db);
      const admin = automation(t());
      const dashboard = async () => (await admin.get<DashboardResponse>('/admin/api/dashboard')).body;
      // 300 rupees and the 50 rupee delivery charge: 350 an order
      const kurta = await fixtures.product({ pricePaise: 30_000, sizes: [['M', 50]] });
      const customerId = await fixtures.customer();
      const before = await dashboard();
      const placed = (iso: string) =>
        fixtures.order(customerId, [{ product: kurta }], { placedAt: new Date(iso) });

      await placed('2030-06-14T18:30:00Z'); // 00:00 on the 15th in India: today
      await placed('2030-06-15T18:29:59Z'); // 23:59:59 on the 15th: today
      await placed('2030-06-14T18:29:59Z'); // the 14th: this week
      await placed('2030-06-08T18:30:00Z'); // 00:00 on the 9th: the week's first moment
      await placed('2030-06-08T18:29:59Z'); // the 8th: a week ago, out
      await placed('2030-06-15T18:30:00Z'); // the 16th: tomorrow, out
      const client = await t().client();
      await fixtures.logIn(client, customerId);
      const delivered = await fixtures.order(customerId, [{ product: kurta, status: 'delivered' }], {
        placedAt: new Date('2030-01-01T00:00:00Z'),
      });
      expect(
        (await client.post('/return', { orderID: delivered.purchaseIds[0], reason: 'Loose' })).status,
      ).toBe(200);

      const after = await dashboard();
      expect(after.today).toEqual({ orders: before.today.orders + 2, revenue: before.today.revenue + 700 });
      expect(after.week).toEqual({ orders: before.week.orders + 4, revenue: before.week.revenue + 1400 });
      expect(after.toShip).toBe(before.toShip + 6);
      expect(after.returnsToDecide).toBe(before.returnsToDecide + 1);
      expect(before.today).toEqual({ orders: 0, revenue: 0 });
    });

    it('lists the live products’ sizes at or below the low-stock threshold, fewest first', async () => {
      const fixtures = new Fixtures(t().db);
      const soldOut = await fixtures.product({
        sizes: [
          ['S', 0],
          ['M', 50],
        ],
      });
      const { lowStock } = (await automation(t()).get<DashboardResponse>('/admin/api/dashboard')).body;
      // the newest sold-out size comes first
      expect(lowStock[0]).toMatchObject({ productId: soldOut.id, size: 'S', stock: 0, active: true });
      expect(lowStock.length).toBeLessThanOrEqual(DASHBOARD_LOW_STOCK);
      expect(lowStock.every((size) => size.active)).toBe(true);
    });
  },
  {},
  { now: () => NOW },
);
