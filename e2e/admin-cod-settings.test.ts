import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ShopSettings } from '../contract/shop.ts';
import { startTestApp, TEST_ADMIN_TOKEN } from '../server/test/app.ts';
import { addStaff, messageBeside, signIn } from './support/back-office.ts';
import { expectAccessible } from './support/browser.ts';
import { alertWith, browserSite } from './support/site.ts';

// the demo's shop: cash on delivery on (contract cash-on-delivery.md, "Settings")
const site = browserSite(() => startTestApp('pglite'));

const BEARER = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
const WIDTHS = [390, 1440] as const;
const stamp = Date.now() % 1_000_000;

async function settings(): Promise<ShopSettings> {
  const res = await fetch(`${site.app.baseUrl}/admin/api/settings`, { headers: BEARER });
  return (await res.json()) as ShopSettings;
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
}

describe('the owner sets cash on delivery in the back office, in the browser', () => {
  it.each(WIDTHS)('turns it off and on, with its fee, cap and refusals, at %i px', async (width) => {
    const page = await site.openPage({ width, height: 900 });
    await signIn(site, page, await addStaff(site.app, `Lakshmi Owner ${width}`, 'owner'), '/admin/settings');
    const cod = page.getByRole('region', { name: 'Cash on delivery' });
    const enabled = cod.getByLabel('Offer cash on delivery');
    const fee = cod.getByLabel(/^Cash on delivery fee/);
    const cap = cod.getByLabel(/^Largest order value/);
    const refusals = cod.getByLabel(/^Refused parcels/);
    const save = cod.getByRole('button', { name: 'Save cash on delivery' });
    await save.waitFor();
    const before = await settings();
    expect(await enabled.isChecked()).toBe(before.codEnabled);
    expect([await fee.inputValue(), await cap.inputValue(), await refusals.inputValue()]).toEqual([
      String(before.codFee),
      String(before.codMaxOrderValue),
      String(before.codRtoLimit),
    ]);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, `settings at ${width} px`);

    // each value out of range is refused beside its own field, and nothing is saved
    await fee.fill('1001');
    await cap.fill('0');
    await refusals.fill('21');
    await save.click();
    expect(await messageBeside(page, fee)).toBe('Enter a whole number of rupees from 0 to 1,000');
    expect(await messageBeside(page, cap)).toBe('Enter a whole number of rupees from 1 to 10,00,000');
    expect(await messageBeside(page, refusals)).toBe(
      'Enter a whole number of refused deliveries from 1 to 20',
    );
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, `settings refused at ${width} px`);
    expect(await settings()).toEqual(before);

    await enabled.setChecked(!before.codEnabled);
    await fee.fill('39');
    await cap.fill('250000');
    await refusals.fill('3');
    await save.click();
    await alertWith(page, 'Cash on delivery settings saved').waitFor();
    const saved = {
      ...before,
      codEnabled: !before.codEnabled,
      codFee: 39,
      codMaxOrderValue: 2_50_000,
      codRtoLimit: 3,
    };
    expect(await settings()).toEqual(saved);

    // the saved values come back on a new visit, and the payment policy follows them
    await page.reload();
    await save.waitFor();
    expect(await enabled.isChecked()).toBe(saved.codEnabled);
    expect([await fee.inputValue(), await cap.inputValue(), await refusals.inputValue()]).toEqual([
      '39',
      '250000',
      '3',
    ]);
    const shopper = await site.openPage({ width, height: 900 });
    await shopper.goto('/payment');
    const policy = shopper.locator('.policy-article');
    await policy.getByRole('heading', { level: 2 }).first().waitFor();
    const words = await policy.textContent();
    if (saved.codEnabled) expect(words).toContain('offered on orders of up to ₹2,50,000');
    else expect(words).toContain('We do not offer cash on delivery.');
  });

  it.each(WIDTHS)(
    'uploads a partner’s pincodes with the cod column and shows where it collects cash, at %i px',
    async (width) => {
      const code = `COD-${stamp}-${width}`;
      const name = `Hooghly Couriers ${width}`;
      const created = await fetch(`${site.app.baseUrl}/admin/api/partners`, {
        method: 'POST',
        headers: { ...BEARER, 'content-type': 'application/json' },
        body: JSON.stringify({ code, name, trackingUrl: 'https://hooghly.example/t/{trackingId}' }),
      });
      expect(created.status).toBe(201);

      const page = await site.openPage({ width, height: 900 });
      await signIn(site, page, await addStaff(site.app, `Arjun Owner ${width}`, 'owner'), '/admin/delivery');
      const row = page.getByRole('row').filter({ hasText: name });
      // the cells by their column (a phone shows each row as a card, its column's name before each value)
      const cell = (column: string) => row.locator(`td[data-label="${column}"]`);
      await expect.poll(() => cell('Cash on delivery at').textContent()).toBe('0 pincodes');
      const upload = page.getByRole('region', { name: 'Pincodes a partner serves' });
      await upload.getByText(/optionally a second column “cod”: Y where the partner collects cash/).waitFor();
      await upload.getByLabel('Partner').selectOption({ label: name });
      const check = async (csv: string) => {
        await upload
          .getByLabel('CSV file')
          .setInputFiles({ name: 'pincodes.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
        await upload.getByRole('button', { name: 'Check the file' }).click();
      };

      await check('pincode,cod\n700001,Y\n110001,maybe\n');
      const errors = upload.getByRole('list', { name: 'Errors in the file' });
      await errors
        .getByText('line 3, column cod: Y (the partner collects cash there) or N, not "maybe"')
        .waitFor();
      expect(await upload.getByRole('button', { name: 'Apply' }).count()).toBe(0);
      await expectNoSidewaysScroll(page);

      await check('pincode,cod\n700001,Y\n110001,n\n400001,\n');
      await upload.getByText('3 rows for 3 pincodes (cash on delivery at 2), no errors.').waitFor();
      await expectAccessible(page, `delivery at ${width} px`);
      await upload.getByRole('button', { name: 'Apply' }).click();
      await alertWith(page, `${name} now serves 3 pincodes`).waitFor();
      await page.getByRole('button', { name: 'OK', exact: true }).click();
      await expect.poll(() => cell('Cash on delivery at').textContent()).toBe('2 pincodes');
      expect(await cell('Pincodes served').textContent()).toBe('3');
      await expectNoSidewaysScroll(page);
    },
  );
});
