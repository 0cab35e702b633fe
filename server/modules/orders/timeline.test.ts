import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderLine, OrdersResponse } from '../../../contract/orders.ts';
import { describeEachDatabase, TEST_ADMIN_TOKEN } from '../../test/app.ts';
import { type FixtureProduct, Fixtures } from '../../test/fixtures.ts';
import { TestClient } from '../../test/http.ts';
import { trackingLink } from './timeline.ts';

const BEARER = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

describe('trackingLink', () => {
  it("fills the partner's template with the tracking id, escaped, and is null without a template", () => {
    expect(trackingLink('https://courier.example/t/{trackingId}?ref=haat', 'AB 12/3')).toBe(
      'https://courier.example/t/AB%2012%2F3?ref=haat',
    );
    expect(trackingLink(null, 'AB123')).toBeNull();
  });
});

describeEachDatabase('order timeline on GET /api/orders', (t) => {
  let tracked: FixtureProduct;
  let untracked: FixtureProduct;
  let fixtures: Fixtures;
  let staff: TestClient;

  beforeAll(async () => {
    fixtures = new Fixtures(t().db);
    tracked = await fixtures.product({ name: 'Timeline saree', pricePaise: 249_900, sizes: [['M', 20]] });
    // a second fixture set brings a courier of its own, one without a tracking page
    untracked = await new Fixtures(t().db).product({ name: 'Timeline stole', sizes: [['M', 20]] });
    await t()
      .db.updateTable('delivery_partners')
      .set({ tracking_url: 'https://courier.example/track/{trackingId}' })
      .where('id', '=', (eb) => eb.selectFrom('products').select('partner_id').where('id', '=', tracked.id))
      .execute();
    staff = new TestClient(t().baseUrl);
  });

  const admin = async (path: string, body?: unknown) =>
    expect((await staff.post(path, body, BEARER)).status).toBe(200);

  async function ordered(product: FixtureProduct) {
    const client = await t().client();
    const customerId = await fixtures.customer();
    await fixtures.logIn(client, customerId);
    const order = await fixtures.order(customerId, [{ product }]);
    const purchaseId = order.purchaseIds[0] ?? '';
    const line = async (): Promise<OrderLine> => {
      const found = (await client.get<OrdersResponse>('/api/orders')).body.find(
        (l) => l.purchase_id === purchaseId,
      );
      if (!found) throw new Error(`no line ${purchaseId}`);
      return found;
    };
    return { client, purchaseId, line };
  }

  const timeOrdered = (line: OrderLine) =>
    line.timeline.map((e) => e.at).every((at, i, all) => i === 0 || (all[i - 1] ?? '') <= at);

  it('follows a line shipped, delivered, returned and refunded, oldest first', async () => {
    const { client, purchaseId, line } = await ordered(tracked);
    expect((await line()).timeline).toEqual([{ event: 'placed', at: ISO, detail: null }]);

    await admin(`/admin/api/orders/${purchaseId}/ship`, { trackingId: 'DKE 5501' });
    await admin(`/admin/api/orders/${purchaseId}/deliver`);
    expect((await client.post('/return', { orderID: purchaseId, reason: 'Colour differs' })).status).toBe(
      200,
    );
    await admin(`/admin/api/returns/${purchaseId}`, { accept: true });
    await admin(`/admin/api/returns/${purchaseId}/receive`);

    const done = await line();
    expect(done.timeline).toEqual([
      { event: 'placed', at: ISO, detail: null },
      {
        event: 'shipped',
        at: ISO,
        detail: { trackingId: 'DKE 5501', trackingUrl: 'https://courier.example/track/DKE%205501' },
      },
      { event: 'delivered', at: done.deliveredAt, detail: null },
      { event: 'return_requested', at: ISO, detail: null },
      { event: 'return_accepted', at: ISO, detail: null },
      { event: 'picked_up', at: ISO, detail: null },
      { event: 'refunded', at: ISO, detail: { amount: 2499 } },
    ]);
    expect(done.timeline[0]?.at).toBe(done.orderedAt);
    expect(timeOrdered(done)).toBe(true);
  });

  it('follows a cancelled line to its refund', async () => {
    const { client, purchaseId, line } = await ordered(untracked);
    expect((await client.post('/cancel', { orderID: purchaseId })).status).toBe(200);
    const done = await line();
    expect(done.timeline).toEqual([
      { event: 'placed', at: ISO, detail: null },
      { event: 'cancelled', at: ISO, detail: null },
      { event: 'refunded', at: ISO, detail: { amount: done.refunded } },
    ]);
    expect(done.refunded).toBeGreaterThan(0);
    expect(timeOrdered(done)).toBe(true);
  });

  it('shows a rejected return, and a courier without a tracking page as a null link', async () => {
    const { client, purchaseId, line } = await ordered(untracked);
    await admin(`/admin/api/orders/${purchaseId}/ship`, { trackingId: 'SFR42' });
    await admin(`/admin/api/orders/${purchaseId}/deliver`);
    expect((await client.post('/return', { orderID: purchaseId, reason: 'Changed my mind' })).status).toBe(
      200,
    );
    await admin(`/admin/api/returns/${purchaseId}`, { accept: false });
    expect((await line()).timeline.map((e) => [e.event, e.detail])).toEqual([
      ['placed', null],
      ['shipped', { trackingId: 'SFR42', trackingUrl: null }],
      ['delivered', null],
      ['return_requested', null],
      ['return_rejected', null],
    ]);
  });
});
