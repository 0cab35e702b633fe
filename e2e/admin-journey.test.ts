import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { RETURN_REASONS } from '../contract/fit-returns-constants.ts';
import { RATED_MESSAGE, RETURN_PROMPT, RETURN_SUBMITTED_MESSAGE } from '../contract/orders.ts';
import { REVIEW_SAVED_MESSAGE, UPLOADED_MESSAGE } from '../contract/reviews.ts';
import { startTestApp } from '../server/test/app.ts';
import { Fixtures } from '../server/test/fixtures.ts';
import { addStaff, confirmIn, lineRow, signIn } from './support/back-office.ts';
import { expectAccessible } from './support/browser.ts';
import {
  chooseStars,
  expectAlert,
  logIn,
  orderedItem,
  payInTheWindow,
  pngOfAPhoto,
} from './support/shopper.ts';
import { browserSite } from './support/site.ts';

const site = browserSite(() => startTestApp('pglite'));

const stamp = Date.now() % 1_000_000;
const PRODUCT = {
  name: `Chanderi silk kurta ${stamp}`,
  segment: `Journey ${stamp}`,
  genre: 'Festive kurtas',
};
const METRO_PINCODE = '700001';
let shopper: { id: number; phone: string; name: string };
/** a delivery partner that serves the shopper's pincode, and a seller, as the product form names them */
let partner: string;
let seller: string;

beforeAll(async () => {
  const fixtures = new Fixtures(site.app.db);
  const id = await fixtures.customer({ fname: 'Lata', lname: 'Menon' });
  const phone = await fixtures.kolkataAddress(id);
  shopper = { id, phone, name: 'Lata Menon' };
  const row = await site.app.db
    .selectFrom('delivery_partners as d')
    .innerJoin('partner_pincodes as pp', 'pp.partner_id', 'd.id')
    .select('d.code')
    .where('pp.pincode', '=', METRO_PINCODE)
    .orderBy('d.id')
    .executeTakeFirstOrThrow();
  partner = row.code;
  seller = (await site.app.db.selectFrom('sellers').select('name').orderBy('id').executeTakeFirstOrThrow())
    .name;
});

const backOffice = (page: Page, section: string) =>
  page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: section, exact: true });

/** Opens a section from the navigation and waits for its title. */
async function openSection(page: Page, section: string): Promise<void> {
  await backOffice(page, section).click();
  await page.getByRole('heading', { level: 1, name: section }).waitFor();
}

/** The owner adds the product on the Products screen: two sizes with their stock, and one photo. */
async function addProduct(page: Page): Promise<number> {
  await openSection(page, 'Products');
  await expectAccessible(page, 'products');
  await page.getByRole('link', { name: 'Add product' }).click();
  await page.getByRole('heading', { level: 1, name: 'Add product' }).waitFor();
  await page.getByLabel('Name', { exact: true }).fill(PRODUCT.name);
  await page.getByLabel('Section').selectOption('apparel');
  await page.getByLabel('Segment').fill(PRODUCT.segment);
  await page.getByLabel('Genre').fill(PRODUCT.genre);
  await page.getByLabel('Description').fill('Handwoven Chanderi with a zari border.');
  await page.getByLabel('Colour').fill('Ivory');
  await page.getByLabel('Fabric').fill('Silk');
  await page.getByLabel('MRP (₹)').fill('2499');
  await page.getByLabel('Selling price (₹)').fill('1999');
  await page.getByRole('status').filter({ hasText: 'Discount: 20%' }).waitFor();
  await page.getByLabel('Delivery partner').selectOption(partner);
  await page.getByLabel('Seller').selectOption(seller);
  await page.getByRole('button', { name: 'Add size' }).click();
  for (const [row, [size, stock]] of [
    ['M', '4'],
    ['L', '2'],
  ].entries()) {
    await page
      .getByLabel('Size', { exact: true })
      .nth(row)
      .fill(size ?? '');
    await page
      .getByLabel('Stock', { exact: true })
      .nth(row)
      .fill(stock ?? '');
  }
  await page
    .getByLabel('Photos')
    .setInputFiles({ name: 'kurta.png', mimeType: 'image/png', buffer: await pngOfAPhoto() });
  await page.getByRole('img', { name: '1 of 1' }).waitFor();
  await expectAccessible(page, 'add product');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
  await page.getByRole('heading', { level: 1, name: PRODUCT.name }).waitFor();
  return Number(new URL(page.url()).pathname.split('/').at(-1));
}

/** The product page's photo has loaded from the server. */
async function photoShown(page: Page): Promise<void> {
  const photo = page.getByRole('img', { name: PRODUCT.name, exact: true }).first();
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth), { message: 'the photo loads' })
    .toBeGreaterThan(0);
}

/** The shopper buys one M through the shop: pincode, size, bag, checkout, the simulated payment. */
async function buy(page: Page, productId: number): Promise<void> {
  await page.goto(`/product/apparel/${productId}`);
  await page.getByRole('heading', { level: 1, name: PRODUCT.name.toUpperCase() }).waitFor();
  await page.getByPlaceholder('Search to unlock cart').fill(METRO_PINCODE);
  await page.getByRole('button', { name: 'CHECK', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'Pincode is serviceable' }).waitFor();
  await page.getByRole('button', { name: 'M', exact: true }).click();
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
  await page.getByRole('button', { name: 'REMOVE FROM CART' }).waitFor();

  await page.goto('/checkout');
  await page.getByRole('heading', { level: 2, name: 'PRODUCT REVIEW' }).waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { level: 2, name: 'SHIPPING ADDRESS' }).waitFor();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.getByRole('heading', { level: 2, name: 'PAYMENT METHOD' }).waitFor();
  await payInTheWindow(site, page);
}

describe('the shop run from the back office, in the browser', () => {
  it('adds a product, sells it, ships and delivers it, takes it back, refunds it and hides its review', {
    timeout: 300_000,
  }, async () => {
    // the owner signs in with a one-time code and adds the product on the Products screen
    const owner = await addStaff(site.app, 'Uma Owner', 'owner');
    const office = await site.openPage();
    await signIn(site, office, owner);
    await office.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await expectAccessible(office, 'dashboard');
    const productId = await addProduct(office);

    // the shop shows it at once: in its segment's listing and on its page with its photo
    const shop = await site.openPage();
    await shop.goto(
      `/item/${encodeURIComponent(PRODUCT.segment)}/${encodeURIComponent(PRODUCT.genre)}/%7B%7D`,
    );
    await shop
      .getByRole('list', { name: 'Products' })
      .getByRole('listitem')
      .filter({ has: shop.locator(`a[href$="/product/apparel/${productId}"]`) })
      .getByText(PRODUCT.name)
      .waitFor();
    await shop.goto(`/product/apparel/${productId}`);
    await shop.getByRole('heading', { level: 1, name: PRODUCT.name.toUpperCase() }).waitFor();
    await photoShown(shop);

    // a shopper buys it
    await logIn(site, shop, shopper.phone);
    await buy(shop, productId);
    const bought = orderedItem(shop, PRODUCT.name);
    await bought.waitFor();

    // the owner finds the order by the shopper's phone, ships it and marks it delivered
    await openSection(office, 'Orders');
    await office.getByLabel('Search').fill(shopper.phone);
    await office.getByRole('button', { name: 'Show orders' }).click();
    // the list before the search stays until the searched one has loaded: wait for the search's answer
    await office.waitForURL(/[?&]q=/);
    const orderLink = office.getByRole('table').getByRole('link');
    await expect.poll(() => orderLink.count()).toBe(1);
    const purchaseId = (await orderLink.textContent()) ?? '';
    await expectAccessible(office, 'orders');
    await orderLink.click();
    await office.getByRole('heading', { level: 1, name: /^Order \d+$/ }).waitFor();
    await office.getByText(shopper.phone).first().waitFor();
    await expectAccessible(office, 'order');
    await lineRow(office, PRODUCT.name).getByRole('button', { name: 'Ship' }).click();
    await office
      .getByRole('dialog', { name: /^Ship:/ })
      .getByLabel('Tracking ID')
      .fill('BLUEDART-5521');
    await confirmIn(office, /^Ship:/, 'Ship', `Shipped: ${purchaseId}`);
    await lineRow(office, PRODUCT.name).getByText('BLUEDART-5521').waitFor();
    await lineRow(office, PRODUCT.name).getByRole('button', { name: 'Mark delivered' }).click();
    await confirmIn(office, /^Mark delivered:/, 'Mark delivered', `Marked delivered: ${purchaseId}`);

    // the shopper asks to return it
    await shop.reload();
    await bought.getByRole('button', { name: 'Return' }).click();
    const asking = shop.getByRole('dialog', { name: 'Return' });
    await asking.getByRole('radio', { name: RETURN_REASONS.too_small }).check();
    await asking.getByLabel(RETURN_PROMPT).fill('The sleeves are shorter than shown');
    await expectAlert(shop, RETURN_SUBMITTED_MESSAGE, () =>
      asking.getByRole('button', { name: 'Submit' }).click(),
    );

    // the owner accepts the return and marks it received
    await openSection(office, 'Returns');
    const card = office.getByRole('listitem').filter({ has: office.getByRole('link', { name: purchaseId }) });
    await card.getByText('The sleeves are shorter than shown').waitFor();
    await expectAccessible(office, 'returns');
    await card.getByRole('button', { name: 'Accept' }).click();
    await confirmIn(office, /^Accept:/, 'Accept', `Return accepted: ${purchaseId}`);
    await office.getByLabel('Show', { exact: true }).selectOption({ label: 'Accepted, on their way back' });
    await office.getByRole('button', { name: 'Show', exact: true }).click();
    await card.getByRole('button', { name: 'Mark received' }).click();
    await confirmIn(office, /^Mark received:/, 'Mark received', `Received back: ${purchaseId}`);

    // the refund: on Refunds and on the order page
    await openSection(office, 'Refunds');
    const refund = office.getByRole('row').filter({ has: office.getByRole('link', { name: purchaseId }) });
    await refund.getByText('₹1,999').waitFor();
    await expectAccessible(office, 'refunds');
    await refund.getByRole('link', { name: purchaseId }).click();
    await office
      .getByRole('listitem')
      .filter({ hasText: `₹1,999 for ${purchaseId}` })
      .waitFor();

    // the shopper rates it and reviews it with a photo
    await shop.reload();
    await chooseStars(bought, 2);
    await expectAlert(shop, RATED_MESSAGE, () =>
      bought.getByRole('button', { name: 'SUBMIT RATING' }).click(),
    );
    await bought.getByRole('link', { name: 'POST REVIEW' }).click();
    await shop.waitForURL(`${site.app.baseUrl}/review/${productId}`);
    await shop
      .getByLabel('Choose a photo')
      .setInputFiles({ name: 'sleeve.png', mimeType: 'image/png', buffer: await pngOfAPhoto() });
    await expectAlert(shop, UPLOADED_MESSAGE, () => shop.getByRole('button', { name: 'UPLOAD' }).click());
    const text = `Lovely weave, but the sleeves ran short (${stamp}).`;
    await shop.getByLabel('Your review').fill(text);
    await expectAlert(shop, REVIEW_SAVED_MESSAGE, () =>
      shop.getByRole('button', { name: 'POST REVIEW' }).click(),
    );
    await shop.goto(`/product/apparel/${productId}`);
    const reviews = shop.getByRole('region', { name: 'REVIEWS' });
    await reviews.getByText(text).waitFor();

    // the owner hides it: it leaves the product page
    await openSection(office, 'Reviews');
    const review = office.getByRole('listitem', { name: `${shopper.name} on ${PRODUCT.name}` });
    await review.getByText(text).waitFor();
    await expectAccessible(office, 'reviews');
    await review.getByRole('button', { name: 'Hide' }).click();
    await review.getByRole('button', { name: 'Show' }).waitFor();
    await shop.reload();
    await reviews.getByText('No reviews yet').waitFor();
    expect(await reviews.getByText(text).count()).toBe(0);
  });
});
