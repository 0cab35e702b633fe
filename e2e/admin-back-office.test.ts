import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_ADMIN_TOKEN } from '../server/test/app.ts';
import { type FixtureProduct, Fixtures } from '../server/test/fixtures.ts';
import { addStaff, signIn } from './support/back-office.ts';
import { expectAccessible } from './support/browser.ts';
import { alertWith, browserSite } from './support/site.ts';

const site = browserSite(() => startTestApp('pglite'));

let fixtures: Fixtures;
let shopper: { id: number; phone: string; name: string };
let kurta: FixtureProduct;
let stole: FixtureProduct;
const stamp = Date.now() % 1_000_000;
const KURTA = `Ajrakh kurta ${stamp}`;
const STOLE = `Pashmina stole ${stamp}`;

beforeAll(async () => {
  fixtures = new Fixtures(site.app.db);
  kurta = await fixtures.product({ name: KURTA, sizes: [['M', 10]] });
  stole = await fixtures.product({ name: STOLE, sizes: [['M', 10]] });
  const id = await fixtures.customer({ fname: 'Nandini', lname: 'Bose' });
  const { phone } = await site.app.db
    .selectFrom('customers')
    .select('phone')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  shopper = { id, phone, name: 'Nandini Bose' };
});

/** The row of an order's line, found by its product's name. */
const lineRow = (page: Page, product: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: new RegExp(product) }) });

/** Confirms the open dialog's action, and waits for the alert the answer raises. */
async function confirmIn(page: Page, title: RegExp, action: string, alert: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await alertWith(page, alert).waitFor();
  await page.getByRole('button', { name: 'OK', exact: true }).click();
}

const bearer = (path: string) =>
  fetch(`${site.app.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
  });

describe('the back office in the browser', () => {
  it('finds a shopper’s order, ships, delivers and cancels its lines, and prints a packing slip', async () => {
    const { orderId, purchaseIds } = await fixtures.order(shopper.id, [
      { product: kurta },
      { product: stole },
      { product: stole },
    ]);
    const [kurtaLine = '', stoleLine = '', lastLine = ''] = purchaseIds;
    const owner = await addStaff(site.app, 'Meera Owner', 'owner');
    const page = await site.openPage();
    await signIn(site, page, owner, '/admin/orders');

    // searched by the shopper's phone and kept to lines awaiting shipment, newest first
    await page.getByLabel('Search').fill(shopper.phone);
    await page.getByLabel('Status').selectOption({ label: 'Awaiting shipment' });
    await page.getByRole('button', { name: 'Show orders' }).click();
    await page.getByRole('link', { name: kurtaLine }).waitFor();
    const shown = await page.getByRole('table').getByRole('link').allTextContents();
    expect(shown).toEqual([lastLine, stoleLine, kurtaLine]);
    await expectAccessible(page, 'orders');

    // the order page: address and contact, payment, lines
    await page.getByRole('link', { name: kurtaLine }).click();
    await page.getByRole('heading', { name: `Order ${orderId}` }).waitFor();
    await page.getByText('Park Street').first().waitFor();
    await page.getByText(shopper.phone).first().waitFor();
    await expectAccessible(page, 'order');

    // ship: asks for the tracking id first
    await lineRow(page, KURTA).getByRole('button', { name: 'Ship' }).click();
    const ship = page.getByRole('dialog', { name: new RegExp(`Ship: ${KURTA}`) });
    await ship.getByLabel('Tracking ID').fill('DTDC-7741');
    await expectAccessible(page, 'ship dialog');
    await confirmIn(page, /Ship:/, 'Ship', `Shipped: ${kurtaLine}`);
    await lineRow(page, KURTA).getByText('DTDC-7741').waitFor();

    await lineRow(page, KURTA).getByRole('button', { name: 'Mark delivered' }).click();
    await confirmIn(page, /Mark delivered:/, 'Mark delivered', `Marked delivered: ${kurtaLine}`);
    await lineRow(page, KURTA).getByText('Delivered').waitFor();

    await lineRow(page, STOLE).first().getByRole('button', { name: 'Cancel line' }).click();
    await confirmIn(page, /Cancel line:/, 'Cancel line', `Cancelled: ${stoleLine}`);

    // a line moved elsewhere meanwhile: the server's refusal is shown in its words
    expect((await bearer(`/admin/api/orders/${lastLine}/cancel`)).status).toBe(200);
    await lineRow(page, STOLE).nth(1).getByRole('button', { name: 'Ship' }).click();
    await page.getByRole('dialog').getByLabel('Tracking ID').fill('DTDC-7742');
    await confirmIn(page, /Ship:/, 'Ship', 'This item is cancelled and cannot be shipped');

    // the history names who did what
    await page
      .getByRole('listitem')
      .filter({ hasText: `Shipped (${kurtaLine}) by Meera Owner` })
      .waitFor();

    // printed, the packing slip alone shows
    await page.emulateMedia({ media: 'print' });
    await page.getByRole('region', { name: 'Packing slip' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Back office' }).isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
  });
});
