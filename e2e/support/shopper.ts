import type { Page } from 'playwright-core';
import { alertWith, type Site, smsCode } from './site.ts';

/** Logs in through the login screen with the code the console SMS sender "sent", landing on home. */
export async function logIn(site: Site, page: Page, phone: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Request OTP' }).click();
  await alertWith(page, 'OTP sent').waitFor();
  await page.getByLabel('OTP').fill(await smsCode(site.app, phone));
  await page.getByRole('button', { name: 'VALIDATE' }).click();
  await page.waitForURL(`${site.app.baseUrl}/`);
}

/** Raises an alert with `action` and dismisses it, so the next alert of the same text is seen afresh. */
export async function expectAlert(page: Page, text: string, action: () => Promise<unknown>): Promise<void> {
  await action();
  await alertWith(page, text).waitFor();
  await page.getByRole('button', { name: 'OK', exact: true }).click();
  await alertWith(page, text).waitFor({ state: 'detached' });
}
