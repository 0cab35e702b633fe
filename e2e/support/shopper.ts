import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import type { TestApp } from '../../server/test/app.ts';
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

/** An item on the shopper's orders page, found by its product's name. */
export const orderedItem = (page: Page, name: string) =>
  page
    .getByRole('list', { name: 'MY ORDERS' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name }) });

/** Clicks a star's label: the radio inside is see-through and lets clicks pass to it. */
export const chooseStars = (scope: Locator, stars: number) =>
  scope
    .locator('label')
    .filter({ hasText: `${stars} stars` })
    .click();

/** A small photo, as a phone's camera would give one, to upload. */
export async function pngOfAPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 140, g: 28, b: 58 } } })
    .png()
    .toBuffer();
}

/** From the payment step: Check out, pay in the simulated gateway's window, and land on the orders. */
export async function payInTheWindow(site: Site, page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Check out' }).click();
  await page
    .getByRole('dialog', { name: 'haat · Secure payment' })
    .getByRole('button', { name: /^Pay / })
    .click();
  await page.waitForURL(`${site.app.baseUrl}/orders`);
}

export type ShopperAt = (index: number) => { id: number; phone: string };

/** The demo's first `count` shoppers, by index: a test that logs in takes its own (one login a phone every 30 s). */
export async function demoShoppers(app: TestApp, count: number): Promise<ShopperAt> {
  const shoppers = await app.db
    .selectFrom('customers')
    .select(['id', 'phone'])
    .orderBy('id')
    .limit(count)
    .execute();
  return (index) => {
    const shopper = shoppers[index];
    if (!shopper) throw new Error(`the demo data has no shopper ${index + 1}`);
    return shopper;
  };
}
