import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../server/test/app.ts';
import { uniquePhone } from '../server/test/shopper.ts';
import { expectAccessible } from './support/browser.ts';
import { alertWith, browserSite, smsCode } from './support/site.ts';

/** moves the app's clock, so a number may be sent a new code without waiting the 30 s */
let clockOffset = 0;
const site = browserSite(() => startTestApp('pglite', {}, { now: () => new Date(Date.now() + clockOffset) }));
const openPage = site.openPage;
let registered: { phone: string; email: string };

beforeAll(async () => {
  registered = await site.app.db
    .selectFrom('customers')
    .select(['phone', 'email'])
    .orderBy('id')
    .executeTakeFirstOrThrow();
});

function allowNewCode() {
  clockOffset += 31_000;
}

/** Six digits that are certainly not the code. */
const wrongCode = (code: string) => code.replace(/^./, (d) => String((Number(d) + 1) % 10));

/** The sign-up modal showing `message`; closes it with OK. */
async function dismissModal(page: Page, message: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: message });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

async function headerGreeting(page: Page): Promise<string> {
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Hi, / });
  await link.waitFor();
  return (await link.textContent())?.trim() ?? '';
}

async function requestCode(page: Page, phone: string): Promise<string> {
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Request OTP' }).click();
  await alertWith(page, 'OTP sent').waitFor();
  return smsCode(site.app, phone);
}

async function storedSession(page: Page) {
  return page.evaluate(() => [localStorage.getItem('isLoggedIn'), localStorage.getItem('uname')]);
}

/** Fails when the page is wider than the window (something sticks out sideways). */
async function expectNoSidewaysScroll(page: Page, screen: string): Promise<void> {
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0], screen).toBeLessThanOrEqual(widths[1] ?? 0);
}

describe('accounts in the browser', () => {
  it('signs a new shopper up, edits the profile, logs out and logs in again', async () => {
    const page = await openPage();
    const phone = uniquePhone();
    const shopper = { mail: `asha${phone}@example.in`, fname: 'Asha', lname: 'Rao' };

    // sign-up: one input, relabelled at each step
    await page.goto('/signUp');
    await page.getByRole('heading', { name: 'SIGN UP' }).waitFor();
    await expectAccessible(page, 'sign-up');
    const requestButton = page.getByRole('button', { name: 'Request OTP' });
    await page.getByLabel('Phone number').fill(phone.slice(0, 9));
    expect(await requestButton.count(), 'Request OTP appears only at 10 digits').toBe(0);

    await page.getByLabel('Phone number').fill(registered.phone);
    await requestButton.click();
    await dismissModal(page, 'Phone number is already registered');

    const code = await requestCode(page, phone);
    const resend = page.getByRole('button', { name: /^Resend OTP in \d+ s$/ });
    expect(await resend.isDisabled()).toBe(true);
    await page.getByLabel('OTP').fill(wrongCode(code));
    await page.getByRole('button', { name: 'Continue' }).click();
    await dismissModal(page, 'Incorrect OTP');
    await page.getByLabel('OTP').fill(code);
    await page.getByRole('button', { name: 'Continue' }).click();

    const mail = page.getByLabel('E-mail id');
    await mail.waitFor();
    expect(await mail.evaluate((input) => input === document.activeElement)).toBe(true);
    await mail.fill(registered.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await dismissModal(page, 'Mail id is already registered, try with different mail id');
    await mail.fill(shopper.mail);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('First name').fill(shopper.fname);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Last name').fill(shopper.lname);
    await page.getByRole('button', { name: 'Save' }).click();

    await page.waitForURL(`${site.app.baseUrl}/`);
    expect(await headerGreeting(page)).toBe(`Hi, ${shopper.fname}`);
    expect(await storedSession(page)).toEqual(['true', shopper.fname]);

    // profile: locked until EDIT; SAVE keeps the change
    await page.getByRole('link', { name: `Hi, ${shopper.fname}` }).click();
    await page.getByRole('heading', { name: 'PERSONAL INFORMATION' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Your account' }).textContent()).toContain(
      `HELLO ${shopper.fname}`,
    );
    await expectAccessible(page, 'profile');
    const city = page.getByLabel('City');
    const pin = page.getByLabel('Pincode');
    expect(await city.isDisabled()).toBe(true);
    expect(await page.getByLabel('E-mail id').inputValue()).toBe(shopper.mail);
    expect(await page.getByLabel('Phone number').inputValue()).toBe(phone);

    await page.getByRole('button', { name: 'EDIT' }).click();
    expect(await page.getByLabel('E-mail id').getAttribute('readonly')).not.toBeNull();
    await city.fill('Kochi');
    await pin.fill('68200');
    await page.getByRole('button', { name: 'SAVE' }).click();
    await page.getByText('Pincode must be 6 digits and cannot start with 0').waitFor();
    await pin.fill('682001');
    await page.getByLabel('Female').check();
    await page.getByRole('button', { name: 'SAVE' }).click();
    await alertWith(page, 'Saved successfully!').waitFor();
    expect(await city.isDisabled()).toBe(true);

    await page.reload();
    await page.getByRole('heading', { name: 'PERSONAL INFORMATION' }).waitFor();
    expect(await page.getByLabel('City').inputValue()).toBe('Kochi');
    expect(await page.getByLabel('Pincode').inputValue()).toBe('682001');
    expect(await page.getByLabel('Female').isChecked()).toBe(true);

    // sign-out reloads the page as a visitor
    await page.getByRole('button', { name: 'LOGOUT' }).click();
    await page.waitForURL(`${site.app.baseUrl}/login`);
    await page.getByRole('link', { name: 'LOGIN/ SIGNUP' }).waitFor();
    expect(await storedSession(page)).toEqual(['false', null]);

    // login, through the spec's /Login, with a wrong code first
    allowNewCode();
    await page.goto('/Login');
    await page.getByRole('heading', { name: 'LOGIN' }).waitFor();
    await expectAccessible(page, 'login');
    const loginCode = await requestCode(page, phone);
    await page.getByLabel('OTP').fill(wrongCode(loginCode));
    await page.getByRole('button', { name: 'VALIDATE' }).click();
    await alertWith(page, 'Incorrect OTP').waitFor();
    await page.getByLabel('OTP').fill(loginCode);
    await page.getByRole('button', { name: 'VALIDATE' }).click();
    await page.waitForURL(`${site.app.baseUrl}/`);
    expect(await headerGreeting(page)).toBe(`Hi, ${shopper.fname}`);

    // logged in already: login and sign-up lead to the profile
    await page.goto('/login');
    await page.waitForURL(`${site.app.baseUrl}/profile`);
    await page.goto('/signUp');
    await page.waitForURL(`${site.app.baseUrl}/profile`);
  });

  it('shows the wait a throttled code asks for, and sends a visitor from /profile to login', async () => {
    const first = await openPage();
    const phone = uniquePhone();
    await first.goto('/login');
    await requestCode(first, phone);
    // another tab, which knows of no code on its way (a reload of the first keeps its code box)
    const page = await openPage();
    await page.goto('/login');
    await page.getByLabel('Phone number').fill(phone);
    await page.getByRole('button', { name: 'Request OTP' }).click();
    const wait = page.getByRole('alert').filter({ hasText: 'Please wait before requesting another OTP' });
    expect(await wait.textContent()).toMatch(
      /^Please wait before requesting another OTP\. Try again in \d+ seconds\.$/,
    );

    await page.goto('/profile');
    await page.waitForURL(`${site.app.baseUrl}/login`);
  });

  it('sends an unregistered number from login to sign-up, which carries it on', async () => {
    const page = await openPage({ width: 320, height: 720 });
    const phone = uniquePhone();

    await page.goto('/login');
    await expectNoSidewaysScroll(page, 'login at 320 px');
    const code = await requestCode(page, phone);
    await page.getByLabel('OTP').fill(code);
    await page.getByRole('button', { name: 'VALIDATE' }).click();
    await alertWith(page, 'Phone number is not registered!').waitFor();
    await page.waitForURL(`${site.app.baseUrl}/signUp`);

    // the number was verified moments ago: sign-up goes on from the e-mail id
    expect(await page.locator('.auth-done').textContent()).toContain(`+91 ${phone}`);
    await expectNoSidewaysScroll(page, 'sign-up at 320 px');
    await page.getByLabel('E-mail id').fill(`ravi${phone}@example.in`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('First name').waitFor();
    // a reload keeps the number verified at login and the e-mail id given here
    await page.reload();
    await page.getByLabel('First name').waitFor();
    expect(await page.locator('.auth-done').textContent()).toContain(`ravi${phone}@example.in`);
    await page.getByLabel('First name').fill('Ravi');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Last name').fill('Kumar');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${site.app.baseUrl}/`);

    // at 320 px the profile's sidebar is a drawer behind its toggle
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'PERSONAL INFORMATION' }).waitFor();
    await expectNoSidewaysScroll(page, 'profile at 320 px');
    const account = page.getByRole('navigation', { name: 'Your account' });
    expect(await account.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Account menu', exact: true }).click();
    await account.getByRole('link', { name: 'WISHLLIST' }).waitFor();
    expect(await account.textContent()).toContain('HELLO Ravi');
    await expectAccessible(page, 'profile menu at 320 px');
    await page.keyboard.press('Escape');
    await account.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Account menu', exact: true }).click();
    await account.getByRole('link', { name: 'ORDERS' }).click();
    await page.waitForURL(`${site.app.baseUrl}/orders`);
  });
});
