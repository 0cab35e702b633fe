import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Statement } from '../contract/settlements.ts';
import { ONLY_THE_OWNER } from '../contract/staff.ts';
import { startTestApp, TEST_ADMIN_TOKEN } from '../server/test/app.ts';
import { BooksMonthBuilder, type BuiltMonth, type MonthSeller } from '../server/test/books-month.ts';
import { formatAmount } from '../web/admin/src/lib/format.ts';
import { addStaff, messageBeside, navigation, type Person, signIn } from './support/back-office.ts';
import { expectAccessible } from './support/browser.ts';
import { alertWith, browserSite } from './support/site.ts';

const site = browserSite(() => startTestApp('pglite'));

/** the month (server/test/books-month.ts), the Kolkata seller's in view */
let builder: BooksMonthBuilder;
let month: BuiltMonth;
let seller: MonthSeller;
/** the Kolkata seller's lines: the stole payable (its window ended), the large saree held, the shawl returned */
let stole: string;
let saree: string;
let shawl: string;

/** The owner's answer from the API (bearer token), refused unless 200. */
async function fromApi(path: string): Promise<Response> {
  const res = await fetch(`${site.app.baseUrl}${path}`, {
    headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
  });
  expect(res.status, path).toBe(200);
  return res;
}
const apiJson = async <T>(path: string): Promise<T> => (await fromApi(path)).json() as Promise<T>;

/** the line's return window ended now, through the development route */
async function endReturnWindow(purchaseId: string): Promise<void> {
  const res = await month.shoppers.kolkata.client.post(`/api/dev/orders/${purchaseId}/end-return-window`);
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
  builder = new BooksMonthBuilder(site.app);
  month = await builder.build();
  seller = month.sellers.kolkata;
  ({ stole, saree, shawl } = month.purchases);
  await builder.deliver(stole);
  await builder.deliver(saree);
  await endReturnWindow(stole);
  // the first test finds the shop without its GSTIN, then gives it
  await builder.shopGstin(null);
});

describe('the owner’s books in the back office', () => {
  it('asks for the shop’s GSTIN before GSTR-8, then gives each seller’s GSTR-1 and the GSTR-8 as the API does, at 2560 px', async () => {
    const page = await site.openPage({ width: 2560, height: 1400 });
    await signIn(site, page, await newOwner('Asha Owner'), `/admin/gst-returns?period=${month.period}`);
    expect(await navigation(page)).toEqual(expect.arrayContaining(['GST returns', 'Settlements']));
    const gstr8 = page.getByRole('region', { name: 'GSTR-8, the TCS the shop collected' });
    await gstr8.getByText('Add the shop’s GSTIN in Settings').waitFor();

    await builder.shopGstin(month.shopGstin);
    await page.reload();
    const card = page.getByRole('region', { name: seller.name });
    const gstr8Api = await apiJson<{
      tcs: { stin: string; amt: number; camt: number }[];
      totals: { amt: number };
    }>(`/admin/api/books/gstr8?period=${month.period}`);
    const row = gstr8Api.tcs.find((tcs) => tcs.stin === seller.gstin);
    expect(row?.amt).toBeGreaterThan(0);
    // the card's taxable value is its GSTR-1's, which GSTR-8 counts as the seller's net
    await card.getByText(formatAmount(row?.amt ?? 0), { exact: true }).waitFor();
    const table = gstr8.getByRole('table');
    const tableRow = table.getByRole('row').filter({ hasText: seller.gstin });
    await tableRow
      .getByRole('cell', { name: formatAmount(row?.camt ?? 0), exact: true })
      .first()
      .waitFor();
    await table
      .getByRole('row', { name: /Totals/ })
      .getByRole('cell', { name: formatAmount(gstr8Api.totals.amt) })
      .first()
      .waitFor();

    // the large invoice to Delhi is the month's one B2CL invoice; the shawl returned from it, its credit note
    const figure = (term: string) =>
      card.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
    expect(await figure('B2CL invoices').textContent()).toBe('1');
    expect(await figure('Credit notes').textContent()).toBe('1');

    const gstr1Path = `/admin/api/books/gstr1?seller=${seller.id}&period=${month.period}`;
    const json = await downloaded(page, card.getByRole('link', { name: 'GSTR-1 JSON' }));
    expect(json.name).toBe(
      `GSTR1_${seller.gstin}_${month.period.slice(5, 7)}${month.period.slice(0, 4)}.json`,
    );
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
    await signIn(site, page, await newOwner('Bina Owner'), `/admin/settlements?period=${month.period}`);
    const list = page.getByRole('table', { name: /Each seller’s lines delivered this month/ });
    const sellerRow = list.getByRole('row').filter({ hasText: seller.name });
    const before = await apiJson<{ sellers: { sellerId: number; payable: number; held: number }[] }>(
      `/admin/api/settlements?period=${month.period}`,
    );
    const figures = before.sellers.find((row) => row.sellerId === seller.id);
    expect(figures?.payable).toBeGreaterThan(0);
    expect(figures?.held).toBeGreaterThan(0);
    await sellerRow.getByText(formatAmount(figures?.payable ?? 0), { exact: true }).waitFor();
    await sellerRow.getByText(formatAmount(figures?.held ?? 0), { exact: true }).waitFor();
    await sellerRow.getByRole('link', { name: `Statement of ${seller.name}` }).click();

    const statement = page.getByRole('region', { name: `Statement: ${seller.name}` });
    const lines = statement.getByRole('region', { name: 'Lines' });
    const stoleRow = lines.getByRole('row').filter({ hasText: stole });
    await stoleRow.getByText('Payable', { exact: true }).waitFor();
    const sareeRow = lines.getByRole('row').filter({ hasText: saree });
    await sareeRow.getByText('Held', { exact: true }).waitFor();
    await sareeRow.getByText(/^until \d+ \w+ \d{4}, \d\d:\d\d$/).waitFor();
    // the returned shawl: its row and, under it, the reversal of its figures
    const shawlRows = lines.getByRole('row').filter({ hasText: shawl });
    await shawlRows.getByText('Returned', { exact: true }).waitFor();
    const { lines: ledger } = await apiJson<Statement>(
      `/admin/api/settlements/${seller.id}?period=${month.period}`,
    );
    const reversal = ledger.find((line) => line.purchaseId === shawl)?.reversal;
    expect(reversal?.net).toBeLessThan(0);
    await shawlRows
      .filter({ hasText: `Reversal of ${shawl}` })
      .getByText(formatAmount(reversal?.net ?? 0), { exact: true })
      .waitFor();
    expect(await fitsWidth(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'a statement, 320 px');

    await statement.getByRole('button', { name: 'Mark paid' }).click();
    const dialog = page.getByRole('dialog', { name: `Mark ${seller.name} paid` });
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
      `Paid ${seller.name} ${formatAmount(figures?.payable ?? 0)} for 1 line, UTR HDFC0000123456`,
    ).waitFor();
    await page.getByRole('button', { name: 'OK', exact: true }).click();
    await stoleRow.getByText('Paid', { exact: true }).waitFor();
    await statement
      .getByRole('table', { name: 'Payouts' })
      .getByRole('cell', { name: 'HDFC0000123456' })
      .waitFor();
    await sellerRow.getByText(formatAmount(figures?.payable ?? 0), { exact: true }).waitFor();
    expect(await statement.getByRole('button', { name: 'Mark paid' }).isDisabled()).toBe(true);

    // the saree's window ends; a UTR already recorded is refused by the server, beside the field
    await endReturnWindow(saree);
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
    await sareeRow.getByText('Paid', { exact: true }).waitFor();
    const after = await apiJson<{ sellers: { sellerId: number; payable: number; paid: number }[] }>(
      `/admin/api/settlements?period=${month.period}`,
    );
    expect(after.sellers.find((row) => row.sellerId === seller.id)).toMatchObject({ payable: 0 });
    await expectFitsEveryWidth(page);
  });

  it('downloads the statement as the API gives it', async () => {
    const page = await site.openPage({ width: 1280, height: 900 });
    await signIn(
      site,
      page,
      await newOwner('Chitra Owner'),
      `/admin/settlements?period=${month.period}&seller=${seller.id}`,
    );
    const statement = page.getByRole('region', { name: `Statement: ${seller.name}` });
    const statementPath = `/admin/api/settlements/${seller.id}?period=${month.period}`;
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
    const row = page.getByRole('row').filter({ hasText: seller.name });
    await row.getByRole('cell', { name: '0%', exact: true }).waitFor();
    await row.getByRole('button', { name: `Edit ${seller.name}` }).click();
    const commission = page.getByLabel('Commission (%)');
    await commission.fill('12.345');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect(await messageBeside(page, commission)).toBe('The commission has at most two decimals');
    await commission.fill('12.5');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await alertWith(page, `Saved: ${seller.name}`).waitFor();
    await page.getByRole('button', { name: 'OK', exact: true }).click();
    await row.getByRole('cell', { name: '12.5%', exact: true }).waitFor();
    const { sellers } = await apiJson<{ sellers: { id: number; commissionPercent: number }[] }>(
      '/admin/api/sellers',
    );
    expect(sellers.find((row) => row.id === seller.id)?.commissionPercent).toBe(12.5);
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
    await page.goto(`/admin/settlements?period=${month.period}`);
    await page.getByRole('alert').filter({ hasText: ONLY_THE_OWNER }).waitFor();
    await expectFitsEveryWidth(page);
  });
});
