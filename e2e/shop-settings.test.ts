import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ShopDetails } from '../contract/shop.ts';
import { startTestApp, TEST_ADMIN_TOKEN } from '../server/test/app.ts';
import { gstinOf } from '../server/test/own-shop.ts';
import { addStaff, messageBeside, signIn } from './support/back-office.ts';
import { expectAccessible } from './support/browser.ts';
import { alertWith, browserSite } from './support/site.ts';

const site = browserSite(() => startTestApp('pglite'));

const BEARER = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
const SHOP = 'Jaipur Blue Pottery';

const PAN = 'AAKFJ4321B';

const html = async (path: string) => (await fetch(`${site.app.baseUrl}${path}`)).text();
const titleOf = (page: string) => /<title>([^<]*)<\/title>/.exec(page)?.[1];

describe('the owner makes the shop theirs in Settings', () => {
  it('names the shop, sets the delivery charge and writes a policy page; the shop shows them', async () => {
    const owner = await addStaff(site.app, 'Kavita Owner', 'owner');
    const page = await site.openPage();
    await signIn(site, page, owner, '/admin/settings');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await expectAccessible(page, 'settings');

    // a GSTIN of another state than the office's is refused beside its field, and nothing is saved
    const details = page.getByRole('region', { name: 'Shop details' });
    await details.getByLabel('Shop name').fill(SHOP);
    await details.getByLabel('Legal name').fill('Jaipur Blue Pottery LLP');
    await details.getByLabel(/Registered office/).fill('12 Amer Road\nJaipur 302002\nRajasthan');
    await details.getByLabel('Support e-mail').fill('hello@bluepottery.in');
    await details.getByLabel('GSTIN').fill(gstinOf('27', PAN));
    await details.getByRole('button', { name: 'Save shop details' }).click();
    const gstinField = details.getByLabel('GSTIN');
    expect(await messageBeside(page, gstinField)).toContain('Maharashtra');
    const unchanged = await (await fetch(`${site.app.baseUrl}/api/shop`)).json();
    expect((unchanged as ShopDetails).name).toBe('haat');

    await gstinField.fill(gstinOf('08', PAN));
    await details.getByRole('button', { name: 'Save shop details' }).click();
    await alertWith(page, 'Shop details saved').waitFor();
    await page.getByRole('button', { name: 'OK', exact: true }).click();

    const charges = page.getByRole('region', { name: 'Delivery and stock' });
    await charges.getByLabel('Delivery charge (₹)').fill('40');
    await charges.getByLabel('Free delivery above (₹)').fill('999');
    await charges.getByRole('button', { name: 'Save delivery and stock' }).click();
    await alertWith(page, 'Delivery and stock settings saved').waitFor();
    await page.getByRole('button', { name: 'OK', exact: true }).click();

    const policies = page.getByRole('region', { name: 'Policy pages' });
    await policies
      .getByLabel(/^Privacy policy/)
      .fill('## Our promise\n\nWe never sell your data, <b>ever</b>. Write to {supportEmail}.');
    await policies.getByRole('button', { name: 'Save policy pages' }).click();
    await alertWith(page, 'Policy pages saved').waitFor();

    // the shop, in another browser
    const shopper = await site.openPage();
    await shopper.goto('/');
    const footer = shopper.getByRole('contentinfo');
    const year = new Date().getFullYear();
    await footer.getByText(`© ${year} ${SHOP}. All rights reserved.`).waitFor();
    await footer.getByText('Free delivery above ₹999').waitFor();
    // and a product page's promise, which reads the same setting
    const { id } = await site.app.db
      .selectFrom('products')
      .select('id')
      .where('prod', '=', 'apparel')
      .where('active', '=', true)
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    await shopper.goto(`/product/apparel/${id}`);
    await shopper.getByText('Free delivery on spending above ₹999').waitFor();
    await shopper.goto('/');
    // the home's title is the shop's name alone while the owner wrote none
    await expect.poll(() => shopper.title()).toBe(SHOP);
    await expect(shopper.getByRole('link', { name: SHOP }).first().isVisible()).resolves.toBe(true);

    await shopper.goto('/privacy');
    const article = shopper.locator('.policy-article');
    await article.getByRole('heading', { level: 2, name: 'Our promise' }).waitFor();
    await expect(article.textContent()).resolves.toContain('We never sell your data, <b>ever</b>.');
    await expect(article.locator('b').count()).resolves.toBe(0);
    await expect(
      article.getByRole('link', { name: 'hello@bluepottery.in' }).getAttribute('href'),
    ).resolves.toBe('mailto:hello@bluepottery.in');
    await expect.poll(() => shopper.title()).toBe(`Privacy policy | ${SHOP}`);
    // another page keeps the spec's text, with the new charge; its links stay in the app
    await shopper.getByRole('link', { name: 'Shipping', exact: true }).first().click();
    await shopper.getByRole('heading', { level: 1, name: 'Shipping policy' }).waitFor();
    await expect(article.textContent()).resolves.toContain(
      'Orders of ₹999 or less carry a delivery charge of ₹40',
    );
    await article.getByRole('link', { name: 'Contact us' }).click();
    await shopper.getByRole('heading', { level: 1, name: 'Contact us' }).waitFor();
    const main = shopper.getByRole('main');
    await main.getByText(`Operator of ${SHOP}.`).waitFor();
    await expect(main.locator('address').textContent()).resolves.toContain('Jaipur 302002');
    await expectAccessible(shopper, 'contact page');
  });

  it('works at 320 px wide without scrolling sideways', async () => {
    const owner = await addStaff(site.app, 'Narrow Owner', 'owner');
    const page = await site.openPage({ width: 320, height: 720 });
    await signIn(site, page, owner, '/admin/settings');
    await page.getByRole('button', { name: 'Save policy pages' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await expectAccessible(page, 'settings at 320 px');
  });

  it('names the shop in the heads the server writes, with the logo as the share image', async () => {
    const wide = await sharp({ create: { width: 600, height: 200, channels: 4, background: '#1d4e89' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(wide)], { type: 'image/png' }), 'logo.png');
    const upload = await fetch(`${site.app.baseUrl}/admin/api/products/photos`, {
      method: 'POST',
      headers: BEARER,
      body: form,
    });
    const { photo } = (await upload.json()) as { photo: string };
    const set = await fetch(`${site.app.baseUrl}/admin/api/shop`, {
      method: 'PUT',
      headers: { ...BEARER, 'content-type': 'application/json' },
      body: JSON.stringify({ logo: photo }),
    });
    expect(set.status).toBe(200);

    const home = await html('/');
    expect(titleOf(home)).toBe(SHOP);
    expect(home).toContain(`<meta property="og:site_name" content="${SHOP}" />`);
    expect(home).toContain(
      `<meta property="og:image" content="${site.app.baseUrl}/images/logo/${photo}?w=320" />`,
    );
    expect(home).toContain('"legalName":"Jaipur Blue Pottery LLP"');
    expect(titleOf(await html('/terms'))).toBe(`Terms of use | ${SHOP}`);
    expect(titleOf(await html('/wishlist'))).toBe(SHOP);
    expect(titleOf(await html('/item/Women/Kurti/%7B%7D'))).toBe(`Women Kurti | ${SHOP}`);

    // the header shows the logo in place of the drawn mark
    const page = await site.openPage();
    await page.goto('/');
    const logo = page.getByRole('link', { name: SHOP }).first().locator('img');
    await expect(logo.getAttribute('src')).resolves.toBe(`/images/logo/${photo}?w=320`);
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  });
});
