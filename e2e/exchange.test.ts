import { beforeAll, describe, expect, it } from 'vitest';
import type { OrdersResponse } from '../contract/orders.ts';
import { startTestApp } from '../server/test/app.ts';
import { Fixtures } from '../server/test/fixtures.ts';
import { addStaff, confirmIn, signIn } from './support/back-office.ts';
import { expectAccessible } from './support/browser.ts';
import { expectAlert, logIn, orderedItem } from './support/shopper.ts';
import { browserSite } from './support/site.ts';

const site = browserSite(() => startTestApp('pglite'));

let phone = '';
let customerId = 0;
let oldLine = '';
let orderId = 0;
let name = '';

beforeAll(async () => {
  const { db } = site.app;
  const fixtures = new Fixtures(db);
  name = `Ikat kurta ${Date.now() % 1_000_000}`;
  const product = await fixtures.product({
    name,
    sizes: [
      ['M', 4],
      ['L', 1],
      ['XL', 0],
    ],
  });
  customerId = await fixtures.customer({ fname: 'Ananya', lname: 'Bose' });
  ({ phone } = await db
    .selectFrom('customers')
    .select('phone')
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow());
  const order = await fixtures.order(customerId, [
    { product, size: 'M', status: 'delivered', deliveredAt: new Date(Date.now() - 3_600_000) },
  ]);
  oldLine = order.purchaseIds[0] ?? '';
  orderId = order.orderId;
});

describe('exchange for another size in the browser', () => {
  it('the shopper asks for size L; the back office accepts, receives and ships it; the shopper sees the new line', async () => {
    const shopper = await site.openPage();
    await logIn(site, shopper, phone);
    await shopper.goto('/orders');
    const item = orderedItem(shopper, name);
    await item.getByRole('button', { name: 'Exchange' }).click();
    const dialog = shopper.getByRole('dialog', { name: 'Exchange' });
    // only the other sizes in stock are offered
    expect(await dialog.getByRole('radio').count()).toBe(1);
    await dialog.getByRole('radio', { name: 'L' }).check();
    await dialog.getByLabel('Why?').selectOption({ label: 'Size too small' });
    await expectAccessible(shopper, 'exchange dialog');
    await expectAlert(shopper, 'Your exchange has been requested', () =>
      dialog.getByRole('button', { name: 'Submit' }).click(),
    );
    await item.getByText('Exchange for size L requested').waitFor();
    expect(await item.getByRole('button', { name: 'Exchange' }).count()).toBe(0);

    const owner = await addStaff(site.app, 'Ritu Owner', 'owner');
    const staff = await site.openPage();
    await signIn(site, staff, owner, '/admin/returns');
    const card = staff.getByRole('listitem').filter({ has: staff.getByRole('link', { name: oldLine }) });
    await card.getByText(/size M → size L/).waitFor();
    await card.getByRole('button', { name: 'Accept' }).click();
    await confirmIn(staff, /Accept:/, 'Accept', `Exchange accepted: ${oldLine}`);
    await staff.getByLabel('Show', { exact: true }).selectOption({ label: 'Accepted, on their way back' });
    await staff.getByRole('button', { name: 'Show', exact: true }).click();
    await card.getByRole('button', { name: 'Mark received' }).click();
    await confirmIn(staff, /Mark received:/, 'Mark received', `Received back: ${oldLine}`);

    // the new line, on the order's page, ships like any line
    const client = await site.app.client();
    await new Fixtures(site.app.db).logIn(client, customerId);
    const fresh = (await client.get<OrdersResponse>('/api/orders')).body.find(
      (l) => l.exchangeOf === oldLine,
    );
    expect(fresh).toMatchObject({ size: 'L', status: 'placed' });
    // received, it leaves the queue of those on their way back: the order's page has both lines
    await staff.goto(`/admin/orders/${orderId}`);
    const row = staff.getByRole('row', { name: new RegExp(fresh?.purchase_id ?? 'none') });
    await row.getByText(`exchange of ${oldLine}`).waitFor();
    await row.getByRole('button', { name: 'Ship' }).click();
    await staff.getByRole('dialog', { name: /Ship:/ }).getByLabel('Tracking ID').fill('EXCH-5521');
    await confirmIn(staff, /Ship:/, 'Ship', `Shipped: ${fresh?.purchase_id}`);

    await shopper.reload();
    const lines = orderedItem(shopper, name);
    await lines.filter({ hasText: 'Exchange of size M' }).getByText('Tracking id: EXCH-5521').waitFor();
    await lines.filter({ hasText: 'Exchanged for size L' }).waitFor();
    await expectAccessible(shopper, 'orders with an exchange');
  });
});
