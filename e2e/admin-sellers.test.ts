import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../server/test/app.ts';
import { Fixtures } from '../server/test/fixtures.ts';
import { gstinOf } from '../server/test/own-shop.ts';
import {
  addStaff,
  confirmIn,
  messageBeside,
  navigation,
  type Person,
  signIn,
} from './support/back-office.ts';
import { expectAccessible } from './support/browser.ts';
import { alertWith, browserSite } from './support/site.ts';

const site = browserSite(() => startTestApp('pglite'));

const stamp = Date.now() % 1_000_000;
const SELLER = `Shantiniketan Kantha ${stamp}`;
const PARTNER = `Howrah Express ${stamp}`;
const CODE = `HWH-${stamp}`;
const PAN = 'AAKFS7788Q';
let owner: Person;

beforeAll(async () => {
  owner = await addStaff(site.app, 'Asha Owner', 'owner');
});

/** The page does not scroll sideways at its width. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
}

describe('sellers and delivery in the back office, in the browser', () => {
  it('adds a seller, refusing a GSTIN of another state beside its field first, and deactivates it', async () => {
    const page = await site.openPage();
    await signIn(site, page, owner, '/admin/sellers');
    await page.getByRole('heading', { level: 1, name: 'Sellers' }).waitFor();
    await expectAccessible(page, 'sellers');

    const form = page.getByRole('form', { name: 'Add a seller' });
    await form.getByLabel('Name in the shop').fill(SELLER);
    await form.getByLabel('Legal name (as registered for GST)').fill(`${SELLER} LLP`);
    await form.getByLabel('Address line 1').fill('Bolpur Road 7');
    await form.getByLabel('City').fill('Kolkata');
    await form.getByLabel('Pincode').fill('700001');
    await form.getByLabel('GSTIN').fill(gstinOf('27', PAN));
    await form.getByLabel('PAN').fill(PAN);
    await form.getByLabel('Contact mobile number').fill('9830077777');
    await form.getByLabel('Contact e-mail').fill('kantha@example.com');
    await form.getByRole('button', { name: 'Add seller' }).click();
    expect(await messageBeside(page, page.getByLabel('GSTIN', { exact: true }))).toBe(
      'The GSTIN is registered in Maharashtra (code 27), but the address is in West Bengal',
    );
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid')))
      .toBe('true');
    await expectAccessible(page, 'seller form with an error');
    expect(await page.getByRole('row').filter({ hasText: SELLER }).count()).toBe(0);

    await form.getByLabel('GSTIN').fill(gstinOf('19', PAN));
    await form.getByRole('button', { name: 'Add seller' }).click();
    await alertWith(page, `Added: ${SELLER}`).waitFor();
    await page.getByRole('button', { name: 'OK', exact: true }).click();
    const row = page.getByRole('row').filter({ hasText: SELLER });
    await row.getByRole('cell', { name: 'West Bengal' }).waitFor();
    await row.getByRole('cell', { name: gstinOf('19', PAN) }).waitFor();
    await row.getByText('Active', { exact: true }).waitFor();

    // one of its products, on sale until the seller is deactivated
    const sellerId = (
      await site.app.db
        .selectFrom('sellers')
        .select('id')
        .where('name', '=', SELLER)
        .executeTakeFirstOrThrow()
    ).id;
    const product = await new Fixtures(site.app.db).product({ name: `Kantha runner ${stamp}` });
    await site.app.db
      .updateTable('products')
      .set({ seller_id: sellerId })
      .where('id', '=', product.id)
      .execute();

    await row.getByRole('button', { name: `Deactivate ${SELLER}` }).click();
    await expectAccessible(page, 'deactivate dialog');
    await confirmIn(page, new RegExp(`^Deactivate ${SELLER}`), 'Deactivate', `Deactivated: ${SELLER}`);
    await row.getByText('Deactivated', { exact: true }).waitFor();
    const stored = await site.app.db
      .selectFrom('sellers')
      .select(['state', 'active'])
      .where('name', '=', SELLER)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ state: 'West Bengal', active: false });

    // its product waits for it, and cannot be restored until it is activated
    await page.goto(`/admin/products/${product.id}`);
    await page.getByText('Paused: seller deactivated', { exact: true }).waitFor();
    expect(await page.getByLabel('Seller').inputValue()).toBe(SELLER);
    await page.getByRole('button', { name: 'Restore' }).click();
    await confirmIn(page, /^Restore:/, 'Restore', `${SELLER} is deactivated: activate the seller first`);
    await page.getByText('Paused: seller deactivated', { exact: true }).waitFor();
  });

  it('adds a delivery partner and uploads its pincodes: the errors by line first, then the list applied', async () => {
    const page = await site.openPage();
    await signIn(site, page, await addStaff(site.app, 'Dev Owner', 'owner'), '/admin/delivery');
    await page.getByRole('heading', { level: 1, name: 'Delivery' }).waitFor();

    const form = page.getByRole('form', { name: 'Add a delivery partner' });
    await form.getByLabel('Code (letters, digits and dashes)').fill(CODE);
    await form.getByLabel('Name').fill(PARTNER);
    await form.getByLabel(/^Tracking page/).fill('https://howrah.example/track/{trackingId}');
    await form.getByRole('button', { name: 'Add partner' }).click();
    await alertWith(page, `Added: ${PARTNER}`).waitFor();
    await page.getByRole('button', { name: 'OK', exact: true }).click();
    const row = page.getByRole('row').filter({ hasText: PARTNER });
    await row.getByRole('cell', { name: '0', exact: true }).first().waitFor();
    await expectAccessible(page, 'delivery');

    const upload = page.getByRole('region', { name: 'Pincodes a partner serves' });
    await upload.getByLabel('Partner').selectOption({ label: PARTNER });
    const check = async (csv: string) => {
      await upload
        .getByLabel('CSV file')
        .setInputFiles({ name: 'pincodes.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await upload.getByRole('button', { name: 'Check the file' }).click();
    };
    await check('pincode\n700001\n99999\n110001\n');
    const errors = upload.getByRole('list', { name: 'Errors in the file' });
    await errors.getByText('line 3, column pincode: a pincode has 6 digits, the first 1 to 9').waitFor();
    expect(await upload.getByRole('button', { name: 'Apply' }).count()).toBe(0);
    await expectAccessible(page, 'pincode errors');

    await check('pincode\n700001\n110001\n');
    await upload.getByText('2 rows for 2 pincodes (cash on delivery at 2), no errors.').waitFor();
    await upload.getByRole('button', { name: 'Apply' }).click();
    await alertWith(page, `${PARTNER} now serves 2 pincodes`).waitFor();
    await page.getByRole('button', { name: 'OK', exact: true }).click();
    await row.getByRole('cell', { name: '2', exact: true }).waitFor();
    const pincheck = async (pincode: string) => {
      const shopper = await site.app.client();
      return (await shopper.post<boolean>('/api/pincheck', { partner: CODE, pincode })).body;
    };
    expect(await pincheck('110001')).toBe(true);
    expect(await pincheck('400001')).toBe(false);

    await upload.getByRole('button', { name: 'Serve all of India' }).click();
    await confirmIn(page, /^Serve all of India/, 'Serve all of India', `${PARTNER} now serves 19,`);
    expect(await pincheck('400001')).toBe(true);
  });

  it('fits a phone at 320 px, and shows staff the sellers read-only and no Delivery', async () => {
    const page = await site.openPage({ width: 320, height: 720 });
    await signIn(site, page, await addStaff(site.app, 'Meera Owner', 'owner'), '/admin/sellers');
    await page.getByRole('row').filter({ hasText: SELLER }).waitFor();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, 'sellers at 320 px');
    await page.goto('/admin/delivery');
    await page.getByRole('region', { name: 'Pincodes a partner serves' }).waitFor();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, 'delivery at 320 px');

    const clerk = await site.openPage({ width: 320, height: 720 });
    await signIn(site, clerk, await addStaff(site.app, 'Ravi Clerk', 'staff'), '/admin/sellers');
    await clerk.getByRole('row').filter({ hasText: SELLER }).waitFor();
    expect(await navigation(clerk)).not.toContain('Delivery');
    expect(await clerk.getByRole('form', { name: 'Add a seller' }).count()).toBe(0);
    expect(await clerk.getByRole('button', { name: `Activate ${SELLER}` }).count()).toBe(0);
    await clerk.getByText('Only the owner can add or change sellers.').waitFor();
  });
});
