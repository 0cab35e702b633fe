import { beforeAll, expect, it } from 'vitest';
import type { OrderLine, OrdersResponse } from '../../../contract/orders.ts';
import { describeEachDatabase } from '../../test/app.ts';
import { type FixtureProduct, Fixtures } from '../../test/fixtures.ts';
import type { TestClient } from '../../test/http.ts';

describeEachDatabase('orders: a refunded line says when its refund was issued', (t) => {
  let fixtures: Fixtures;
  let kurta: FixtureProduct;

  beforeAll(async () => {
    fixtures = new Fixtures(t().db);
    kurta = await fixtures.product({ name: 'Refund kurta', pricePaise: 99_900 });
  });

  async function shopperWithOrder() {
    const client = await t().client();
    const customerId = await fixtures.customer();
    await fixtures.logIn(client, customerId);
    const order = await fixtures.order(customerId, [{ product: kurta }, { product: kurta }]);
    return { client, purchaseIds: order.purchaseIds as [string, string] };
  }

  const lineOf = async (client: TestClient, purchaseId: string): Promise<OrderLine | undefined> =>
    (await client.get<OrdersResponse>('/api/orders')).body.find((line) => line.purchase_id === purchaseId);

  it('gives a cancelled and refunded line refundedAt (ISO) beside its amount and credit note', async () => {
    const { client, purchaseIds } = await shopperWithOrder();
    const [cancelled, kept] = purchaseIds;
    const before = Date.now();
    expect((await client.post('/cancel', { orderID: cancelled })).status).toBe(200);
    const after = Date.now();
    const line = await lineOf(client, cancelled);
    expect(line).toMatchObject({ refunded: 999, creditNoteUrl: `/api/orders/${cancelled}/credit-note` });
    expect(line?.refundedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const issued = Date.parse(line?.refundedAt ?? '');
    expect(issued).toBeGreaterThanOrEqual(before - 1000);
    expect(issued).toBeLessThanOrEqual(after + 1000);
    const untouched = await lineOf(client, kept);
    expect(untouched?.refunded).toBe(0);
    expect(untouched && 'refundedAt' in untouched).toBe(false);
  });

  it('takes the latest refund that was not failed, and none when every refund failed', async () => {
    const { client, purchaseIds } = await shopperWithOrder();
    const [cancelled] = purchaseIds;
    expect((await client.post('/cancel', { orderID: cancelled })).status).toBe(200);
    const line = await t()
      .db.selectFrom('order_lines')
      .select('id')
      .where('purchase_id', '=', cancelled)
      .executeTakeFirstOrThrow();
    const refunds = () => t().db.updateTable('refunds').where('order_line_id', '=', line.id);
    await refunds()
      .set({ created_at: new Date('2026-12-03T04:00:00Z') })
      .execute();
    const first = await t()
      .db.selectFrom('refunds')
      .select(['id', 'payment_id'])
      .where('order_line_id', '=', line.id)
      .executeTakeFirstOrThrow();
    const second = await t()
      .db.insertInto('refunds')
      .values({
        payment_id: first.payment_id,
        order_line_id: line.id,
        amount_paise: 100,
        reason: 'return',
        status: 'processed',
        created_at: new Date('2026-12-05T10:30:00Z'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await lineOf(client, cancelled))?.refundedAt).toBe('2026-12-05T10:30:00.000Z');
    await refunds().set({ status: 'failed' }).where('id', '=', second.id).execute();
    expect((await lineOf(client, cancelled))?.refundedAt).toBe('2026-12-03T04:00:00.000Z');
    await refunds().set({ status: 'failed' }).execute();
    const failed = await lineOf(client, cancelled);
    expect(failed?.refunded).toBe(0);
    expect(failed && 'refundedAt' in failed).toBe(false);
  });
});
