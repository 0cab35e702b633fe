import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../contract/paths.ts';
import { addBusinessDays, dayText, indiaToday } from '../server/modules/courier/business-days.ts';
import { startTestApp } from '../server/test/app.ts';
import { Fixtures } from '../server/test/fixtures.ts';
import { deliveryWhen } from '../web/shop/src/lib/delivery-window.ts';
import { addStaff, confirmIn, type Person, signIn } from './support/back-office.ts';
import { expectAlert, pngOfAPhoto } from './support/shopper.ts';
import { alertWith, browserSite } from './support/site.ts';

// Issue 38's owner: a block-print business makes an empty shop its own in the back office alone (a Home
// section, a bedsheet in it, 7-day returns, a partner that promises 2-4 days, a hero slide with a photo),
// and a shopper then meets each of them in the shop.
const site = browserSite(() => startTestApp('pglite', {}, { empty: true }));

const PARTNER = 'Pink City Couriers';
const PARTNER_CODE = 'PINK-CITY';
const PRODUCT = 'Sanganeri bedsheet set';
const SLIDE = 'Block-printed in Sanganer';
const PINCODE = '302001';
let owner: Person;
let seller: string;

beforeAll(async () => {
  owner = await addStaff(site.app, 'Kavita Owner', 'owner');
  // a seller to name on the product (the Sellers screen has its own walk in owner-setup-walk)
  await new Fixtures(site.app.db).product({ userSegment: 'Women', genre: 'Dupatta' });
  ({ name: seller } = await site.app.db.selectFrom('sellers').select('name').executeTakeFirstOrThrow());
});

/** Clicks a Save button and waits for the back office's alert that names what was saved. */
async function saveWith(page: Page, button: string, alert: string): Promise<void> {
  await page.getByRole('button', { name: button }).click();
  await alertWith(page, alert).waitFor();
  await page.getByRole('button', { name: 'OK', exact: true }).click();
}

describe("the owner's shop window, categories and rules, and what the shopper sees", () => {
  it('a Home section with a bedsheet, 7-day returns, a 2-4 day partner and a hero slide reach the shop', async () => {
    const page = await site.openPage({ width: 1280, height: 900 });
    await signIn(site, page, owner, '/admin/settings');

    // 7-day returns
    await page.getByLabel(/^Return window/).fill('7');
    await expectAlert(page, 'Return and cancellation rules saved', () =>
      page.getByRole('button', { name: 'Save the rules' }).click(),
    );

    // a partner with a 2-4 business day promise, serving all of India
    await page.goto('/admin/delivery');
    const partner = page.getByRole('form', { name: 'Add a delivery partner' });
    await partner.getByLabel('Code (letters, digits and dashes)').fill(PARTNER_CODE);
    await partner.getByLabel('Name').fill(PARTNER);
    await partner.getByLabel(/^Tracking page/).fill('https://pinkcity.example/track/{trackingId}');
    await partner.getByLabel('Delivered at the earliest in').fill('2');
    await partner.getByLabel('Delivered at the latest in').fill('4');
    await expectAlert(page, `Added: ${PARTNER}`, () =>
      partner.getByRole('button', { name: 'Add partner' }).click(),
    );
    const pincodes = page.getByRole('region', { name: 'Pincodes a partner serves' });
    await pincodes.getByLabel('Partner').selectOption(PARTNER_CODE);
    await pincodes.getByRole('button', { name: 'Serve all of India' }).click();
    await confirmIn(page, /^Serve all of India/, 'Serve all of India', `${PARTNER} now serves 19,`);

    // a Home section with Bedsheets, first in the menu
    await page.goto('/admin/categories');
    await page.getByRole('heading', { level: 1, name: 'Categories' }).waitFor();
    await page.getByLabel('New segment (Home, say)').fill('Home');
    await page.getByRole('button', { name: 'Add segment' }).click();
    const home = page.getByRole('region', { name: 'Home' });
    await home.getByLabel('New genre in Home').fill('Bedsheets');
    await home.getByRole('button', { name: 'Add genre' }).click();
    await home.getByRole('checkbox', { name: 'One size Home Bedsheets' }).check();
    await page.getByRole('button', { name: 'Up Home', exact: true }).click();
    await saveWith(page, 'Save categories', 'Saved: the categories');

    // a bedsheet set in it, from the partner just added
    await page.goto('/admin/products/new');
    await page.getByRole('heading', { level: 1, name: 'Add product' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill(PRODUCT);
    await page.getByLabel('Section').selectOption('apparel');
    await page.getByLabel('Segment').fill('Home');
    await page.getByLabel('Genre').fill('Bedsheets');
    await page.getByLabel('Stock', { exact: true }).fill('6');
    await page.getByLabel('Description').fill('A double bedsheet and two pillow covers, hand block-printed.');
    await page.getByLabel('Colour', { exact: true }).fill('Indigo');
    await page.getByLabel('MRP (₹)').fill('2499');
    await page.getByLabel('Selling price (₹)').fill('1999');
    await page.getByLabel('Delivery partner').selectOption(PARTNER_CODE);
    await page.getByLabel('Seller').selectOption({ label: seller });
    await page.getByLabel('Weight (g)').fill('1200');
    await page
      .getByLabel('Photos')
      .setInputFiles({ name: 'bedsheet.png', mimeType: 'image/png', buffer: await pngOfAPhoto() });
    await page.getByRole('img', { name: '1 of 1' }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/admin\/products\/\d+$/);
    const productId = Number(new URL(page.url()).pathname.split('/').pop());

    // a hero slide with a photo, leading to the new listing
    await page.goto('/admin/home-page');
    await page.getByRole('heading', { level: 1, name: 'Home page' }).waitFor();
    await page.getByRole('button', { name: 'Add a slide' }).click();
    const slide = page.getByRole('group', { name: /^Slide 1/ });
    await slide.getByLabel(/^Title/).fill(SLIDE);
    await slide.getByLabel(/^Text/).fill('Bedsheets printed by hand with wooden blocks');
    await slide
      .getByLabel('Photo')
      .setInputFiles({ name: 'sanganer.png', mimeType: 'image/png', buffer: await pngOfAPhoto() });
    await slide.locator('.window-photo img').waitFor();
    await slide.getByLabel('Genre').selectOption({ label: 'Home Bedsheets' });
    await saveWith(page, 'Save the home page', 'Saved: the home page');
    await slide.getByText('Shown', { exact: true }).waitFor();

    // the shopper, on a phone: the slide with its photo leads to the new listing
    const shop = await site.openPage({ width: 390, height: 844 });
    await shop.goto('/');
    const featured = shop.getByRole('region', { name: 'Featured' });
    const link = featured.getByRole('link', { name: new RegExp(SLIDE) });
    await link.waitFor();
    await expect
      .poll(() =>
        featured
          .locator('img')
          .first()
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
    await link.click();
    await shop.waitForURL('**/item/Home/Bedsheets/%7B%7D');
    await shop.getByRole('list', { name: 'Products' }).getByText(PRODUCT).click();

    // the product page: the owner's 7-day returns and the partner's 2-4 business days
    await shop.waitForURL(`**/product/apparel/${productId}`);
    await shop.getByText('Returns within 7 days of delivery').waitFor();
    await shop.getByPlaceholder('Search to unlock cart').fill(PINCODE);
    await shop.getByRole('button', { name: 'CHECK', exact: true }).click();
    await shop.getByRole('status').filter({ hasText: 'Pincode is serviceable' }).waitFor();
    const today = indiaToday(new Date());
    const promised = deliveryWhen(dayText(addBusinessDays(today, 2)), dayText(addBusinessDays(today, 4)));
    expect(await shop.getByText(/^Delivery to \d{6}/).textContent()).toBe(
      `Delivery to ${PINCODE} ${promised}`,
    );

    // on a desktop, HOME is first in the menu and its genre leads to the listing
    const desktop = await site.openPage({ width: 1440, height: 900 });
    await desktop.goto('/');
    const menu = desktop.getByRole('navigation', { name: 'Main' });
    await menu.getByRole('button', { name: 'HOME', exact: true }).click();
    const entries = await menu.locator('.category-list > li > .segment-link').allTextContents();
    expect(entries[0]).toBe('HOME');
    await menu.getByRole('link', { name: 'Bedsheets', exact: true }).click();
    await desktop.getByRole('list', { name: 'Products' }).getByText(PRODUCT).waitFor();

    // the cancellation and return policy states the owner's window
    await shop.goto(paths.cancellation());
    await shop.getByText('within 7 days of receiving it').waitFor();
  });
});
