import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../contract/paths.ts';
import { startTestApp, TEST_ADMIN_TOKEN } from '../server/test/app.ts';
import { Fixtures } from '../server/test/fixtures.ts';
import { uniquePhone } from '../server/test/shopper.ts';
import { addStaff, signIn } from './support/back-office.ts';
import { expectAccessible } from './support/browser.ts';
import { demoShoppers, logIn, type ShopperAt } from './support/shopper.ts';
import { alertWith, browserSite, smsCode } from './support/site.ts';

// issue 38: the shop's own words in its heads and footers, and a checkout that keeps its customers
const site = browserSite(() => startTestApp('pglite'));

const WORDS = {
  name: 'Phulia Looms',
  legalName: 'Phulia Looms Private Limited',
  legalForm: 'private_limited',
  about: 'Handloom saris from Phulia & Shantipur, woven by families we know.',
  footerText: 'Open every day but Sunday.',
  pageTitle: 'Phulia Looms | handloom saris',
  metaDescription: 'Handloom saris from Phulia, straight from the weavers.',
};

const setShop = async (body: object) => {
  const res = await fetch(`${site.app.baseUrl}/admin/api/shop`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
};

const html = async (path: string) => {
  const res = await fetch(`${site.app.baseUrl}${path}`);
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
};

const unescapeHtml = (text: string) =>
  text.replace(
    /&(lt|gt|amp|quot|#39);/g,
    (_, e: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"', '#39': "'" })[e] ?? e,
  );
const titleOf = (page: string) => unescapeHtml(/<title>([^<]*)<\/title>/.exec(page)?.[1] ?? '');
const descriptionOf = (page: string) =>
  unescapeHtml(/<meta name="description" content="([^"]*)"/.exec(page)?.[1] ?? '');
const rootOf = (page: string) => /<div id="root">([\s\S]*)<\/div>\s*<script/.exec(page)?.[1] ?? page;

let productPath: string;
let listingPath: string;
let shopperAt: ShopperAt;

beforeAll(async () => {
  const row = await site.app.db
    .selectFrom('products as p')
    .innerJoin('skus as s', 's.product_id', 'p.id')
    .select(['p.id', 'p.prod', 'p.user_segment', 'p.genre', 's.id as sku_id'])
    .where('p.prod', '=', 'apparel')
    .where('p.active', '=', true)
    .where('s.stock', '>=', 10)
    .orderBy('p.id')
    .executeTakeFirstOrThrow();
  productPath = paths.product(row.prod, row.id);
  listingPath = paths.listing(row.user_segment, row.genre);
  shopperAt = await demoShoppers(site.app, 2);
  const fixtures = new Fixtures(site.app.db);
  // the first shopper: one unit in the bag and an address without an alternative number
  const shopper = shopperAt(0);
  await fixtures.onlyInBag(shopper.id, row.sku_id);
  await fixtures.kolkataAddress(shopper.id, { altPhone: null, name: { fname: 'Asha', lname: 'Sen' } });
});

describe('the shop’s own words in the first HTML', () => {
  it('the home head is exactly the shop’s name while nothing is set, and says nothing of its own', async () => {
    await setShop({ name: WORDS.name, about: null, pageTitle: null, metaDescription: null, legalForm: null });
    const home = await html('/');
    expect(titleOf(home.text)).toBe(WORDS.name);
    expect(descriptionOf(home.text)).toBe(WORDS.name);
    for (const path of ['/', listingPath, productPath, paths.shipping(), paths.terms(), paths.contact()]) {
      const page = await html(path);
      expect(page.status, path).toBe(200);
      expect(page.text, path).not.toMatch(/across India/i);
      expect(page.text, path).not.toMatch(/Private Limited Company|Proprietorship/);
    }
    // the description falls back to the about line
    await setShop({ about: WORDS.about });
    expect(descriptionOf((await html('/')).text)).toBe(WORDS.about);
  });

  it('takes the owner’s title and description, and ends each page’s markup with the owner’s footer', async () => {
    await setShop(WORDS);
    const home = await html('/');
    expect(titleOf(home.text)).toBe(WORDS.pageTitle);
    expect(descriptionOf(home.text)).toBe(WORDS.metaDescription);
    for (const path of ['/', listingPath, productPath]) {
      const root = rootOf((await html(path)).text);
      const footer = /<footer class="ssr-footer">([\s\S]*?)<\/footer>/.exec(root)?.[1] ?? '';
      expect(footer, path).toContain(
        'Handloom saris from Phulia &amp; Shantipur, woven by families we know.',
      );
      expect(footer).toContain(WORDS.footerText);
      expect(footer).toContain('<strong>Phulia Looms Private Limited: Private Limited Company</strong>');
      expect(footer).toContain('<a href="/contact">Contact us</a>');
      for (const policy of ['/terms', '/privacy', '/payment', '/cancellation', '/shipping'])
        expect(footer).toContain(`<a href="${policy}">`);
      expect(root).not.toMatch(/across India/i);
    }
  });

  it('/contact is the contact page, and /concats still answers', async () => {
    for (const path of ['/contact', '/concats']) {
      const page = await html(path);
      expect(page.status, path).toBe(200);
      expect(page.type).toMatch(/^text\/html/);
      expect(titleOf(page.text)).toBe(`Contact us | ${WORDS.name}`);
    }
    const policy = await fetch(`${site.app.baseUrl}/api/policies/contact`);
    expect(((await policy.json()) as { html: string }).html).toContain(
      '<strong>Phulia Looms Private Limited</strong>: Private Limited Company, registered under GST.',
    );
  });
});

async function footerWords(page: Page) {
  const footer = page.getByRole('contentinfo');
  await footer.getByText(WORDS.about).waitFor();
  await footer.getByText(WORDS.footerText).waitFor();
  await footer.getByText('Phulia Looms Private Limited: Private Limited Company').waitFor();
  expect(await footer.textContent()).not.toMatch(/across India/i);
  return footer;
}

describe('the shop’s own words in the browser', () => {
  it('the footer shows them on every page, the home keeps its title and description, from 320 to 2560 px', async () => {
    await setShop(WORDS);
    for (const width of [320, 1440, 2560]) {
      const page = await site.openPage({ width, height: 900 });
      await page.goto('/');
      await footerWords(page);
      expect(await page.title()).toBe(WORDS.pageTitle);
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(
        WORDS.metaDescription,
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    const page = await site.openPage();
    await page.goto(productPath);
    const footer = await footerWords(page);
    await footer.getByRole('link', { name: 'Contact us' }).click();
    await page.waitForURL(`${site.app.baseUrl}/contact`);
    await page.getByRole('heading', { level: 1, name: 'Contact us' }).waitFor();
    await page.getByText('Private Limited Company', { exact: true }).waitFor();
    // back home in the app: its own title and description again
    await page.getByRole('link', { name: WORDS.name }).first().click();
    await page.waitForURL(`${site.app.baseUrl}/`);
    await expect.poll(() => page.title()).toBe(WORDS.pageTitle);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(
      WORDS.metaDescription,
    );
    await expectAccessible(page, 'home with the owner’s footer');
  });
});

describe('the owner writes them in the back office', () => {
  it('the header names the shop, and the shop details take the words and the legal form', async () => {
    await setShop({ name: WORDS.name, about: null, legalForm: null });
    const owner = await addStaff(site.app, 'Mitali Owner', 'owner');
    const page = await site.openPage();
    await signIn(site, page, owner, '/admin/settings');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await page.getByText(`${WORDS.name} back office`, { exact: true }).waitFor();
    expect(await page.getByText('haat back office').count()).toBe(0);

    const details = page.getByRole('region', { name: 'Shop details' });
    await details.getByLabel('Legal form').selectOption({ label: 'Limited Liability Partnership (LLP)' });
    await details.getByLabel(/^About the shop/).fill('Saris from the looms of Nadia.');
    await details.getByLabel(/^Footer text/).fill('Closed on Sundays.');
    await details.getByLabel(/^Home page title/).fill('Nadia saris');
    await details.getByLabel(/^Description for search results/).fill('Handloom saris from Nadia.');
    await details.getByRole('button', { name: 'Save shop details' }).click();
    await alertWith(page, 'Shop details saved').waitFor();
    const saved = (await (await fetch(`${site.app.baseUrl}/api/shop`)).json()) as Record<string, unknown>;
    expect(saved).toMatchObject({
      about: 'Saris from the looms of Nadia.',
      footerText: 'Closed on Sundays.',
      pageTitle: 'Nadia saris',
      metaDescription: 'Handloom saris from Nadia.',
      legalForm: 'llp',
      legalFormText: 'Limited Liability Partnership (LLP)',
    });
    await expectAccessible(page, 'settings with the owner’s words');
  });
});

describe('checkout keeps customers', () => {
  it('saves an address without an alternative number and goes on to payment', async () => {
    const shopper = shopperAt(0);
    const page = await site.openPage();
    await logIn(site, page, shopper.phone);
    await page.goto('/checkout');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { level: 2, name: 'SHIPPING ADDRESS' }).waitFor();
    const alt = page.getByLabel('Alternative contact number (optional)');
    expect(await alt.inputValue()).toBe('');
    expect(await alt.getAttribute('required')).toBeNull();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByRole('heading', { level: 2, name: 'PAYMENT METHOD' }).waitFor();
    const row = await site.app.db
      .selectFrom('customers')
      .select(['alt_phone', 'house_no'])
      .where('id', '=', shopper.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ alt_phone: null, house_no: '12B' });
  });

  it('signing up from checkout comes back to checkout', async () => {
    const page = await site.openPage();
    await page.goto('/checkout');
    await page.getByRole('banner').getByRole('link', { name: 'LOGIN/ SIGNUP' }).click();
    await page.waitForURL(`${site.app.baseUrl}/login`);
    const phone = uniquePhone();
    await page.getByLabel('Phone number').fill(phone);
    await page.getByRole('button', { name: 'Request OTP' }).click();
    await alertWith(page, 'OTP sent').waitFor();
    await page.getByLabel('OTP').fill(await smsCode(site.app, phone));
    await page.getByRole('button', { name: 'VALIDATE' }).click();
    await page.waitForURL(`${site.app.baseUrl}/signUp`);
    await page.getByLabel('E-mail id').fill(`words${phone}@example.in`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('First name').fill('Ira');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Last name').fill('Sen');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${site.app.baseUrl}/checkout`);
  });

  it('the login page keeps its code box through a reload while the code is valid', async () => {
    const shopper = shopperAt(1);
    const page = await site.openPage();
    await page.goto('/login');
    await page.getByLabel('Phone number').fill(shopper.phone);
    await page.getByRole('button', { name: 'Request OTP' }).click();
    await alertWith(page, 'OTP sent').waitFor();
    await page.reload();
    const code = page.getByLabel('OTP');
    await code.waitFor();
    expect(await page.getByLabel('Phone number').inputValue()).toBe(shopper.phone);
    expect(await code.isEnabled()).toBe(true);
    await code.fill(await smsCode(site.app, shopper.phone));
    await page.getByRole('button', { name: 'VALIDATE' }).click();
    await page.waitForURL(`${site.app.baseUrl}/`);
    // used: logged out again, the login page asks for a new code
    await page
      .evaluate(() => sessionStorage.getItem('pendingLoginCode'))
      .then((kept) => expect(kept).toBeNull());
  });
});
