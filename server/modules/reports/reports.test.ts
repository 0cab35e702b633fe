import { beforeAll, expect } from 'vitest';
import type { Coupon } from '../../../contract/coupons.ts';
import { formatCsv } from '../../../contract/csv.ts';
import { dayStart, indiaDay, nextDay } from '../../../contract/india-time.ts';
import type { Sale } from '../../../contract/offers.ts';
import {
  type OffersReport,
  ORDERS_CSV_COLUMNS,
  type ReturnsReport,
  type SalesReport,
  type TopGenresReport,
  type TopProductsReport,
} from '../../../contract/reports.ts';
import { readCsv } from '../../platform/csv.ts';
import { Turns } from '../../platform/turns.ts';
import { describeEachDatabase, TEST_ADMIN_TOKEN } from '../../test/app.ts';
import { CheckoutDriver } from '../../test/checkout.ts';
import { BEARER } from '../../test/cod.ts';
import { CodShop } from '../../test/cod-cash.ts';
import { BackOfficeClient } from '../../test/contract-client.ts';
import type { FixtureProduct } from '../../test/fixtures.ts';
import type { TestClient } from '../../test/http.ts';
import { staffPerson, staffSignedIn } from '../../test/staff.ts';
import { storySteps } from '../../test/story.ts';
import type { TaxLine } from '../invoices/tax.ts';
import { ordersCsv } from './orders-csv.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The days of the story: D0 ten India days ago to D3, and a quiet day either side. */
const today = indiaDay(new Date());
const dayOf = (k: number) => indiaDay(new Date(dayStart(today).getTime() + (k - 10) * DAY + 12 * HOUR));
const [before, d0, d1, d2, d3, after] = [-1, 0, 1, 2, 3, 4].map(dayOf) as [
  string,
  string,
  string,
  string,
  string,
  string,
];
const noonOf = (day: string) => dayStart(day).getTime() + 12 * HOUR;
const RANGE = `from=${before}&to=${after}`;

describeEachDatabase(
  'reports: sales by day, top products and genres, returns, offers, the orders CSV',
  (t) => {
    const step = storySteps();
    const driver = new CheckoutDriver(t);
    const shop = new CodShop(t);
    const owner = () => new BackOfficeClient(t().baseUrl, TEST_ADMIN_TOKEN);
    let kurta: FixtureProduct;
    let saree: FixtureProduct;
    let craft: FixtureProduct;
    let coupon: Coupon;
    let sale: Sale;
    const lines: Record<string, string> = {};

    /** the order of the line as if placed `hours` earlier (everything after it too), through the dev route */
    const age = async (client: TestClient, purchaseId: string, hours: number) => {
      const res = await client.post(`/api/dev/orders/${purchaseId}/age`, { hours });
      expect(res.status).toBe(200);
    };
    /** ages the line's order so that what happened just now happened at noon of `day` */
    const nowOn = (client: TestClient, purchaseId: string, day: string) =>
      age(client, purchaseId, Math.round((Date.now() - noonOf(day)) / HOUR));
    const admin = (method: 'post', path: string, body: unknown = {}) =>
      shop
        .staff()
        [method](path, body, BEARER)
        .then((res) => {
          if (res.status !== 200)
            throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
        });
    const deliver = async (purchaseId: string) => {
      await admin('post', `/admin/api/orders/${purchaseId}/ship`, { trackingId: `REP-${purchaseId}` });
      await admin('post', `/admin/api/orders/${purchaseId}/deliver`);
    };
    /** an online order of the shopper's bag (the coupon applied when given), its lines' purchase ids */
    const placed = async (client: TestClient, customerId: number, couponCode?: string) => {
      if (couponCode)
        expect((await client.post('/api/coupons/apply', { code: couponCode })).status).toBe(200);
      const paid = await driver.paid(client);
      expect((await driver.checkOut(client, paid)).status).toBe(200);
      const rows = await t()
        .db.selectFrom('order_lines')
        .innerJoin('orders', 'orders.id', 'order_lines.order_id')
        .select(['order_lines.purchase_id', 'order_lines.product_id'])
        .where('orders.customer_id', '=', customerId)
        .orderBy('order_lines.id')
        .execute();
      return rows;
    };
    const purchaseOf = (rows: { purchase_id: string; product_id: number }[], product: FixtureProduct) =>
      rows.find((row) => row.product_id === product.id)?.purchase_id ?? '';

    beforeAll(async () => {
      const { fixtures } = shop;
      kurta = await fixtures.product({ name: 'Report kurta', pricePaise: 100_000, sizes: [['M', 20]] });
      saree = await fixtures.product({
        name: 'Report saree',
        genre: 'Sarees',
        pricePaise: 250_000,
        sizes: [
          ['M', 20],
          ['L', 20],
        ],
      });
      craft = await fixtures.product({ name: 'Report bowl', prod: 'accessories', pricePaise: 45_000 });
      const db = t().db;
      const { seller_id: sellerA } = await db
        .selectFrom('products')
        .select('seller_id')
        .where('id', '=', kurta.id)
        .executeTakeFirstOrThrow();
      await db
        .updateTable('sellers')
        .set({ gstin: '19AAACR1234A1Z5', state: 'West Bengal', legal_name: 'Report Looms Pvt Ltd' })
        .where('id', '=', sellerA)
        .execute();
      // the bowl's seller is in Maharashtra: its invoices to Kolkata are inter-state (IGST)
      const sellerB = await db
        .insertInto('sellers')
        .values({
          name: 'Report Crafts',
          city: 'Pune',
          gstin: '27AAACR5678B1Z2',
          state: 'Maharashtra',
          legal_name: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.updateTable('products').set({ seller_id: sellerB.id }).where('id', '=', craft.id).execute();
      await shop.settings({});
      const staff = shop.staff();
      const saleRes = await staff.post<Sale>(
        '/admin/api/sales',
        {
          title: 'Report Sale',
          percentOff: 20,
          scope: { productIds: [kurta.id] },
          startsAt: new Date(Date.now() - 1000).toISOString(),
          endsAt: new Date(Date.now() + HOUR).toISOString(),
        },
        BEARER,
      );
      expect(saleRes.status).toBe(201);
      sale = saleRes.body;
      const couponRes = await staff.post<Coupon>(
        '/admin/api/coupons',
        {
          code: `REP${Date.now() % 1_000_000}`,
          title: 'Flat ₹100 off sarees',
          kind: 'flat',
          value: 100,
          scope: { productIds: [saree.id] },
          startsAt: new Date(Date.now() - HOUR).toISOString(),
          endsAt: new Date(Date.now() + HOUR).toISOString(),
        },
        BEARER,
      );
      expect(couponRes.status).toBe(201);
      coupon = couponRes.body;
    });

    step('D0: two kurtas in the sale and a bowl, its kurtas asked back (free text) and refused', async () => {
      const { client, customerId } = await driver.shopper(2, kurta);
      await shop.fixtures.bagLine(customerId, craft.skus[''] ?? 0, 1);
      const rows = await placed(client, customerId);
      lines.o1Kurta = purchaseOf(rows, kurta);
      lines.o1Craft = purchaseOf(rows, craft);
      await deliver(lines.o1Kurta);
      expect((await client.post('/return', { orderID: lines.o1Kurta, reason: 'Not for me' })).status).toBe(
        200,
      );
      await admin('post', `/admin/api/returns/${lines.o1Kurta}`, { accept: false });
      await nowOn(client, lines.o1Kurta, d0);
    });

    step('D0: a saree with the ₹100 coupon, returned (too small) and refunded on D2', async () => {
      const { client, customerId } = await driver.shopper(1, saree);
      const rows = await placed(client, customerId, coupon.code);
      lines.o2Saree = purchaseOf(rows, saree);
      await age(client, lines.o2Saree, 48);
      await deliver(lines.o2Saree);
      expect((await client.post('/return', { orderID: lines.o2Saree, reasonCode: 'too_small' })).status).toBe(
        200,
      );
      await admin('post', `/admin/api/returns/${lines.o2Saree}`, { accept: true });
      await admin('post', `/admin/api/returns/${lines.o2Saree}/receive`);
      await nowOn(client, lines.o2Saree, d2);
    });

    step('D1: a saree, exchanged, and a kurta in the sale, cancelled on D3, late: 10% kept', async () => {
      const { client, customerId } = await driver.shopper(1, saree);
      await shop.fixtures.bagLine(customerId, kurta.skus.M ?? 0, 1);
      const rows = await placed(client, customerId);
      lines.o3Saree = purchaseOf(rows, saree);
      lines.o3Kurta = purchaseOf(rows, kurta);
      await age(client, lines.o3Kurta, 48);
      const cancelled = await client.post<{ refund: number }>('/cancel', { orderID: lines.o3Kurta });
      expect(cancelled.body).toEqual({ refund: 720 });
      // the saree exchanged for an L: the exchange's new line is no sale of its own
      await deliver(lines.o3Saree);
      const exchange = { size: 'L', reasonCode: 'too_small' };
      expect((await client.post(`/api/orders/${lines.o3Saree}/exchange`, exchange)).status).toBe(200);
      await admin('post', `/admin/api/returns/${lines.o3Saree}`, { accept: true });
      await admin('post', `/admin/api/returns/${lines.o3Saree}/receive`);
      const newLine = await t()
        .db.selectFrom('order_lines')
        .select(['paid_paise', 'status'])
        .where('exchange_of', 'is not', null)
        .where('product_id', '=', saree.id)
        .executeTakeFirstOrThrow();
      expect(newLine).toEqual({ paid_paise: 250_000, status: 'placed' });
      await nowOn(client, lines.o3Kurta, d3);
    });

    step('D2: a saree by cash on delivery, cancelled the same day: never paid', async () => {
      const shopper = await shop.shopper();
      const order = await shop.order(shopper, [saree]);
      lines.o4Saree = order.purchaseIds[0] ?? '';
      expect((await shopper.client.post('/cancel', { orderID: lines.o4Saree })).status).toBe(200);
      await nowOn(shopper.client, lines.o4Saree, d2);
    });

    step(
      'sales by day: every day, zeros included, the totals their sums, refunds on their own day',
      async () => {
        const res = await owner().get<SalesReport>(`/admin/api/reports/sales?${RANGE}`);
        expect(res.status).toBe(200);
        const zero = { orders: 0, units: 0, gross: 0, discounts: 0, refunds: 0, net: 0 };
        expect(res.body).toEqual({
          from: before,
          to: after,
          days: [
            { date: before, ...zero },
            // kurtas 2 x ₹1,000 (₹800 in the sale) + bowl ₹450; saree ₹2,500 less the ₹100 coupon
            { date: d0, orders: 2, units: 4, gross: 4950, discounts: 500, refunds: 0, net: 4450 },
            { date: d1, orders: 1, units: 2, gross: 3500, discounts: 200, refunds: 0, net: 3300 },
            // the saree returned (₹2,400 paid) and the COD saree never paid (₹2,500)
            { date: d2, orders: 1, units: 1, gross: 2500, discounts: 0, refunds: 4900, net: -2400 },
            // the D1 kurta cancelled late: ₹800 less the 10% charge
            { date: d3, ...zero, refunds: 720, net: -720 },
            { date: after, ...zero },
          ],
          totals: { orders: 4, units: 7, gross: 10_950, discounts: 700, refunds: 5620, net: 4630 },
        });
      },
    );

    step('top products and genres: by net, then id; the limit keeps the first', async () => {
      const products = await owner().get<TopProductsReport>(`/admin/api/reports/top-products?${RANGE}`);
      expect(products.body).toEqual({
        from: before,
        to: after,
        products: [
          { productId: saree.id, name: 'Report saree', units: 3, net: 2500 },
          { productId: kurta.id, name: 'Report kurta', units: 3, net: 1680 },
          { productId: craft.id, name: 'Report bowl', units: 1, net: 450 },
        ],
      });
      const two = await owner().get<TopProductsReport>(`/admin/api/reports/top-products?${RANGE}&limit=2`);
      expect(two.body.products.map((p) => p.productId)).toEqual([saree.id, kurta.id]);
      const one = await owner().get<TopProductsReport>(`/admin/api/reports/top-products?from=${d1}&to=${d1}`);
      // only D1's lines: the saree paid in full, the kurta ₹800 less ₹720 refunded
      expect(one.body.products).toEqual([
        { productId: saree.id, name: 'Report saree', units: 1, net: 2500 },
        { productId: kurta.id, name: 'Report kurta', units: 1, net: 80 },
      ]);

      const genres = await owner().get<TopGenresReport>(`/admin/api/reports/top-genres?${RANGE}`);
      expect(genres.body.genres).toEqual([
        { section: 'apparel', segment: 'Testwear', genre: 'Sarees', units: 3, net: 2500 },
        { section: 'apparel', segment: 'Testwear', genre: 'Fixture', units: 3, net: 1680 },
        { section: 'crafts', segment: null, genre: null, units: 1, net: 450 },
      ]);
      const top = await owner().get<TopGenresReport>(`/admin/api/reports/top-genres?${RANGE}&limit=1`);
      expect(top.body.genres.map((g) => g.genre)).toEqual(['Sarees']);
    });

    step('returns: by reason, every reason listed, accepted, rejected and received counted', async () => {
      const res = await owner().get<ReturnsReport>(`/admin/api/reports/returns?${RANGE}`);
      expect(res.status).toBe(200);
      const none = { returns: 0, units: 0, value: 0, accepted: 0, rejected: 0, received: 0 };
      const byReason = Object.fromEntries(
        res.body.reasons.map(({ reason, title, ...figures }) => [reason, figures]),
      );
      expect(Object.keys(byReason)).toEqual([
        'too_small',
        'too_large',
        'defective',
        'wrong_item',
        'not_as_pictured',
        'quality',
        'changed_mind',
        'other',
      ]);
      expect(byReason).toEqual({
        ...Object.fromEntries(Object.keys(byReason).map((reason) => [reason, none])),
        too_small: { returns: 1, units: 1, value: 2400, accepted: 1, rejected: 0, received: 1 },
        other: { returns: 1, units: 2, value: 1600, accepted: 0, rejected: 1, received: 0 },
      });
      expect(res.body.reasons.at(-1)?.title).toBe('Other');
      expect(res.body.totals).toEqual({
        returns: 2,
        units: 3,
        value: 4000,
        accepted: 1,
        rejected: 1,
        received: 1,
      });
      // the saree's return was asked on D2, the kurtas' on D0
      const d2Only = await owner().get<ReturnsReport>(`/admin/api/reports/returns?from=${d2}&to=${d2}`);
      expect(d2Only.body.totals).toMatchObject({ returns: 1, value: 2400 });
    });

    step('offers: what the sale and the coupon brought', async () => {
      const res = await owner().get<OffersReport>(`/admin/api/reports/offers?${RANGE}`);
      expect(res.body.offers).toEqual([
        // D0's two kurtas and D1's one (₹200 off each); ₹800 paid for D1's less ₹720 refunded
        {
          kind: 'sale',
          id: sale.id,
          title: 'Report Sale',
          code: null,
          orders: 2,
          units: 3,
          discount: 600,
          net: 1680,
        },
        // the saree's ₹100 share, its ₹2,400 refunded in full
        {
          kind: 'coupon',
          id: coupon.id,
          title: coupon.title,
          code: coupon.code,
          orders: 1,
          units: 1,
          discount: 100,
          net: 0,
        },
      ]);
      const quiet = await owner().get<OffersReport>(`/admin/api/reports/offers?from=${d3}&to=${after}`);
      expect(quiet.body.offers).toEqual([]);
    });

    step('the orders CSV: a row per line, the columns by name, the tax figures its invoice’s', async () => {
      const res = await fetch(`${t().baseUrl}/admin/api/reports/orders.csv?${RANGE}`, { headers: BEARER });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="orders-${before}-to-${after}.csv"`,
      );
      const body = await res.text();
      const [header, ...records] = (await readCsv(Buffer.from(body), new Turns())).map((r) => r.fields);
      expect(header).toEqual([...ORDERS_CSV_COLUMNS]);
      const rows = records.map((fields) =>
        Object.fromEntries(ORDERS_CSV_COLUMNS.map((c, i) => [c, fields[i]])),
      );
      expect(rows.map((row) => row['Purchase ID'])).toEqual([
        lines.o1Kurta,
        lines.o1Craft,
        lines.o2Saree,
        lines.o3Saree,
        lines.o3Kurta,
        lines.o4Saree,
      ]);
      const documents = await t().db.selectFrom('invoices').select(['number', 'document']).execute();
      const invoiced = new Map(
        documents.flatMap(({ number, document }) =>
          (document as { lines: TaxLine[]; placeOfSupply: string }).lines.map((line) => [
            line.orderLineId,
            { number, line, place: (document as { placeOfSupply: string }).placeOfSupply },
          ]),
        ),
      );
      const ids = await t()
        .db.selectFrom('order_lines')
        .select(['id', 'purchase_id'])
        .where('purchase_id', 'in', Object.values(lines))
        .execute();
      const idOf = new Map(ids.map((row) => [row.purchase_id, row.id]));
      const money = (paise: number) => (paise / 100).toFixed(2);
      for (const row of rows) {
        const found = invoiced.get(idOf.get(row['Purchase ID'] ?? '') ?? 0);
        if (!found) throw new Error(`no invoice line for ${row['Purchase ID']}`);
        const { number, line, place } = found;
        expect(row).toMatchObject({
          'Invoice number': number,
          'Place of supply': place,
          Quantity: String(line.quantity),
          Paid: money(line.totalPaise),
          'Coupon discount': money(line.discountPaise ?? 0),
          'Taxable value': money(line.taxablePaise),
          'GST rate': String(line.ratePercent),
          CGST: money(line.cgstPaise),
          SGST: money(line.sgstPaise),
          IGST: money(line.igstPaise),
        });
      }
      const [o1Kurta, o1Craft, o2Saree, o3Saree, o3Kurta, o4Saree] = rows;
      expect(o1Kurta).toMatchObject({
        'Order date': d0,
        Seller: 'Report Looms Pvt Ltd',
        'Seller GSTIN': '19AAACR1234A1Z5',
        'Place of supply': 'West Bengal',
        Product: 'Report kurta',
        Quantity: '2',
        'Unit price': '800.00',
        'Sale saving': '400.00',
        'Coupon code': '',
        Paid: '1600.00',
        'Payment method': 'online',
        Status: 'return_rejected',
        Refunded: '0.00',
        IGST: '0.00',
      });
      expect(Number(o1Kurta?.CGST)).toBeGreaterThan(0);
      expect(o1Craft).toMatchObject({
        Seller: 'Report Crafts',
        'Seller GSTIN': '27AAACR5678B1Z2',
        CGST: '0.00',
      });
      expect(Number(o1Craft?.IGST)).toBeGreaterThan(0);
      expect(o2Saree).toMatchObject({
        'Order date': d0,
        'Coupon code': coupon.code,
        'Coupon discount': '100.00',
        Paid: '2400.00',
        Status: 'returned',
        Refunded: '2400.00',
      });
      expect(o3Saree).toMatchObject({ 'Order date': d1, Refunded: '0.00', Status: 'exchanged' });
      expect(o3Kurta).toMatchObject({ 'Order date': d1, Refunded: '720.00', Status: 'cancelled' });
      // a COD line never paid: nothing refunded, its status says why
      expect(o4Saree).toMatchObject({
        'Order date': d2,
        'Payment method': 'cod',
        Status: 'cancelled',
        Refunded: '0.00',
      });
      // taxable value and tax make up what was paid, row by row
      for (const row of rows) {
        const parts = ['Taxable value', 'CGST', 'SGST', 'IGST'].map((c) => Math.round(Number(row[c]) * 100));
        expect(parts.reduce((a, b) => a + b, 0)).toBe(Math.round(Number(row.Paid) * 100));
      }
      // read two lines a batch, the keyset carries on where each batch ended: the same file
      const bounds = { from: dayStart(before), to: dayStart(nextDay(after)) };
      let batched = '';
      for await (const chunk of ordersCsv(t().db, bounds, 2)) batched += chunk;
      expect(batched).toBe(body);
      const empty = await fetch(`${t().baseUrl}/admin/api/reports/orders.csv?from=${after}&to=${after}`, {
        headers: BEARER,
      });
      expect(await empty.text()).toBe(formatCsv([ORDERS_CSV_COLUMNS]));
    });

    step('bad input: 400 naming the parameter; a missing day too', async () => {
      const bad: [string, string[]][] = [
        ['from=2026-1-05&to=2026-01-10', ['from']],
        ['from=2026-02-30&to=2026-03-02', ['from']],
        ['from=2026-03-01&to=2026-02-29', ['to']],
        ['to=2026-03-01', ['from']],
        ['from=2026-03-01', ['to']],
        ['from=2026-03-05&to=2026-03-04', ['from', 'to']],
        ['from=2025-01-01&to=2026-01-02', ['from', 'to']],
      ];
      const routes = ['sales', 'top-products', 'top-genres', 'returns', 'offers', 'orders.csv'];
      for (const route of routes) {
        for (const [query, fields] of bad) {
          const res = await owner().get<{ error: string; fields: Record<string, string> }>(
            `/admin/api/reports/${route}?${query}`,
          );
          expect(res.status, `${route}?${query}`).toBe(400);
          expect(Object.keys(res.body.fields).sort(), `${route}?${query}`).toEqual(fields);
        }
      }
      // 366 days is the longest range: 2024 was a leap year
      expect((await owner().get(`/admin/api/reports/sales?from=2024-01-01&to=2024-12-31`)).status).toBe(200);
      for (const route of ['top-products', 'top-genres']) {
        for (const limit of ['0', '51', 'abc', '2.5', '-1', '']) {
          const res = await owner().get<{ fields: Record<string, string> }>(
            `/admin/api/reports/${route}?${RANGE}&limit=${limit}`,
          );
          expect(res.status, `${route} limit=${limit}`).toBe(400);
          expect(Object.keys(res.body.fields), `${route} limit=${limit}`).toEqual(['limit']);
        }
        for (const limit of ['1', '50']) {
          expect((await owner().get(`/admin/api/reports/${route}?${RANGE}&limit=${limit}`)).status).toBe(200);
        }
      }
    });

    step('the owner’s only: staff get 403, a visitor 401', async () => {
      const person = await staffPerson(t());
      const staff = await staffSignedIn(t(), person.phone);
      const visitor = await t().client();
      for (const route of ['sales', 'top-products', 'top-genres', 'returns', 'offers', 'orders.csv']) {
        const path = `/admin/api/reports/${route}?${RANGE}`;
        const asStaff = await staff.get<{ error: string }>(path);
        expect(asStaff.status, route).toBe(403);
        expect(asStaff.body.error).toEqual(expect.any(String));
        expect([401, 403], route).toContain((await visitor.get(path)).status);
      }
    });
  },
);
