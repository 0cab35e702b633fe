import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../server/test/app.ts';
import { givePickupAddress } from '../server/test/courier.ts';
import { type FixtureProduct, Fixtures } from '../server/test/fixtures.ts';
import { addStaff, lineRow, pdfIn, signIn } from './support/back-office.ts';
import { expectAccessible } from './support/browser.ts';
import { alertWith, browserSite } from './support/site.ts';

// the shop books through the local fake of Shiprocket
const site = browserSite(() =>
  startTestApp('pglite', {
    COURIER_PROVIDER: 'shiprocket',
    SHIPROCKET_EMAIL: 'api-user@example.com',
    SHIPROCKET_PASSWORD: 'api-password',
  }),
);

let fixtures: Fixtures;
let shopperId: number;
let kurta: FixtureProduct;
const stamp = Date.now() % 1_000_000;
const KURTA = `Kantha kurta ${stamp}`;

beforeAll(async () => {
  fixtures = new Fixtures(site.app.db);
  kurta = await fixtures.product({ name: KURTA, sizes: [['M', 10]] });
  await givePickupAddress(site.app.db, kurta.id);
  shopperId = await fixtures.customer({ fname: 'Nandini', lname: 'Bose' });
});

describe('shipping through the courier partner in the back office', () => {
  it('books a line from the order page with the recommended courier and opens its label', async () => {
    const { orderId, purchaseIds } = await fixtures.order(shopperId, [{ product: kurta }]);
    const [line = ''] = purchaseIds;
    const owner = await addStaff(site.app, 'Asha Owner', 'owner');
    const page = await site.openPage();
    await signIn(site, page, owner, `/admin/orders/${orderId}`);

    await lineRow(page, KURTA).getByRole('button', { name: 'Ship' }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`Ship: ${KURTA}`) });
    const recommended = dialog.getByLabel(/Haat Fake Surface: .*2 days \(recommended\)/);
    await recommended.waitFor();
    expect(await recommended.isChecked()).toBe(true);
    expect(await dialog.getByLabel(/Haat Fake Air/).isChecked()).toBe(false);
    await expectAccessible(page, 'courier dialog');
    await dialog.getByRole('button', { name: 'Book courier' }).click();
    await alertWith(page, 'Shipped with Haat Fake Surface: AWB').waitFor();
    await page.getByRole('button', { name: 'OK', exact: true }).click();

    const awb = await site.app.db
      .selectFrom('order_lines')
      .select(['status', 'tracking_id'])
      .where('purchase_id', '=', line)
      .executeTakeFirstOrThrow();
    expect(awb.status).toBe('shipped');
    await lineRow(page, KURTA).getByText(`AWB ${awb.tracking_id}`).waitFor();
    const label = lineRow(page, KURTA).getByRole('link', { name: /Print label/ });
    const href = (await label.getAttribute('href')) ?? '';
    expect(href).toBe(`/admin/api/orders/${line}/label`);
    expect(await pdfIn(page, href)).toEqual({ status: 200, type: 'application/pdf', head: '%PDF-' });
    await expectAccessible(page, 'order booked');
  });

  it('books two lines together from the orders list, then gets one PDF of their labels', async () => {
    const first = await fixtures.order(shopperId, [{ product: kurta }]);
    const second = await fixtures.order(shopperId, [{ product: kurta }]);
    const lines = [first.purchaseIds[0] ?? '', second.purchaseIds[0] ?? ''];
    const owner = await addStaff(site.app, 'Ravi Owner', 'owner');
    const page = await site.openPage();
    await page.setViewportSize({ width: 320, height: 800 });
    await signIn(site, page, owner, '/admin/orders?status=placed');

    for (const purchaseId of lines) await page.getByLabel(`Select ${purchaseId}`).check();
    await page.getByRole('button', { name: 'Book selected (2)' }).click();
    const results = page.getByRole('status').filter({ hasText: 'AWB' });
    for (const purchaseId of lines) await results.getByText(new RegExp(`${purchaseId}: AWB \\d+`)).waitFor();
    await expectAccessible(page, 'orders booked');

    // the PDF the server answered, offered as a link to open (the page's CSP keeps it from fetching blob: URLs)
    const answered = page.waitForResponse((res) => res.url().endsWith('/admin/api/shipments/labels'));
    await page.getByRole('button', { name: 'Get labels PDF' }).click();
    const labels = await answered;
    expect(labels.status()).toBe(200);
    expect(labels.headers()['content-type']).toBe('application/pdf');
    const open = page.getByRole('link', { name: 'Open labels (PDF)' });
    expect(await open.getAttribute('href')).toMatch(/^blob:/);

    await page.getByRole('button', { name: 'Schedule pickup' }).click();
    await alertWith(page, 'Pickup scheduled').waitFor();
    const scheduled = await site.app.db
      .selectFrom('shipments')
      .innerJoin('order_lines', 'order_lines.id', 'shipments.order_line_id')
      .select('shipments.pickup_scheduled_at')
      .where('order_lines.purchase_id', 'in', lines)
      .execute();
    expect(scheduled.map((row) => row.pickup_scheduled_at)).toEqual([expect.any(Date), expect.any(Date)]);
  });
});
