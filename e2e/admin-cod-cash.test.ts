import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatRupees } from '../contract/money.ts';
import { startTestApp } from '../server/test/app.ts';
import { type CodOrder, CodShop, SHIPROCKET_ENV } from '../server/test/cod-cash.ts';
import { addStaff, navigation, signIn } from './support/back-office.ts';
import { expectAccessible } from './support/browser.ts';
import { alertWith, browserSite } from './support/site.ts';

// the shop books through the local fake of Shiprocket, whose couriers collect the cash
const site = browserSite(() => startTestApp('pglite', SHIPROCKET_ENV));
const shop = new CodShop(() => site.app);

/** two orders delivered and their cash due: one the file pays in full, one it pays short */
let paidRight: CodOrder;
let paidShort: CodOrder;
const awbs = new Map<string, string>();

beforeAll(async () => {
  await shop.settings();
  const kurta = await shop.product(99_900, 'Cash kurta');
  const saree = await shop.product(185_000, 'Cash saree');
  const shopper = await shop.shopper({ fname: 'শ্রেয়া', lname: 'চট্টোপাধ্যায়' });
  paidRight = await shop.order(shopper, [kurta]);
  paidShort = await shop.order(shopper, [saree]);
  for (const order of [paidRight, paidShort]) {
    for (const [purchaseId, awb] of await shop.delivered(order)) awbs.set(purchaseId, awb);
  }
});

const awbOf = (order: CodOrder) => awbs.get(order.purchaseIds[0] ?? '') ?? '';

/** no sideways scrolling: the page is no wider than the window */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function uploadFile(page: Page, csv: string): Promise<void> {
  const upload = page.getByRole('region', { name: 'Courier’s remittance file' });
  await upload
    .getByLabel('CSV file')
    .setInputFiles({ name: 'remittance.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await upload.getByRole('button', { name: 'Check the file' }).click();
}

describe('the back office’s Cash on delivery screen', () => {
  it('shows the cash outstanding to staff, by courier and by order with days due, at 390 px', async () => {
    const person = await addStaff(site.app, 'Ravi Staff', 'staff');
    const page = await site.openPage({ width: 390, height: 844 });
    await signIn(site, page, person, '/admin/cod');
    expect(await navigation(page)).toContain('Cash on delivery');
    await page.getByRole('heading', { name: 'Cash on delivery', level: 1 }).waitFor();
    const total = (paidRight.amount + paidShort.amount) * 100;
    const outstanding = page.getByRole('region', { name: 'Cash outstanding' });
    await outstanding.getByText(formatRupees(total / 100), { exact: true }).waitFor();
    await outstanding.getByText('Collected at the door for 2 orders').waitFor();
    const byCourier = page.getByRole('table', { name: 'By courier' });
    await byCourier.getByRole('cell', { name: 'Haat Fake Surface' }).waitFor();
    await byCourier.getByRole('cell', { name: formatRupees(total / 100) }).waitFor();
    const byOrder = page.getByRole('table', { name: 'By order, the longest due first' });
    await byOrder.getByRole('link', { name: `Order ${paidRight.orderId}` }).waitFor();
    await byOrder.getByText('শ্রেয়া চট্টোপাধ্যায়').first().waitFor();
    expect(await byOrder.getByRole('cell', { name: 'Today' }).count()).toBe(2);
    // staff see the cash, but reconciling it is the owner's
    expect(await page.getByRole('region', { name: 'Courier’s remittance file' }).count()).toBe(0);
    expect(await fitsWidth(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'cash on delivery, staff, 390 px');
  });

  it('lets the owner check a remittance file (errors, then one mismatch), apply it, and see the cash received, at 1440 px', async () => {
    const owner = await addStaff(site.app, 'Asha Owner', 'owner');
    const page = await site.openPage({ width: 1440, height: 900 });
    await signIn(site, page, owner, '/admin/cod');
    const upload = page.getByRole('region', { name: 'Courier’s remittance file' });

    await uploadFile(page, `awb,amount,date,reference\n${awbOf(paidRight)},lots,2026-12-05,UTR1\n`);
    const errors = upload.getByRole('list', { name: 'Errors in the file' });
    await errors.getByText('line 2, column amount: rupees remitted, such as 1049 or 1049.00').waitFor();
    expect(await upload.getByRole('button', { name: 'Apply' }).count()).toBe(0);

    const csv = [
      'awb,amount,date,reference',
      `${awbOf(paidRight)},${paidRight.amount}.00,2026-12-05,UTR0001`,
      `${awbOf(paidShort)},${paidShort.amount - 100},2026-12-05,UTR0001`,
    ].join('\n');
    await uploadFile(page, csv);
    await upload.getByText('2 rows: 1 matched').waitFor();
    const mismatched = upload.getByRole('table', { name: 'Mismatched: nothing changes for these' });
    await mismatched
      .getByRole('cell', { name: `The amount is not the ${formatRupees(paidShort.amount)} due` })
      .waitFor();
    await expectAccessible(page, 'remittance dry run, 1440 px');
    await upload.getByRole('button', { name: 'Apply' }).click();
    await alertWith(page, 'Cash received for 1 item').waitFor();
    await page.getByRole('button', { name: 'OK', exact: true }).click();
    await upload.getByText('Applied: 2 rows: 1 matched').waitFor();
    await upload
      .getByRole('table', { name: 'Cash received' })
      .getByRole('cell', { name: awbOf(paidRight) })
      .waitFor();

    // only the short-paid order's cash is still outstanding
    const outstanding = page.getByRole('region', { name: 'Cash outstanding' });
    await outstanding.getByText(formatRupees(paidShort.amount), { exact: true }).waitFor();
    const byOrder = page.getByRole('table', { name: 'By order, the longest due first' });
    await byOrder.getByRole('link', { name: `Order ${paidShort.orderId}` }).waitFor();
    expect(await byOrder.getByRole('link', { name: `Order ${paidRight.orderId}` }).count()).toBe(0);
    expect(await fitsWidth(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'remittance applied, 1440 px');
  });
});
