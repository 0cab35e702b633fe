import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../server/test/app.ts';
import { addSeller, clearShopDetails, markDemo } from '../server/test/own-shop.ts';
import { addStaff, signIn } from './support/back-office.ts';
import { expectAccessible } from './support/browser.ts';
import { browserSite } from './support/site.ts';

const site = browserSite(() => startTestApp('pglite'));

beforeAll(async () => {
  // the seeded catalogue is the demo's; the owner has set nothing up yet
  await markDemo(site.app.db);
  await clearShopDetails(site.app.db);
});

const checklist = (page: Page) => page.getByRole('region', { name: 'Set up your shop' });
/** A step of the checklist, found by its title. */
const stepOf = (page: Page, title: string) =>
  checklist(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: new RegExp(`^${title} (Done|To do)$`) }) });

describe('the setup checklist on the Dashboard, in the browser', () => {
  it('shows the owner each step, what it misses and where to fix it; a new seller is done on reload', async () => {
    const owner = await addStaff(site.app, 'Kaveri Owner', 'owner');
    const page = await site.openPage();
    await signIn(site, page, owner);
    await checklist(page).waitFor();
    await expectAccessible(page, 'setup checklist');

    const titles = await checklist(page).getByRole('heading', { level: 3 }).allTextContents();
    // each title after its mark (○ to do, ✓ done), then its state in words
    expect(titles).toEqual([
      '○ Shop details To do',
      '○ A seller To do',
      '○ Delivery To do',
      '○ The first product To do',
      '○ Payments To do',
      '○ SMS To do',
    ]);
    await checklist(page).getByText('0 of 6 steps done.').waitFor();

    const links = [
      ['Shop details', 'Open Settings', '/admin/settings'],
      ['A seller', 'Open Sellers', '/admin/sellers'],
      ['Delivery', 'Open Delivery', '/admin/delivery'],
      ['The first product', 'Add a product', '/admin/products/new'],
    ];
    for (const [title = '', name, href] of links) {
      expect(await stepOf(page, title).getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    await stepOf(page, 'Shop details').getByText("Add your shop's GSTIN").waitFor();
    await stepOf(page, 'Delivery').getByText('Add a delivery partner').waitFor();
    // set on the server, not on a screen: the variables' names and where the docs explain them
    await stepOf(page, 'Payments').getByText('Set RAZORPAY_KEY_ID', { exact: false }).waitFor();
    await stepOf(page, 'SMS').getByText('Set MSG91_SENDER', { exact: false }).waitFor();
    expect(await stepOf(page, 'SMS').getByRole('link').count()).toBe(0);
    await stepOf(page, 'SMS').getByText('“Going live”', { exact: false }).waitFor();

    const goLive = page.getByRole('region', { name: 'Go live' });
    await goLive.getByText('Set NODE_ENV=production').waitFor();
    await goLive.getByText('Remove the demo: its products', { exact: false }).waitFor();

    // the Sellers screen's work, straight in the database as it leaves a seller
    await addSeller(site.app.db);
    await page.reload();
    await stepOf(page, 'A seller').getByText('Done', { exact: true }).waitFor();
    expect(await stepOf(page, 'A seller').getByRole('list').count()).toBe(0);
    await checklist(page).getByText('1 of 6 steps done.').waitFor();

    // the link goes to the screen that fixes the step
    await stepOf(page, 'The first product').getByRole('link', { name: 'Add a product' }).click();
    await page.waitForURL('**/admin/products/new');
  });

  it('asks before removing the demo', async () => {
    const owner = await addStaff(site.app, 'Kaveri Owner Two', 'owner');
    const page = await site.openPage();
    await signIn(site, page, owner);
    const demo = page.getByRole('region', { name: 'Remove the demo' });
    await demo.getByRole('button', { name: 'Remove the demo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove the demo' });
    await dialog.getByText('What you added yourself stays.', { exact: false }).waitFor();
    await expectAccessible(page, 'remove the demo dialog');
    await dialog.getByRole('button', { name: 'Go back' }).click();
    await dialog.waitFor({ state: 'detached' });
    // nothing was removed
    const demoProducts = await site.app.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('demo', '=', true)
      .executeTakeFirstOrThrow();
    expect(Number(demoProducts.n)).toBeGreaterThan(0);
  });

  it('fits 320 px', async () => {
    const owner = await addStaff(site.app, 'Kaveri Owner Three', 'owner');
    const page = await site.openPage({ width: 320, height: 720 });
    await signIn(site, page, owner);
    await checklist(page).waitFor();
    await page.getByRole('region', { name: 'Remove the demo' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await expectAccessible(page, 'setup checklist at 320 px');
  });

  it('shows staff the dashboard without the checklist', async () => {
    const clerk = await addStaff(site.app, 'Ravi Clerk', 'staff');
    const page = await site.openPage();
    await signIn(site, page, clerk);
    await page.getByRole('heading', { name: 'To ship' }).waitFor();
    expect(await checklist(page).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Remove the demo' }).count()).toBe(0);
  });
});
