import { beforeAll, describe, expect, it } from 'vitest';
import type { CategoryTree } from '../contract/categories.ts';
import { startTestApp, TEST_ADMIN_TOKEN } from '../server/test/app.ts';
import { addStaff, type Person, signIn } from './support/back-office.ts';
import { expectAccessible } from './support/browser.ts';
import { pngOfAPhoto } from './support/shopper.ts';
import { alertWith, browserSite } from './support/site.ts';

const site = browserSite(() => startTestApp('pglite'));

const NAME = 'Kantha cushion cover';
let owner: Person;
let partner: string;
let seller: string;

beforeAll(async () => {
  owner = await addStaff(site.app, 'Meera Owner', 'owner');
  ({ seller, partner } = await site.app.db
    .selectFrom('products')
    .innerJoin('sellers', 'sellers.id', 'products.seller_id')
    .innerJoin('delivery_partners', 'delivery_partners.id', 'products.partner_id')
    .select(['sellers.name as seller', 'delivery_partners.code as partner'])
    .where('sellers.active', '=', true)
    .executeTakeFirstOrThrow());
});

describe("the owner's categories, in the browser", () => {
  it('adds a Home section with a one-size genre, first in the menu; a product added in it is in the shop', async () => {
    const page = await site.openPage({ width: 360, height: 740 });
    await signIn(site, page, owner, '/admin/categories');
    await page.getByRole('heading', { level: 1, name: 'Categories' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Women' }).waitFor();

    // a new segment, two genres in it, one of them one-size, moved to the top
    await page.getByLabel('New segment (Home, say)').fill('Home');
    await page.getByRole('button', { name: 'Add segment' }).click();
    const home = page.getByRole('region', { name: 'Home' });
    await home.getByLabel('New genre in Home').fill('Cushion covers');
    await home.getByRole('button', { name: 'Add genre' }).click();
    await home.getByLabel('New genre in Home').fill('Bedsheets');
    await home.getByRole('button', { name: 'Add genre' }).click();
    // a name already there is not added twice
    await home.getByLabel('New genre in Home').fill('bedsheets');
    await home.getByRole('button', { name: 'Add genre' }).click();
    await home.getByText('bedsheets is already there').waitFor();
    await home.getByRole('checkbox', { name: 'One size Home Cushion covers' }).check();
    const segments = await page.getByRole('heading', { level: 2 }).count();
    for (let i = 1; i < segments; i++)
      await page.getByRole('button', { name: 'Up Home', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Up Home', exact: true }).isDisabled()).resolves.toBe(true);
    await expectAccessible(page, 'categories at 360 px');
    await page.getByRole('button', { name: 'Save categories' }).click();
    await alertWith(page, 'Saved: the categories').waitFor();
    await page.getByRole('button', { name: 'OK', exact: true }).click();

    const tree = await (await site.app.client()).get<CategoryTree>('/admin/api/categories', {
      authorization: `Bearer ${TEST_ADMIN_TOKEN}`,
    });
    expect(tree.body.segments[0]).toEqual({
      name: 'Home',
      genres: [
        { name: 'Cushion covers', oneSize: true, products: 0 },
        { name: 'Bedsheets', oneSize: false, products: 0 },
      ],
    });

    // a genre with products cannot be left out: its Remove button is not offered
    const women = page.getByRole('region', { name: 'Women' });
    expect(await women.getByRole('button', { name: /^Remove/ }).count()).toBe(0);

    // the product form: a one-size genre has one stock box, no sizes
    await page.goto('/admin/products/new');
    await page.getByRole('heading', { level: 1, name: 'Add product' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill(NAME);
    await page.getByLabel('Section').selectOption('apparel');
    await page.getByLabel('Segment').fill('Home');
    await page.getByLabel('Genre').fill('Cushion covers');
    await page.getByText('Cushion covers is one-size: one stock, no size to choose.').waitFor();
    expect(await page.getByRole('button', { name: 'Add size' }).count()).toBe(0);
    await page.getByLabel('Stock', { exact: true }).fill('4');
    await page.getByLabel('Description').fill('Hand-stitched kantha on old cotton saris.');
    await page.getByLabel('Colour', { exact: true }).fill('Madder');
    await page.getByLabel('MRP (₹)').fill('899');
    await page.getByLabel('Selling price (₹)').fill('699');
    await page.getByLabel('Delivery partner').selectOption(partner);
    await page.getByLabel('Seller').selectOption(seller);
    await page
      .getByLabel('Photos')
      .setInputFiles({ name: 'cushion.png', mimeType: 'image/png', buffer: await pngOfAPhoto() });
    await page.getByRole('img', { name: '1 of 1' }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/admin\/products\/\d+$/);
    const productId = Number(new URL(page.url()).pathname.split('/').pop());
    expect(await page.getByLabel('Stock', { exact: true }).inputValue()).toBe('4');

    // the shopper: HOME first in the menu, its genre leads to the listing, the page asks no size
    const shop = await site.openPage({ width: 1024, height: 768 });
    await shop.goto('/');
    const menu = shop.getByRole('navigation', { name: 'Main' });
    await menu.getByRole('button', { name: 'HOME', exact: true }).waitFor();
    const entries = await menu.locator('.category-list > li > .segment-link').allTextContents();
    expect(entries[0]).toBe('HOME');
    expect(entries.at(-1)).toBe('CRAFTS');
    // Bedsheets has nothing on sale: the menu leaves it out
    await menu.getByRole('button', { name: 'HOME', exact: true }).click();
    expect(await menu.getByRole('link', { name: 'Bedsheets', exact: true }).count()).toBe(0);
    await menu.getByRole('link', { name: 'Cushion covers', exact: true }).click();
    await shop.waitForURL('**/item/Home/Cushion%20covers/%7B%7D');
    await shop.getByRole('list', { name: 'Products' }).getByText(NAME).waitFor();
    await shop.goto(`/product/apparel/${productId}`);
    await shop.getByRole('heading', { level: 1, name: NAME.toUpperCase() }).waitFor();
    await shop.getByText('HOME · CUSHION COVERS').waitFor();
    expect(await shop.locator('.choice-sizes').count()).toBe(0);
  });
});
