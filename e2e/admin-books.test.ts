import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { indiaMonth } from '../contract/india-time.ts';
import type { OrdersResponse } from '../contract/orders.ts';
import { ONLY_THE_OWNER } from '../contract/staff.ts';
import { startTestApp, TEST_ADMIN_TOKEN } from '../server/test/app.ts';
import { CheckoutDriver } from '../server/test/checkout.ts';
import { Fixtures } from '../server/test/fixtures.ts';
import type { TestClient } from '../server/test/http.ts';
import { gstinOf } from '../server/test/own-shop.ts';
import { formatAmount } from '../web/admin/src/lib/format.ts';
import {
  addStaff,
  messageBeside,
  moveLineAsStaff,
  navigation,
  type Person,
  signIn,
} from './support/back-office.ts';
import { expectAccessible } from './support/browser.ts';
import { alertWith, browserSite } from './support/site.ts';

const site = browserSite(() => startTestApp('pglite'));
const checkout = new CheckoutDriver(() => site.app);

const PAN = 'AAPFU0939F';
const SELLER = {
  name: 'Shantipur Tant',
  legalName: 'Shantipur Tant Weavers LLP',
  address: { line1: '7 Tanti Para', city: 'Kolkata', pincode: '700001' },
  gstin: gstinOf('19', PAN),
  pan: PAN,
};
// the demo shop's office is in Kolkata: its GSTIN is West Bengal's
const SHOP_GSTIN = gstinOf('19', 'AAACH7409R');
const period = indiaMonth(new Date());
const fp = `${period.slice(5, 7)}${period.slice(0, 4)}`;

let sellerId: number;
let shopper: TestClient;
/** the saree's line: delivered, its return window ended (payable); the dupatta's: delivered, still held */
let saree: string;
let dupatta: string;

/** The owner's answer from the API (bearer token), refused unless 200. */
async function fromApi(path: string): Promise<Response> {
  const res = await fetch(`${site.app.baseUrl}${path}`, {
    headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
  });
  expect(res.status, path).toBe(200);
  return res;
}
const apiJson = async <T>(path: string): Promise<T> => (await fromApi(path)).json() as Promise<T>;

/** An owner's change through the API (bearer token), refused unless 2xx. */
async function asOwner(method: string, path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${site.app.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, `${method} ${path}`).toBeLessThan(300);
  return res.json();
}

/** the line's return window ended now, through the development route */
async function endReturnWindow(purchaseId: string): Promise<void> {
  const res = await shopper.post(`/api/dev/orders/${purchaseId}/end-return-window`);
  expect(res.status).toBe(200);
}

/** no sideways scrolling: the page is no wider than the window */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The page fits the window at a phone's width and at a wide screen's, with no sideways scrolling. */
async function expectFitsEveryWidth(page: Page): Promise<void> {
  for (const width of [320, 2560]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await fitsWidth(page), `${width} px`).toBeLessThanOrEqual(0);
  }
}

/** A new owner each time: one phone may ask for a sign-in code once in 30 s. */
const newOwner = (name: string): Promise<Person> => addStaff(site.app, name, 'owner');

/** the text of the file a link downloads */
async function downloaded(page: Page, link: Locator): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  return { name: download.suggestedFilename(), text: await readFile(await download.path(), 'utf8') };
}

beforeAll(async () => {
  const fixtures = new Fixtures(site.app.db);
  const sareeProduct = await fixtures.product({ name: 'Tant saree', pricePaise: 200_000 });
  const dupattaProduct = await fixtures.product({ name: 'Jamdani dupatta', pricePaise: 150_000 });
  const { seller_id } = await site.app.db
    .selectFrom('products')
    .select('seller_id')
    .where('id', '=', sareeProduct.id)
    .executeTakeFirstOrThrow();
  sellerId = seller_id;
  // the fixtures' seller registered for GST in West Bengal, as the owner does on the Sellers screen
  await asOwner('PUT', `/admin/api/sellers/${sellerId}`, SELLER);
  // a month with orders, through the API: one shopper in Kolkata buys both, pays online; both delivered
  const bought = await checkout.shopper(1, sareeProduct);
  shopper = bought.client;
  await fixtures.bagLine(bought.customerId, dupattaProduct.skus.M ?? 0, 1);
  const placed = await checkout.checkOut(shopper, await checkout.paid(shopper));
  expect(placed.status).toBe(200);
  const lines = (await shopper.get<OrdersResponse>('/api/orders')).body;
  const purchaseOf = (productId: number) =>
    lines.find((line) => line.prodId === productId)?.purchase_id ?? '';
  saree = purchaseOf(sareeProduct.id);
  dupatta = purchaseOf(dupattaProduct.id);
  for (const purchaseId of [saree, dupatta]) {
    await moveLineAsStaff(site.app, purchaseId, 'ship', { trackingId: `TRK${purchaseId}` });
    await moveLineAsStaff(site.app, purchaseId, 'deliver');
  }
  await endReturnWindow(saree);
});

describe('the owner’s books in the back office', () => {
  it('asks for the shop’s GSTIN before GSTR-8, then gives each seller’s GSTR-1 and the GSTR-8 as the API does, at 2560 px', async () => {
    const page = await site.openPage({ width: 2560, height: 1400 });
    await signIn(site, page, await newOwner('Asha Owner'), `/admin/gst-returns?period=${period}`);
    expect(await navigation(page)).toEqual(expect.arrayContaining(['GST returns', 'Settlements']));
    const gstr8 = page.getByRole('region', { name: 'GSTR-8, the TCS the shop collected' });
    await gstr8.getByText('Add the shop’s GSTIN in Settings').waitFor();

    await asOwner('PUT', '/admin/api/shop', {
      name: 'Books Haat',
      legalName: 'Books Haat Pvt Ltd',
      gstin: SHOP_GSTIN,
    });
    await page.reload();
    const card = page.getByRole('region', { name: SELLER.name });
    const gstr8Api = await apiJson<{
      tcs: { stin: string; amt: number; camt: number }[];
      totals: { amt: number };
    }>(`/admin/api/books/gstr8?period=${period}`);
    const row = gstr8Api.tcs.find((tcs) => tcs.stin === SELLER.gstin);
    expect(row?.amt).toBeGreaterThan(0);
    // the card's taxable value is its GSTR-1's, which GSTR-8 counts as the seller's net
    await card.getByText(formatAmount(row?.amt ?? 0), { exact: true }).waitFor();
    const table = gstr8.getByRole('table');
    const tableRow = table.getByRole('row').filter({ hasText: SELLER.gstin });
    await tableRow
      .getByRole('cell', { name: formatAmount(row?.camt ?? 0), exact: true })
      .first()
      .waitFor();
    await table
      .getByRole('row', { name: /Totals/ })
      .getByRole('cell', { name: formatAmount(gstr8Api.totals.amt) })
      .first()
      .waitFor();

    const gstr1Path = `/admin/api/books/gstr1?seller=${sellerId}&period=${period}`;
    const json = await downloaded(page, card.getByRole('link', { name: 'GSTR-1 JSON' }));
    expect(json.name).toBe(`GSTR1_${SELLER.gstin}_${fp}.json`);
    expect(JSON.parse(json.text)).toEqual(await apiJson(gstr1Path));
    const hsn = await downloaded(page, card.getByRole('link', { name: 'HSN summary (hsn) CSV' }));
    expect(hsn.text).toBe(await (await fromApi(`${gstr1Path}&format=csv&table=hsn`)).text());
    expect(hsn.text).toContain('HSN');
    const gstr8File = await downloaded(page, gstr8.getByRole('link', { name: 'GSTR-8 JSON' }));
    expect(JSON.parse(gstr8File.text)).toEqual(gstr8Api);

    await expectAccessible(page, 'GST returns, 2560 px');
    await expectFitsEveryWidth(page);
  });

  it('shows the month’s settlements, refuses a malformed UTR, marks the seller paid and the line becomes paid, at 320 px', async () => {
    const page = await site.openPage({ width: 320, height: 800 });
    await signIn(site, page, await newOwner('Bina Owner'), `/admin/settlements?period=${period}`);
    const list = page.getByRole('table', { name: /Each seller’s lines delivered this month/ });
    const sellerRow = list.getByRole('row').filter({ hasText: SELLER.name });
    const before = await apiJson<{ sellers: { sellerId: number; payable: number; held: number }[] }>(
      `/admin/api/settlements?period=${period}`,
    );
    const figures = before.sellers.find((seller) => seller.sellerId === sellerId);
    expect(figures?.payable).toBeGreaterThan(0);
    expect(figures?.held).toBeGreaterThan(0);
    await sellerRow.getByText(formatAmount(figures?.payable ?? 0), { exact: true }).waitFor();
    await sellerRow.getByText(formatAmount(figures?.held ?? 0), { exact: true }).waitFor();
    await sellerRow.getByRole('link', { name: `Statement of ${SELLER.name}` }).click();

    const statement = page.getByRole('region', { name: `Statement: ${SELLER.name}` });
    const lines = statement.getByRole('region', { name: 'Lines' });
    const sareeRow = lines.getByRole('row').filter({ hasText: saree });
    await sareeRow.getByText('Payable', { exact: true }).waitFor();
    const dupattaRow = lines.getByRole('row').filter({ hasText: dupatta });
    await dupattaRow.getByText('Held', { exact: true }).waitFor();
    await dupattaRow.getByText(/^until \d+ \w+ \d{4}, \d\d:\d\d$/).waitFor();
    expect(await fitsWidth(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'a statement, 320 px');

    await statement.getByRole('button', { name: 'Mark paid' }).click();
    const dialog = page.getByRole('dialog', { name: `Mark ${SELLER.name} paid` });
    const utr = dialog.getByLabel('UTR (the bank’s reference)');
    await utr.fill('UTR 1');
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    expect(await messageBeside(page, utr)).toBe(
      'The UTR is the bank’s reference: 12 to 22 letters and digits, no spaces',
    );
    await utr.fill('HDFC0000123456');
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await alertWith(
      page,
      `Paid ${SELLER.name} ${formatAmount(figures?.payable ?? 0)} for 1 line, UTR HDFC0000123456`,
    ).waitFor();
    await page.getByRole('button', { name: 'OK', exact: true }).click();
    await sareeRow.getByText('Paid', { exact: true }).waitFor();
    await statement
      .getByRole('table', { name: 'Payouts' })
      .getByRole('cell', { name: 'HDFC0000123456' })
      .waitFor();
    await sellerRow.getByText(formatAmount(figures?.payable ?? 0), { exact: true }).waitFor();
    expect(await statement.getByRole('button', { name: 'Mark paid' }).isDisabled()).toBe(true);

    // the dupatta's window ends; a UTR already recorded is refused by the server, beside the field
    await endReturnWindow(dupatta);
    await page.reload();
    await statement.getByRole('button', { name: 'Mark paid' }).click();
    await utr.fill('HDFC0000123456');
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    expect(await messageBeside(page, utr)).not.toBe('');
    await expectAccessible(page, 'Mark paid refused, 320 px');
    await utr.fill('HDFC0000123457');
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await alertWith(page, 'UTR HDFC0000123457').waitFor();
    await page.getByRole('button', { name: 'OK', exact: true }).click();
    await dupattaRow.getByText('Paid', { exact: true }).waitFor();
    const after = await apiJson<{ sellers: { sellerId: number; payable: number; paid: number }[] }>(
      `/admin/api/settlements?period=${period}`,
    );
    expect(after.sellers.find((seller) => seller.sellerId === sellerId)).toMatchObject({ payable: 0 });
    await expectFitsEveryWidth(page);
  });

  it('downloads the statement as the API gives it', async () => {
    const page = await site.openPage({ width: 1280, height: 900 });
    await signIn(
      site,
      page,
      await newOwner('Chitra Owner'),
      `/admin/settlements?period=${period}&seller=${sellerId}`,
    );
    const statement = page.getByRole('region', { name: `Statement: ${SELLER.name}` });
    const statementPath = `/admin/api/settlements/${sellerId}?period=${period}`;
    const csv = await downloaded(page, statement.getByRole('link', { name: 'Statement CSV' }));
    expect(csv.text).toBe(await (await fromApi(`${statementPath}&format=csv`)).text());
    const json = await downloaded(page, statement.getByRole('link', { name: 'Statement JSON' }));
    expect(JSON.parse(json.text)).toEqual(await apiJson(statementPath));
    const pdf = await downloaded(page, statement.getByRole('link', { name: 'Statement PDF' }));
    expect(pdf.text.startsWith('%PDF')).toBe(true);
  });

  it('saves a seller’s commission from the seller form, refusing three decimals beside the field', async () => {
    const page = await site.openPage({ width: 1280, height: 900 });
    await signIn(site, page, await newOwner('Dipa Owner'), '/admin/sellers');
    const row = page.getByRole('row').filter({ hasText: SELLER.name });
    await row.getByRole('cell', { name: '0%', exact: true }).waitFor();
    await row.getByRole('button', { name: `Edit ${SELLER.name}` }).click();
    const commission = page.getByLabel('Commission (%)');
    await commission.fill('12.345');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect(await messageBeside(page, commission)).toBe('The commission has at most two decimals');
    await commission.fill('12.5');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await alertWith(page, `Saved: ${SELLER.name}`).waitFor();
    await page.getByRole('button', { name: 'OK', exact: true }).click();
    await row.getByRole('cell', { name: '12.5%', exact: true }).waitFor();
    const { sellers } = await apiJson<{ sellers: { id: number; commissionPercent: number }[] }>(
      '/admin/api/sellers',
    );
    expect(sellers.find((seller) => seller.id === sellerId)?.commissionPercent).toBe(12.5);
  });

  it('offers staff neither screen', async () => {
    const person = await addStaff(site.app, 'Ravi Staff', 'staff');
    const page = await site.openPage({ width: 320, height: 800 });
    await signIn(site, page, person, '/admin/');
    const sections = await navigation(page);
    expect(sections).toContain('Sellers');
    expect(sections).not.toContain('GST returns');
    expect(sections).not.toContain('Settlements');
    // the address typed by hand: the screen shows the server's refusal
    await page.goto(`/admin/settlements?period=${period}`);
    await page.getByRole('alert').filter({ hasText: ONLY_THE_OWNER }).waitFor();
    await expectFitsEveryWidth(page);
  });
});
