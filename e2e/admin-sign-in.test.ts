import { describe, expect, it } from 'vitest';
import { startTestApp } from '../server/test/app.ts';
import { addStaff, enterCode, navigation, sendCode, signIn } from './support/back-office.ts';
import { expectAccessible } from './support/browser.ts';
import { browserSite } from './support/site.ts';

const site = browserSite(() => startTestApp('pglite'));
const CODE_ON_ITS_WAY = 'If this number is on the staff list, a code is on its way';

describe('back-office sign-in in the browser', () => {
  it('signs the owner in with a one-time code, shows the sections, and signs out', async () => {
    const owner = await addStaff(site.app, 'Asha Owner', 'owner');
    const page = await site.openPage();
    await page.goto('/admin/');
    await page.getByRole('heading', { name: 'Back office' }).waitFor();
    await expectAccessible(page, 'sign-in');

    // a wrong code is refused in the server's words, beside the field
    await sendCode(page, owner);
    await page.getByLabel('One-time code').fill('000000');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByLabel('One-time code').and(page.locator('[aria-invalid="true"]')).waitFor();

    await enterCode(site, page, owner);
    // the sign-in's words are gone once signed in
    expect(await page.getByText(CODE_ON_ITS_WAY).count()).toBe(0);
    // the test app's payments are simulated: every screen says it is test mode
    await page
      .getByRole('note')
      .filter({ hasText: /^TEST MODE/ })
      .waitFor();
    expect(await navigation(page)).toEqual([
      'Dashboard',
      'Orders',
      'Returns',
      'Refunds',
      'Cash on delivery',
      'Reviews',
      'Products',
      'Categories',
      'Low stock',
      'Offers',
      'Sellers',
      'Size charts',
      'Home page',
      'Reports',
      'Delivery',
      'Staff',
      'Passkeys',
      'Activity',
      'GST returns',
      'Settlements',
      'Settings',
    ]);
    await expectAccessible(page, 'shell');

    // the session is the cookie's: a reload stays signed in
    await page.reload();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Mobile number').waitFor();
    await page.reload();
    await page.getByLabel('Mobile number').waitFor();
  });

  it('answers a number that is not on the staff list in the same words, never "Code sent"', async () => {
    const page = await site.openPage({ width: 320, height: 700 });
    await page.goto('/admin/');
    await sendCode(page, { phone: '9000000001', name: 'Nobody' });
    await page
      .getByRole('note')
      .filter({ hasText: /^TEST MODE/ })
      .waitFor();
    expect(await page.getByText('Code sent').count()).toBe(0);
  });

  it('shows a staff member neither Staff, Activity nor Settings, and works at 360 px', async () => {
    const clerk = await addStaff(site.app, 'Ravi Clerk', 'staff');
    const page = await site.openPage({ width: 360, height: 740 });
    await signIn(site, page, clerk);
    const links = await navigation(page);
    expect(links).toContain('Orders');
    expect(links).not.toContain('Staff');
    expect(links).not.toContain('Activity');
    expect(links).toContain('Sellers');
    expect(links).not.toContain('Delivery');
    expect(links).not.toContain('Settings');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page, 'shell at 360 px');
  });
});
