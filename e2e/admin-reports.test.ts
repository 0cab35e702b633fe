import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OutstandingResponse } from '../contract/cod.ts';
import { csvAmount } from '../contract/csv.ts';
import { dayStart, indiaDay } from '../contract/india-time.ts';
import { formatPaise } from '../contract/money.ts';
import type { SalesReport, TopProductsReport } from '../contract/reports.ts';
import { startTestApp, TEST_ADMIN_TOKEN } from '../server/test/app.ts';
import { CheckoutDriver } from '../server/test/checkout.ts';
import { BackOfficeClient } from '../server/test/contract-client.ts';
import { Fixtures } from '../server/test/fixtures.ts';
import type { TestClient } from '../server/test/http.ts';
import { formatAmount, formatDay, paiseOf } from '../web/admin/src/lib/format.ts';
import { lastMonth } from '../web/admin/src/screens/reports/range.ts';
import { addStaff, moveLineAsStaff, navigation, signIn } from './support/back-office.ts';
import { expectAccessible } from './support/browser.ts';
import { browserSite } from './support/site.ts';

const site = browserSite(() => startTestApp('pglite'));
const driver = new CheckoutDriver(() => site.app);
const owner = () => new BackOfficeClient(site.app.baseUrl, TEST_ADMIN_TOKEN);

const HOUR = 3_600_000;
const today = indiaDay(new Date());
/** the India day `days` before today */
const daysAgo = (days: number) =>
  indiaDay(new Date(dayStart(today).getTime() - days * 24 * HOUR + 12 * HOUR));

/** two kurtas placed five days ago; a saree two days ago, delivered and asked back as too small */
const KURTA_DAY = daysAgo(5);
const SAREE_DAY = daysAgo(2);

/** the order of the line as if placed `hours` earlier, through the development route */
async function age(client: TestClient, purchaseId: string, hours: number): Promise<void> {
  expect((await client.post(`/api/dev/orders/${purchaseId}/age`, { hours })).status).toBe(200);
}

/** the shopper's bag paid online; its one line's purchase id */
async function placed(client: TestClient, customerId: number): Promise<string> {
  const paid = await driver.paid(client);
  expect((await driver.checkOut(client, paid)).status).toBe(200);
  const line = await site.app.db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .select('order_lines.purchase_id')
    .where('orders.customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  return line.purchase_id;
}

beforeAll(async () => {
  const fixtures = new Fixtures(site.app.db);
  const kurta = await fixtures.product({ name: 'Chart kurta', pricePaise: 99_950, sizes: [['M', 20]] });
  const saree = await fixtures.product({
    name: 'Chart saree',
    genre: 'Sarees',
    pricePaise: 250_000,
    sizes: [['M', 20]],
  });
  const first = await driver.shopper(2, kurta);
  await age(first.client, await placed(first.client, first.customerId), 5 * 24);
  const second = await driver.shopper(1, saree);
  const sareeLine = await placed(second.client, second.customerId);
  await moveLineAsStaff(site.app, sareeLine, 'ship', { trackingId: 'CHART-1' });
  await moveLineAsStaff(site.app, sareeLine, 'deliver');
  const asked = await second.client.post('/return', { orderID: sareeLine, reasonCode: 'too_small' });
  expect(asked.status).toBe(200);
  await age(second.client, sareeLine, 2 * 24);
});

async function api<T>(path: string): Promise<T> {
  const res = await owner().get<T>(path);
  expect(res.status).toBe(200);
  return res.body;
}

/** no sideways scrolling: the page is no wider than the window */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** a report's card, found by its heading */
const report = (page: Page, title: string) => page.getByRole('region', { name: title });

/** the cells' text of each row of a table */
const tableRows = (table: Locator) =>
  table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => Array.from(row.querySelectorAll('td'), (cell) => cell.textContent ?? '')),
    );

/** what a click downloads, as text */
async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: (file as Download).suggestedFilename(), text: await readFile(await file.path(), 'utf8') };
}

const count = (n: number) => n.toLocaleString('en-IN');

const salesRow = (day: SalesReport['days'][number]) => [
  formatDay(day.date),
  count(day.orders),
  count(day.units),
  ...[day.gross, day.discounts, day.refunds, day.net].map(formatAmount),
];

/** the sales table shows the API's figures for the range, day by day and in total */
async function expectSalesTable(page: Page, sales: SalesReport): Promise<void> {
  const card = report(page, 'Sales by day');
  const toggle = card.getByRole('button', { name: 'Table view' });
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  expect(await toggle.getAttribute('aria-pressed')).toBe('true');
  const { totals } = sales;
  expect(await tableRows(card.getByRole('table', { name: 'Sales by day' }))).toEqual([
    ...sales.days.map(salesRow),
    ['Total', ...salesRow({ ...totals, date: today }).slice(1)],
  ]);
}

describe('the back office’s Reports screen', () => {
  it('shows the owner the last 30 days as charts, their tables and CSVs, at 320 px', async () => {
    const person = await addStaff(site.app, 'Asha Owner', 'owner');
    const page = await site.openPage({ width: 320, height: 800 });
    await signIn(site, page, person, '/admin/reports');
    expect(await navigation(page)).toContain('Reports');
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    const range = `from=${daysAgo(29)}&to=${today}`;
    const sales = await api<SalesReport>(`/admin/api/reports/sales?${range}`);
    expect(sales.days).toHaveLength(30);
    expect(sales.days.find((day) => day.date === KURTA_DAY)).toMatchObject({
      orders: 1,
      units: 2,
      gross: 1999,
    });
    expect(sales.totals).toMatchObject({ orders: 2, units: 3, gross: 4499 });

    // each report is drawn, on a canvas named for screen readers
    for (const title of ['Sales by day', 'Returns by reason', 'Top products', 'Top genres']) {
      const chart = report(page, title).getByRole('img', { name: new RegExp(`^${title}: a chart of`) });
      await chart.locator('canvas').waitFor();
    }
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'reports, charts, 320 px');

    await expectSalesTable(page, sales);
    const products = await api<TopProductsReport>(`/admin/api/reports/top-products?${range}`);
    const top = report(page, 'Top products');
    await top.getByRole('button', { name: 'Table view' }).click();
    expect(await tableRows(top.getByRole('table', { name: 'Top products' }))).toEqual(
      products.products.map((row) => [row.name, count(row.units), formatAmount(row.net)]),
    );
    expect(products.products.map((row) => row.name)).toEqual(['Chart saree', 'Chart kurta']);
    const returns = report(page, 'Returns by reason');
    await returns.getByRole('button', { name: 'Table view' }).click();
    const reasons = await tableRows(returns.getByRole('table', { name: 'Returns by reason' }));
    expect(reasons.find((row) => row[0] === 'Size too small')).toEqual([
      'Size too small',
      '1',
      '1',
      formatPaise(250_000),
      '0',
      '0',
      '0',
    ]);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'reports, tables, 320 px');

    // the CSV holds exactly the table's figures: two decimals, no grouping, days as YYYY-MM-DD
    const csv = await downloaded(page, () =>
      report(page, 'Sales by day').getByRole('button', { name: 'Download CSV' }).click(),
    );
    expect(csv.name).toBe(`sales-by-day-${daysAgo(29)}-to-${today}.csv`);
    expect(csv.text).toBe(
      [
        'Day,Orders,Units,Gross,Discounts,Refunds,Net',
        ...sales.days.map((day) =>
          [
            day.date,
            day.orders,
            day.units,
            ...[day.gross, day.discounts, day.refunds, day.net].map((r) => csvAmount(paiseOf(r))),
          ].join(','),
        ),
        '',
      ].join('\r\n'),
    );
    const orders = await downloaded(page, () =>
      page.getByRole('link', { name: 'Download orders CSV' }).click(),
    );
    const fromApi = await fetch(`${site.app.baseUrl}/admin/api/reports/orders.csv?${range}`, {
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
    });
    expect(orders.text).toBe(await fromApi.text());
    expect(orders.text.trimEnd().split('\r\n')).toHaveLength(3);

    // cash on delivery outstanding, today, as the COD screen has it
    const cod = await api<OutstandingResponse>('/admin/api/cod/outstanding');
    await report(page, 'Cash on delivery outstanding')
      .getByText(formatPaise(cod.totalPaise), { exact: true })
      .waitFor();
  });

  it('changes the figures with the days chosen, and takes the month presets, at 2560 px', async () => {
    const person = await addStaff(site.app, 'Bina Owner', 'owner');
    const page = await site.openPage({ width: 2560, height: 1400 });
    await signIn(site, page, person, '/admin/reports');
    await report(page, 'Sales by day').locator('canvas').waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    // only the kurtas' day: the saree's sale and return are outside it
    await page.getByLabel('From', { exact: true }).fill(KURTA_DAY);
    await page.getByLabel('To', { exact: true }).fill(KURTA_DAY);
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await page.waitForURL(`**/admin/reports?from=${KURTA_DAY}&to=${KURTA_DAY}`);
    const one = await api<SalesReport>(`/admin/api/reports/sales?from=${KURTA_DAY}&to=${KURTA_DAY}`);
    expect(one.totals).toMatchObject({ orders: 1, units: 2, gross: 1999 });
    await expectSalesTable(page, one);
    const top = report(page, 'Top products');
    await top.getByRole('button', { name: 'Table view' }).click();
    expect(await tableRows(top.getByRole('table', { name: 'Top products' }))).toEqual([
      ['Chart kurta', '2', formatAmount(1999)],
    ]);
    await report(page, 'Returns by reason').getByText('No return was asked for in these days.').waitFor();
    await expectAccessible(page, 'reports, one day, 2560 px');

    // a range the server refuses is told beside its field, and nothing is asked
    await page.getByLabel('From', { exact: true }).fill(SAREE_DAY);
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await page.getByText('The first day comes after the last').first().waitFor();
    expect(await page.getByRole('region', { name: 'Sales by day' }).count()).toBe(0);

    const previous = lastMonth(new Date());
    await page.getByRole('button', { name: 'Last month' }).click();
    await page.waitForURL(`**/admin/reports?from=${previous.from}&to=${previous.to}`);
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe(previous.from);
    await report(page, 'Sales by day').locator('canvas').waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
  });

  it('gives staff no Reports entry, and the address says the reports are the owner’s', async () => {
    const person = await addStaff(site.app, 'Ravi Staff', 'staff');
    const page = await site.openPage({ width: 390, height: 844 });
    await signIn(site, page, person, '/admin/reports');
    expect(await navigation(page)).not.toContain('Reports');
    await page.getByText('Reports are the owner’s').waitFor();
    expect(await page.locator('canvas').count()).toBe(0);
    // the server refuses staff the figures themselves
    const status = await page.evaluate(
      async (path) => (await fetch(path, { credentials: 'include' })).status,
      `/admin/api/reports/sales?from=${today}&to=${today}`,
    );
    expect(status).toBe(403);
  });
});
