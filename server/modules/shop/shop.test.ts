import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { gstinCheckCharacter } from '../../../contract/gstin.ts';
import type { OrderLine } from '../../../contract/orders.ts';
import type { AdminShop, PolicyResponse, ShopDetails, ShopSettings } from '../../../contract/shop.ts';
import type { PurchasePageResponse } from '../../../contract/shopping.ts';
import { describeEachDatabase, TEST_ADMIN_TOKEN, type TestApp } from '../../test/app.ts';
import { CheckoutDriver } from '../../test/checkout.ts';
import { Fixtures } from '../../test/fixtures.ts';
import type { TestClient } from '../../test/http.ts';
import { staffPerson, staffSignedIn } from '../../test/staff.ts';
import { DEFAULT_POLICIES } from './default-policies.ts';

const BEARER = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

/** A GSTIN the portal would accept: state code, PAN, entity digit, Z, and its check character. */
const gstin = (stateCode: string, pan: string) => {
  const first14 = `${stateCode}${pan}1Z`;
  return first14 + gstinCheckCharacter(first14);
};
const BENGAL_GSTIN = gstin('19', 'AAFCK1234M');

const DEFAULTS: ShopDetails = {
  name: 'haat',
  legalName: null,
  logoUrl: null,
  gstin: null,
  officeAddress: [],
  supportEmail: null,
  supportPhone: null,
  supportHours: null,
  deliveryCharge: 50,
  freeDeliveryAbove: 500,
  about: null,
  footerText: null,
  pageTitle: null,
  metaDescription: null,
  legalForm: null,
  legalFormText: null,
  returnWindowDays: 1,
  exchangeWindowDays: 1,
  freeCancellationHours: 24,
  cancellationChargePercent: 10,
  cashOnDelivery: false,
};

const auditOf = (t: TestApp, action: string) =>
  t.db
    .selectFrom('audit_log')
    .select(['actor', 'details'])
    .where('action', '=', action)
    .orderBy('id')
    .execute();

/** An invoice's text, and whether it draws an image (the shop's logo) */
async function pdf(t: TestApp, path: string): Promise<{ text: string; image: boolean }> {
  const res = await fetch(`${t.baseUrl}${path}`, { headers: BEARER });
  expect(res.status).toBe(200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const image = Buffer.from(bytes).includes('/Subtype /Image');
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return { text, image };
}

describeEachDatabase(
  'the shop’s own details, policy pages and delivery charge',
  (t) => {
    let admin: TestClient;
    let visitor: TestClient;
    const shop = async () => (await visitor.get<ShopDetails>('/api/shop')).body;
    const put = (body: unknown) =>
      admin.put<AdminShop & { error?: string; fields?: object }>('/admin/api/shop', body, BEARER);
    const policy = (page: string) =>
      visitor.get<PolicyResponse & { error?: string }>(`/api/policies/${page}`);

    beforeAll(async () => {
      admin = await t().client();
      visitor = await t().client();
    });

    it('starts as haat with the spec’s delivery terms and nothing else set', async () => {
      const res = await visitor.get<ShopDetails>('/api/shop');
      expect(res.status).toBe(200);
      // the test app's payments are simulated: no real money moves
      expect(res.body).toEqual({ ...DEFAULTS, testMode: true });
      const owner = await admin.get<AdminShop>('/admin/api/shop', BEARER);
      expect(owner.body).toMatchObject({ name: null, logo: null, changedPolicies: [] });
      expect(owner.body.policies.terms).toBe(DEFAULT_POLICIES.terms);
    });

    it('keeps what the owner sets, in any Indian script, and records who changed what', async () => {
      const res = await put({
        name: 'কলকাতা তাঁত',
        legalName: 'Kolkata Looms Private Limited',
        gstin: BENGAL_GSTIN.toLowerCase(),
        officeAddress: ['  4th floor, 22 Camac Street ', '', 'Kolkata 700016', 'West Bengal'],
        supportEmail: 'help@kolkatalooms.in',
        supportPhone: '+91 98300-12345',
        supportHours: 'सोमवार से शनिवार, 10 am to 7 pm IST',
      });
      expect(res.status).toBe(200);
      const expected: ShopDetails = {
        ...DEFAULTS,
        name: 'কলকাতা তাঁত',
        legalName: 'Kolkata Looms Private Limited',
        gstin: BENGAL_GSTIN,
        officeAddress: ['4th floor, 22 Camac Street', 'Kolkata 700016', 'West Bengal'],
        supportEmail: 'help@kolkatalooms.in',
        supportPhone: '9830012345',
        supportHours: 'सोमवार से शनिवार, 10 am to 7 pm IST',
      };
      expect(res.body).toMatchObject({ ...expected, logo: null });
      expect(await shop()).toEqual({ ...expected, testMode: true });
      const [entry] = (await auditOf(t(), 'shop.set')).slice(-1);
      expect(entry?.actor).toBe('admin');
      expect(entry?.details).toMatchObject({ gstin: { old: null, new: BENGAL_GSTIN } });
    });

    it('changes only the fields sent; null or an empty text clears one', async () => {
      const before = await shop();
      expect((await put({ supportHours: 'Every day, 9 am to 9 pm' })).status).toBe(200);
      expect(await shop()).toEqual({ ...before, supportHours: 'Every day, 9 am to 9 pm' });
      expect((await put({ supportHours: '', supportPhone: null })).status).toBe(200);
      expect(await shop()).toEqual({ ...before, supportHours: null, supportPhone: null });
      expect((await put({ supportHours: before.supportHours, supportPhone: '098300 12345' })).status).toBe(
        200,
      );
      expect(await shop()).toEqual(before);
    });

    it('refuses wrong fields by name with 400 {error, fields} and changes nothing', async () => {
      const before = await admin.get<AdminShop>('/admin/api/shop', BEARER);
      const maharashtra = gstin('27', 'AAFCK1234M');
      const wrongState = await put({ name: 'Changed?', gstin: maharashtra, supportEmail: 'help@' });
      expect(wrongState.status).toBe(400);
      expect(Object.keys(wrongState.body.fields ?? {}).sort()).toEqual(['gstin', 'supportEmail']);
      expect(wrongState.body.fields).toMatchObject({
        gstin: expect.stringContaining('Maharashtra'),
        supportEmail: expect.stringContaining('e-mail'),
      });
      const typo = `${BENGAL_GSTIN.slice(0, 14)}${BENGAL_GSTIN.endsWith('A') ? 'B' : 'A'}`;
      const checkCharacter = await put({ gstin: typo });
      expect(checkCharacter.body.fields).toEqual({ gstin: expect.stringContaining('last character') });
      // moving the office to Mumbai leaves the Bengal GSTIN wrong: the address is named
      const moved = await put({ officeAddress: ['Nariman Point', 'Mumbai 400021'] });
      expect(moved.body.fields).toEqual({ officeAddress: expect.stringContaining('Maharashtra') });
      const refused: [unknown, string][] = [
        [{ supportPhone: '12345' }, 'supportPhone'],
        [{ supportPhone: '+1 415 555 0100' }, 'supportPhone'],
        [{ name: 5 }, 'name'],
        [{ name: 'x'.repeat(61) }, 'name'],
        [{ name: 'Two\nlines' }, 'name'],
        [{ officeAddress: 'one line' }, 'officeAddress'],
        [{ logo: 'p-00000000-0000-0000-0000-000000000000.webp' }, 'logo'],
        [{ policies: { faq: 'Questions' } }, 'policies.faq'],
        [{ deliveryCharge: -1 }, 'deliveryCharge'],
        [{ slogan: 'The best' }, 'slogan'],
      ];
      for (const [body, field] of refused) {
        const res = await put(body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.error).toEqual(expect.any(String));
        expect(Object.keys(res.body.fields ?? {}), JSON.stringify(body)).toEqual([field]);
      }
      expect((await admin.get('/admin/api/shop', BEARER)).body).toEqual(before.body);
    });

    it('is the owner’s: staff get 403, a visitor 401, and a signed-in owner’s write needs the CSRF token', async () => {
      const ravi = await staffPerson(t(), 'staff');
      const staff = await staffSignedIn(t(), ravi.phone);
      for (const res of [
        await staff.get('/admin/api/shop'),
        await staff.put('/admin/api/shop', { name: 'Staff shop' }),
        await staff.put('/admin/api/shop', { name: 5 }),
        await staff.get('/admin/api/settings'),
        await staff.put('/admin/api/settings', { deliveryCharge: 1 }),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ error: 'Only the owner can do this' });
      }
      expect((await visitor.put('/admin/api/shop', { name: 'Visitor shop' })).status).toBe(401);

      const meera = await staffPerson(t(), 'owner', 'Meera Owner');
      const owner = await staffSignedIn(t(), meera.phone);
      for (const token of ['', 'forged-token']) {
        const res = await owner.put('/admin/api/shop', { name: 'Forged' }, { 'x-csrf-token': token });
        expect(res.status).toBe(403);
      }
      expect((await shop()).name).toBe('কলকাতা তাঁত');
      const signedIn = await owner.put<AdminShop>('/admin/api/shop', { supportHours: 'Weekdays' });
      expect(signedIn.status).toBe(200);
      const [entry] = (await auditOf(t(), 'shop.set')).slice(-1);
      expect(entry?.actor).toBe(`staff:${meera.id}`);
      expect(entry?.details).toEqual({
        supportHours: { old: 'सोमवार से शनिवार, 10 am to 7 pm IST', new: 'Weekdays' },
      });
    });

    it('shows the spec’s policy texts with the shop’s name and delivery terms until the owner changes them', async () => {
      const terms = await policy('terms');
      expect(terms.status).toBe(200);
      expect(terms.body.title).toBe('Terms of use');
      expect(terms.body.html).toContain('<p>These terms apply whenever you browse or buy on কলকাতা তাঁত.');
      expect(terms.body.html).toContain(
        'is run by Kolkata Looms Private Limited, with its registered office',
      );
      // no legal form until the owner names one
      expect(terms.body.html).toContain(
        '<strong>Kolkata Looms Private Limited</strong>, registered under GST.',
      );
      expect(terms.body.html).toContain('the jurisdiction of the courts of West Bengal, India.');
      expect(terms.body.html).toContain('<a href="/payment">payment policy</a>');
      expect(terms.body.html).toContain(
        'Write to <a href="mailto:help@kolkatalooms.in">help@kolkatalooms.in</a> or see <a href="/contact">Contact us</a>. We answer Weekdays.',
      );
      const shipping = await policy('shipping');
      expect(shipping.body.html).toContain(
        'Orders of ₹500 or less carry a delivery charge of ₹50, shown at checkout before you pay.',
      );
      expect((await policy('payment')).body.html).toContain('within 5/6 working days');
      expect((await policy('privacy')).body.html).toContain('cookies to keep your login session');
      expect((await policy('cancellation')).body.html).toContain('<strong>free within 24 hours</strong>');
      expect((await policy('contact')).body).toEqual({
        title: 'Contact us',
        html: expect.stringContaining('Operator of কলকাতা তাঁত.'),
      });
      const unknown = await policy('refunds');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ error: expect.any(String) });
    });

    it('renders the owner’s Markdown safely: no script, no raw HTML, no javascript: link', async () => {
      const markdown = [
        '# Our privacy promise',
        'We keep **little**. <script>alert("x")</script>',
        '<img src="x" onerror="alert(1)">',
        '[click me](javascript:alert(1)) and [our partner](https://partner.example/privacy)',
        'Write to {supportEmail} at {shop}.',
      ].join('\n\n');
      const res = await put({ policies: { privacy: markdown } });
      expect(res.status).toBe(200);
      expect(res.body.changedPolicies).toEqual(['privacy']);
      const { html } = (await policy('privacy')).body;
      expect(html).toContain('<h1>Our privacy promise</h1>');
      expect(html).toContain(
        'We keep <strong>little</strong>. &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;',
      );
      expect(html).toContain('&lt;img src=&quot;x&quot; onerror=&quot;alert(1)&quot;&gt;');
      // no live element: no script, no image, no attribute running code, no javascript: address
      expect(html).not.toMatch(/<script|<img|<[a-z][^>]*\son\w+=|href="javascript:/i);
      expect(html).toContain('[click me](javascript:alert(1))');
      expect(html).toContain(
        '<a href="https://partner.example/privacy" target="_blank" rel="noopener noreferrer nofollow">our partner</a>',
      );
      expect(html).toContain(
        'Write to <a href="mailto:help@kolkatalooms.in">help@kolkatalooms.in</a> at কলকাতা তাঁত.',
      );
      // the other pages keep the spec's text; null puts this one back to it
      expect((await policy('terms')).body.html).toContain('courts of West Bengal');
      expect((await put({ policies: { privacy: null } })).body.changedPolicies).toEqual([]);
      expect((await policy('privacy')).body.html).toContain('cookies to keep your login session');
    });

    it('puts an uploaded logo in the shop’s answer, served uncropped (and kept for the invoices below)', async () => {
      const wide = await sharp({ create: { width: 800, height: 200, channels: 4, background: '#8c1c3a' } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(wide)], { type: 'image/png' }), 'logo.png');
      const upload = await admin.post<{ photo: string }>('/admin/api/products/photos', form, BEARER);
      expect(upload.status).toBe(200);
      expect((await put({ logo: upload.body.photo })).status).toBe(200);
      const { logoUrl } = await shop();
      expect(logoUrl).toBe(`/images/logo/${upload.body.photo}?w=320`);
      const served = await fetch(`${t().baseUrl}${logoUrl}`);
      expect(served.headers.get('content-type')).toBe('image/webp');
      const size = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect([size.width, size.height]).toEqual([320, 80]);
    });

    describe('the delivery charge', () => {
      const driver = new CheckoutDriver(t);
      const settings = (body: unknown) =>
        admin.put<ShopSettings & { fields?: object }>('/admin/api/settings', body, BEARER);

      it('is a setting in whole rupees that refuses what it cannot charge', async () => {
        const current = await admin.get<ShopSettings>('/admin/api/settings', BEARER);
        expect(current.body).toEqual({
          lowStockThreshold: 5,
          deliveryCharge: 50,
          freeDeliveryAbove: 500,
          returnWindowDays: 1,
          exchangeWindowDays: 1,
          freeCancellationHours: 24,
          cancellationChargePercent: 10,
          codEnabled: false,
          codFee: 49,
          codMaxOrderValue: 5000,
          codRtoLimit: 2,
        });
        for (const [body, field] of [
          [{ deliveryCharge: -5 }, 'deliveryCharge'],
          [{ deliveryCharge: 12.5 }, 'deliveryCharge'],
          [{ freeDeliveryAbove: 30_000_000 }, 'freeDeliveryAbove'],
          [{ lowStockThreshold: -1 }, 'lowStockThreshold'],
        ] as const) {
          const res = await settings(body);
          expect(res.status).toBe(400);
          expect(Object.keys(res.body.fields ?? {})).toEqual([field]);
        }
        expect((await admin.get('/admin/api/settings', BEARER)).body).toEqual(current.body);
      });

      it('prices the bag, create-order and the invoice with the owner’s charge; an issued invoice keeps its own', async () => {
        const changed = await settings({ deliveryCharge: 80, freeDeliveryAbove: 1000 });
        expect(changed.body).toMatchObject({
          lowStockThreshold: 5,
          deliveryCharge: 80,
          freeDeliveryAbove: 1000,
        });
        expect(await shop()).toMatchObject({ deliveryCharge: 80, freeDeliveryAbove: 1000 });
        expect((await policy('shipping')).body.html).toContain(
          'Orders of ₹1,000 or less carry a delivery charge of ₹80',
        );

        const product = await new Fixtures(t().db).product({ name: 'Charged Kurti', pricePaise: 60_000 });
        const { client, customerId } = await driver.shopper(1, product);
        const bag = await client.get<PurchasePageResponse>('/api/purchasePage');
        expect(bag.body.priceDetails).toEqual({
          totalPrice: 1200,
          discount: -600,
          deliveryCharge: 80,
          amountToPay: 680,
          freeDeliveryAbove: 1000,
        });
        // the spec's ₹50 is no longer the amount
        expect((await driver.createOrder(client, 65_000)).status).toBe(409);
        const placed = await driver.checkOut(client, await driver.paid(client));
        expect(placed.status).toBe(200);
        const payment = await t()
          .db.selectFrom('payment_orders')
          .select(['amount_paise', 'delivery_charge_paise'])
          .where('customer_id', '=', customerId)
          .executeTakeFirstOrThrow();
        expect(payment).toEqual({ amount_paise: 68_000, delivery_charge_paise: 8_000 });

        const [line] = (await client.get<OrderLine[]>('/api/orders')).body;
        const { text: invoice, image } = await pdf(t(), line?.invoiceUrl ?? '');
        expect(image).toBe(true);
        expect(invoice).toMatch(/\n\d+ Delivery charge 9968 1 [\d.]+ \d+% ([\d.]+ )+80\.00\n/);
        expect(invoice).toContain('Total paid (tax included): Rs. 680.00');
        expect(invoice).toContain(`Sold through Kolkata Looms Private Limited (GSTIN: ${BENGAL_GSTIN})`);

        // later changes reach new bags, not the invoice already issued
        expect((await settings({ deliveryCharge: 50, freeDeliveryAbove: 500 })).status).toBe(200);
        expect((await put({ legalName: 'Renamed Looms LLP', logo: null })).body.logoUrl).toBeNull();
        const again = await pdf(t(), line?.invoiceUrl ?? '');
        expect(again.text).toContain('Total paid (tax included): Rs. 680.00');
        expect(again.text).toContain('Sold through Kolkata Looms Private Limited');
        expect(again.text).not.toContain('Renamed Looms');
        expect(again.image).toBe(true);
      });

      it('names the shop in the order’s SMS as the owner named it, for MSG91’s ##shop##', async () => {
        const product = await new Fixtures(t().db).product({ name: 'Texted Kurti' });
        const { client, customerId } = await driver.shopper(1, product);
        expect((await driver.checkOut(client, await driver.paid(client))).status).toBe(200);
        const placed = await t()
          .db.selectFrom('notifications')
          .select(['text', 'variables'])
          .where('customer_id', '=', customerId)
          .where('template', '=', 'order_placed')
          .executeTakeFirstOrThrow();
        expect(placed.text).toMatch(
          /^Your কলকাতা তাঁত order pur_\w+ is placed\. Follow it in Orders on কলকাতা তাঁত\.$/,
        );
        expect(placed.variables).toMatchObject({ shop: 'কলকাতা তাঁত' });
      });
    });
  },
  {},
  // the shop as a new owner finds it: nothing set (the demo fills the shop's details as haat's)
  { empty: true },
);
