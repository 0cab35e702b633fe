import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { TEST_ADMIN_TOKEN, type TestApp } from '../../server/test/app.ts';
import { alertWith, type Site, smsCode } from './site.ts';

export interface Person {
  phone: string;
  name: string;
}

let added = 0;

/** A person of the back office, put straight into the staff table (as `npm run staff -- add` does). */
export async function addStaff(app: TestApp, name: string, role: 'owner' | 'staff'): Promise<Person> {
  added += 1;
  // unique per run and person; 8 is a first digit no shopper fixture uses
  const phone = `8${String(Date.now() % 100_000).padStart(5, '0')}${String(added).padStart(4, '0')}`;
  await app.db.insertInto('staff').values({ phone, name, role }).execute();
  return { phone, name };
}

/** Asks for a sign-in code on the sign-in screen (a number may ask once in 30 s). */
export async function sendCode(page: Page, person: Person): Promise<void> {
  await page.getByLabel('Mobile number').fill(person.phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  await alertWith(page, 'If this number is on the staff list, a code is on its way').waitFor();
}

/** Signs in with the code the development outbox holds. */
export async function enterCode(site: Site, page: Page, person: Person): Promise<void> {
  await page.getByLabel('One-time code').fill(await smsCode(site.app, person.phone));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

/** Signs in at `path` (/admin/ by default), where the back office shows the sign-in screen first. */
export async function signIn(site: Site, page: Page, person: Person, path = '/admin/'): Promise<void> {
  await page.goto(path);
  await sendCode(page, person);
  await enterCode(site, page, person);
}

/** The row of an order's line on the order page, found by its product's name. */
export const lineRow = (page: Page, product: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: new RegExp(product) }) });

/** Confirms the open dialog's action, and waits for the alert the answer raises, then dismisses it. */
export async function confirmIn(page: Page, title: RegExp, action: string, alert: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await alertWith(page, alert).waitFor();
  await page.getByRole('button', { name: 'OK', exact: true }).click();
}

/** The back office's section links, in the order the page shows them. */
export const navigation = (page: Page) =>
  page.getByRole('navigation', { name: 'Back office' }).getByRole('link').allTextContents();

/** A back-office step of an order line (ship with `{trackingId}`, deliver), as staff tools call it. */
export async function moveLineAsStaff(
  app: TestApp,
  purchaseId: string,
  step: 'ship' | 'deliver',
  body: object = {},
): Promise<void> {
  const res = await fetch(`${app.baseUrl}/admin/api/orders/${purchaseId}/${step}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
}

/** The server's message shown beside a form's field once it is marked wrong (through aria-describedby). */
export async function messageBeside(page: Page, field: Locator): Promise<string> {
  await field.and(page.locator('[aria-invalid="true"]')).waitFor();
  return (await page.locator(`[id="${await field.getAttribute('aria-describedby')}"]`).textContent()) ?? '';
}

/** A PDF's first bytes and type, fetched in the page with its cookies (a same-origin or blob: URL). */
export const pdfIn = (page: Page, url: string) =>
  page.evaluate(async (href) => {
    const res = await fetch(href, { credentials: 'include' });
    const bytes = new Uint8Array(await res.arrayBuffer());
    return {
      status: res.status,
      type: res.headers.get('content-type') ?? '',
      head: String.fromCharCode(...bytes.slice(0, 5)),
    };
  }, url);

/**
 * On the order page, Ship books the product's line with the courier chosen (the recommended one, the
 * fake's surface courier): answers the AWB the line then shows and its "Print label" link.
 */
export async function shipWithCourier(
  page: Page,
  product: string,
): Promise<{ awb: string; labelHref: string }> {
  await lineRow(page, product).getByRole('button', { name: 'Ship' }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`Ship: ${product}`) });
  await dialog.getByLabel(/Haat Fake Surface: .*\(recommended\)/).waitFor();
  await dialog.getByRole('button', { name: 'Book courier' }).click();
  const shipped = alertWith(page, 'Shipped with Haat Fake Surface: AWB');
  const awb = /AWB (\d+)/.exec((await shipped.textContent()) ?? '')?.[1] ?? '';
  await page.getByRole('button', { name: 'OK', exact: true }).click();
  await lineRow(page, product).getByText(`AWB ${awb}`).waitFor();
  const label = lineRow(page, product).getByRole('link', { name: /Print label/ });
  return { awb, labelHref: (await label.getAttribute('href')) ?? '' };
}
