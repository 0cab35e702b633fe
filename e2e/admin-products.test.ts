import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../server/test/app.ts';
import { Fixtures } from '../server/test/fixtures.ts';
import { addStaff, confirmIn, type Person, signIn } from './support/back-office.ts';
import { expectAccessible } from './support/browser.ts';
import { pngOfAPhoto } from './support/shopper.ts';
import { alertWith, browserSite } from './support/site.ts';

const site = browserSite(() => startTestApp('pglite'));

const stamp = Date.now() % 1_000_000;
const NAME = `Kalamkari kurta ${stamp}`;
const SEGMENT = `Catalogue ${stamp}`;
const GENRE = 'Block-printed kurtas';
let owner: Person;
let partner: string;
let seller: string;

beforeAll(async () => {
  owner = await addStaff(site.app, 'Asha Owner', 'owner');
  const row = await site.app.db
    .selectFrom('products')
    .innerJoin('sellers', 'sellers.id', 'products.seller_id')
    .innerJoin('delivery_partners', 'delivery_partners.id', 'products.partner_id')
    .select(['sellers.name as seller', 'delivery_partners.code as partner'])
    .executeTakeFirstOrThrow();
  ({ seller, partner } = row);
});

/** The product list's row of the product, searched by its name. */
async function findInList(page: Page): Promise<Locator> {
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Products' }).click();
  await page.getByLabel('Search').fill(NAME);
  await page.getByRole('button', { name: 'Show products' }).click();
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: NAME, exact: true }) });
  await row.waitFor();
  return row;
}

/** Fills in the product form as a new apparel product with sizes S and M and one photo. */
async function fillNewProduct(page: Page): Promise<void> {
  await page.getByLabel('Name', { exact: true }).fill(NAME);
  await page.getByLabel('Section').selectOption('apparel');
  await page.getByLabel('Segment').fill(SEGMENT);
  await page.getByLabel('Genre').fill(GENRE);
  await page.getByLabel('Description').fill('Hand-painted cotton with a vegetable-dyed border.');
  await page.getByLabel('Colour', { exact: true }).fill('Indigo');
  await page.getByLabel('Fabric').fill('Cotton');
  await page.getByLabel('MRP (₹)').fill('1999');
  await page.getByLabel('Delivery partner').selectOption(partner);
  await page.getByLabel('Seller').selectOption(seller);
  await page.getByLabel('Size', { exact: true }).fill('S');
  await page.getByLabel('Stock', { exact: true }).fill('3');
  await page.getByRole('button', { name: 'Add size' }).click();
  await page.getByLabel('Size', { exact: true }).nth(1).fill('M');
  await page.getByLabel('Stock', { exact: true }).nth(1).fill('5');
  await page
    .getByLabel('Photos')
    .setInputFiles({ name: 'kurta.png', mimeType: 'image/png', buffer: await pngOfAPhoto() });
  await page.getByRole('img', { name: '1 of 1' }).waitFor();
}

/** The shop shows the product in its segment's listing and on its page, with its photo loaded. */
async function expectInShop(productId: number): Promise<void> {
  const shop = await site.openPage();
  await shop.goto(`/item/${encodeURIComponent(SEGMENT)}/${encodeURIComponent(GENRE)}/%7B%7D`);
  await shop.getByRole('list', { name: 'Products' }).getByText(NAME).waitFor();
  await shop.goto(`/product/apparel/${productId}`);
  await shop.getByRole('heading', { level: 1, name: NAME.toUpperCase() }).waitFor();
  const photo = shop.getByRole('img', { name: NAME, exact: true }).first();
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth), { message: 'the photo loads' })
    .toBeGreaterThan(0);
}

describe('the catalogue in the back office, in the browser', () => {
  it('adds a product with sizes and a photo that the shop shows, withdraws and restores it, sets its stock in place', async () => {
    const page = await site.openPage();
    await signIn(site, page, owner, '/admin/products');
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    await expectAccessible(page, 'products');

    // a bad price is refused beside its field, and nothing is saved
    await page.getByRole('link', { name: 'Add product' }).click();
    await page.getByRole('heading', { level: 1, name: 'Add product' }).waitFor();
    // the server's refusal of a form with prices only names the fields as their labels read
    await page.getByLabel('MRP (₹)').fill('1999');
    await page.getByLabel('Selling price (₹)').fill('1499');
    await page.getByRole('button', { name: 'Save' }).click();
    const formMessage = page.locator('.admin-form-message').filter({ hasText: 'Please correct:' });
    await formMessage.waitFor();
    const named = ((await formMessage.textContent()) ?? '').replace('Please correct: ', '').split(', ');
    expect(named).toEqual(expect.arrayContaining(['Segment', 'Seller', 'Delivery partner']));
    for (const key of ['userSegment', 'seller', 'partner']) expect(named).not.toContain(key);
    expect(await page.getByText('No seller named').count()).toBe(0);
    await fillNewProduct(page);
    await page.getByLabel('Selling price (₹)').fill('2500');
    await page.getByRole('button', { name: 'Save' }).click();
    const price = page.getByLabel('Selling price (₹)');
    await price.and(page.locator('[aria-invalid="true"]')).waitFor();
    const describedBy = page.locator(`[id="${await price.getAttribute('aria-describedby')}"]`);
    expect(await describedBy.textContent()).toBe('Price cannot be above the MRP');
    expect(new URL(page.url()).pathname).toBe('/admin/products/new');
    await expectAccessible(page, 'product form with an error');

    // saved: its page, where the discount follows from the prices
    await price.fill('1499');
    await page.getByText('Discount: 25%').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/admin\/products\/\d+$/);
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await page.getByRole('heading', { level: 1, name: NAME }).waitFor();
    const productId = Number(new URL(page.url()).pathname.split('/').pop());
    expect(await page.getByLabel('Stock', { exact: true }).nth(1).inputValue()).toBe('5');
    await expectAccessible(page, 'product');
    await expectInShop(productId);
    expect(await page.getByRole('link', { name: 'View in shop' }).getAttribute('href')).toBe(
      `/product/apparel/${productId}`,
    );

    // another colour: a sibling with the same sizes at no stock and its own photos, on a page of its own
    await page.getByRole('button', { name: 'Add colour' }).click();
    const colourDialog = page.getByRole('dialog', { name: /^Add colour:/ });
    await colourDialog.getByLabel('New colour').fill('Rust');
    // without the new colour's photos nothing is made
    await colourDialog.getByRole('button', { name: 'Add colour', exact: true }).click();
    await page.getByText('Add the photos of the new colour (1 to 5)').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/admin/products/${productId}`);
    await page.getByRole('button', { name: 'Add colour' }).click();
    await colourDialog.getByLabel('New colour').fill('Rust');
    await colourDialog
      .getByLabel('Photos')
      .setInputFiles({ name: 'rust.png', mimeType: 'image/png', buffer: await pngOfAPhoto() });
    await colourDialog.getByRole('img', { name: '1 of 1' }).waitFor();
    await expectAccessible(page, 'add colour dialog');
    await colourDialog.getByRole('button', { name: 'Add colour', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Added colour: Rust' }).waitFor();
    expect(await page.getByLabel('Colour', { exact: true }).inputValue()).toBe('Rust');
    expect(new URL(page.url()).pathname).not.toBe(`/admin/products/${productId}`);
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: NAME }).waitFor();

    // withdrawn and restored, each confirmed
    await page.getByRole('button', { name: 'Withdraw' }).click();
    await confirmIn(page, /^Withdraw:/, 'Withdraw', `Withdrawn: ${NAME}`);
    await page.getByText('Withdrawn', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Restore' }).click();
    await confirmIn(page, /^Restore:/, 'Restore', `Restored: ${NAME}`);
    await page.getByText('Live', { exact: true }).waitFor();

    // its stock set in the list: never below the units held for a shopper paying now
    const fixtures = new Fixtures(site.app.db);
    const { id: skuM } = await site.app.db
      .selectFrom('skus')
      .select('id')
      .where('product_id', '=', productId)
      .where('size', '=', 'M')
      .executeTakeFirstOrThrow();
    await fixtures.hold(await fixtures.customer(), skuM, 2);
    const row = await findInList(page);
    await row.getByText('Live').waitFor();
    const setStock = async (size: string, stock: string, answer: string) => {
      const field = row.getByRole('spinbutton', { name: `Stock of ${NAME}, size ${size}` });
      await field.fill(stock);
      await row.getByRole('button', { name: `Set stock of ${NAME}, size ${size}` }).click();
      const described = page.locator(`[id="${await field.getAttribute('aria-describedby')}"]`);
      await described.filter({ hasText: answer }).waitFor();
    };
    await setStock('M', '1', 'held for shoppers paying now: stock cannot go below 2');
    expect(
      await row.getByRole('spinbutton', { name: `Stock of ${NAME}, size M` }).getAttribute('aria-invalid'),
    ).toBe('true');
    expect(await row.getByText('8 in all').count()).toBe(1);
    // sold out in S, so the Low stock screen lists it; the row's total follows at once
    await setStock('S', '0', 'Saved');
    expect(await row.getByText('5 in all').count()).toBe(1);
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Low stock' })
      .click();
    await page.getByLabel('Low-stock threshold').fill('0');
    await page.getByRole('button', { name: 'Save threshold' }).click();
    await alertWith(page, 'Low-stock threshold set: 0').waitFor();
    await page.getByRole('button', { name: 'OK', exact: true }).click();
    const low = page.getByRole('row').filter({ has: page.getByRole('link', { name: NAME, exact: true }) });
    await low.getByRole('cell', { name: 'S', exact: true }).waitFor();
    expect(await low.count()).toBe(1);
    await expectAccessible(page, 'low stock');
  });

  it('exports the catalogue as CSV and reports an import’s errors by line and column before applying', async () => {
    const page = await site.openPage();
    // another owner: a number may ask for a code once in 30 s
    await signIn(site, page, await addStaff(site.app, 'Dev Owner', 'owner'), '/admin/products');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    const csv = await readFile(await download.path(), 'utf8');
    const [header = '', ...rows] = csv.trimEnd().split('\r\n');
    // the product's own rows (its Rust sibling's name contains its name)
    const ours = rows.filter((line) => line.includes(`,${NAME},`));
    expect(ours).toHaveLength(2);
    const priceAt = header.split(',').indexOf('price');
    const badPrice = (line: string) =>
      line
        .split(',')
        .map((value, i) => (i === priceAt ? 'cheap' : value))
        .join(',');

    const importFile = async (text: string) => {
      await page
        .getByLabel('CSV file')
        .setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
      await page.getByRole('button', { name: 'Check the file' }).click();
    };
    await importFile([header, badPrice(ours[0] ?? ''), ours[1]].join('\r\n'));
    await page
      .getByRole('list', { name: 'Errors in the file' })
      .getByText('line 2, column price: a whole number, 0 or more')
      .waitFor();
    expect(await page.getByRole('button', { name: 'Apply' }).count()).toBe(0);
    await expectAccessible(page, 'import with errors');

    // the export's own rows change nothing, and apply
    await importFile([header, ...ours].join('\r\n'));
    await page.getByText('2 rows for 1 product, no errors.').waitFor();
    await page.getByRole('button', { name: 'Apply' }).click();
    await alertWith(page, 'Imported: 1 product').waitFor();
  });
});
