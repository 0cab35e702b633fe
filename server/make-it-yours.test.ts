import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { expect } from 'vitest';
import { describeEachDatabase, TEST_ADMIN_TOKEN } from './test/app.ts';
import { BackOfficeClient, ContractClient } from './test/contract-client.ts';
import { expectStatus, storySteps } from './test/story.ts';

/*
 * A shop of one's own, told through the contract alone (decisions 026 to 030): haat starts with the
 * demo off on an empty database; the owner sets it up through the back office's API (bearer token, as a
 * deploying script would); a shopper buys the first product and reads its tax invoice. Each step runs
 * only if every step before it passed, so a failure names its step.
 */

const SHOP = {
  name: 'Rangoli Threads',
  legalName: 'Rangoli Threads Private Limited',
  gstin: '19AAACR5055K1Z4',
  officeAddress: ['12 Park Street', 'Kolkata 700016', 'West Bengal'],
  supportEmail: 'help@rangoli.example',
  supportPhone: '9830012345',
  supportHours: 'Every day, 9 am to 9 pm',
};
const SELLER = {
  name: 'ঢাকাই বুনন',
  legalName: 'Dhakai Bunon Weavers LLP',
  address: { line1: '7 তাঁতি পাড়া', city: 'Shantipur', pincode: '741404' },
  pan: 'AAPFU0939F',
  phone: '9733012345',
  email: 'weavers@bunon.example',
};
const PARTNER = { code: 'BLUEDART', name: 'Blue Dart', trackingUrl: 'https://track.example/{trackingId}' };
const SHOPPER_PHONE = '9123400011';

/** a photo as a shop owner's phone gives it */
const photo = () =>
  sharp({ create: { width: 600, height: 800, channels: 3, background: { r: 120, g: 30, b: 60 } } })
    .jpeg()
    .toBuffer();

async function verifyPhone(client: ContractClient, phone: string): Promise<void> {
  expectStatus(await client.post('/api/otp/send', { phoneNumber: phone }), 200);
  const outbox = expectStatus(await client.get<{ code: string }>(`/api/dev/sms/${phone}`), 200);
  expectStatus(await client.post('/api/otp/verify', { phoneNumber: phone, code: outbox.code }), 200);
}

describeEachDatabase(
  'a shop of your own, from an empty database to its first invoice',
  (t) => {
    const step = storySteps();

    let owner: BackOfficeClient;
    let shopper: ContractClient;
    let productId = 0;
    let sellerGstin = '';
    let paymentAmount = 0;

    step('starts empty: no products, an empty home, and the setup checklist waiting', async () => {
      owner = new BackOfficeClient(t().baseUrl, TEST_ADMIN_TOKEN);
      shopper = await ContractClient.start(t().baseUrl);
      expect(expectStatus(await shopper.get('/home'), 200)).toEqual([]);
      const setup = expectStatus(
        await owner.get<{ live: boolean; steps: { key: string; done: boolean }[] }>('/admin/api/setup'),
        200,
      );
      expect(setup.live).toBe(false);
      expect(setup.steps.map((s) => s.key)).toEqual([
        'shop',
        'seller',
        'delivery',
        'product',
        'payments',
        'sms',
      ]);
      expect(setup.steps.every((s) => !s.done)).toBe(true);
    });

    step('refuses a wrong GSTIN by field and changes nothing', async () => {
      const before = expectStatus(await shopper.get<{ legalName: string | null }>('/api/shop'), 200);
      const wrong = await owner.put<{ fields: Record<string, string> }>('/admin/api/shop', {
        ...SHOP,
        gstin: '19AAACR5055K1ZX',
      });
      expect(wrong.status).toBe(400);
      expect(Object.keys(wrong.body.fields)).toEqual(['gstin']);
      expect(expectStatus(await shopper.get('/api/shop'), 200)).toEqual(before);
    });

    step("saves the shop's details and serves them to everyone", async () => {
      expectStatus(await owner.put('/admin/api/shop', SHOP), 200);
      const shop = expectStatus(await shopper.get<Record<string, unknown>>('/api/shop'), 200);
      expect(shop).toMatchObject(SHOP);
    });

    step('adds a seller, its state read from the pincode', async () => {
      const wrongState = { ...SELLER, gstin: '29AAPFU0939F1ZV' };
      const refused = await owner.post<{ fields: Record<string, string> }>('/admin/api/sellers', wrongState);
      expect(refused.status).toBe(400);
      expect(refused.body.fields.gstin).toBe(
        'The GSTIN is registered in Karnataka (code 29), but the address is in West Bengal',
      );
      sellerGstin = '19AAPFU0939F1ZS';
      const seller = expectStatus(
        await owner.post<{ id: number; state: string }>('/admin/api/sellers', {
          ...SELLER,
          gstin: sellerGstin,
        }),
        201,
      );
      expect(seller.state).toBe('West Bengal');
    });

    step('adds a delivery partner and its pincodes from a CSV, checked first', async () => {
      expectStatus(await owner.post('/admin/api/partners', PARTNER), 201);
      const bad = 'pincode\n700001\n12345\n';
      const dry = expectStatus(
        await owner.upload<{ errors: string[] }>(
          `/admin/api/partners/${PARTNER.code}/pincodes?mode=dry-run`,
          'file',
          { name: 'pincodes.csv', type: 'text/csv', bytes: Buffer.from(bad) },
        ),
        200,
      );
      expect(dry.errors).toEqual([expect.stringMatching(/^line 3, column pincode: /)]);
      const good = 'pincode\n700001\n700016\n110001\n';
      expectStatus(
        await owner.upload(`/admin/api/partners/${PARTNER.code}/pincodes?mode=apply`, 'file', {
          name: 'pincodes.csv',
          type: 'text/csv',
          bytes: Buffer.from(good),
        }),
        200,
      );
    });

    step('sets the delivery charge: Rs 40, free above Rs 2,000', async () => {
      const settings = expectStatus(
        await owner.put<{ deliveryCharge: number; freeDeliveryAbove: number }>('/admin/api/settings', {
          lowStockThreshold: 3,
          deliveryCharge: 40,
          freeDeliveryAbove: 2000,
        }),
        200,
      );
      expect(settings).toMatchObject({ deliveryCharge: 40, freeDeliveryAbove: 2000 });
      const shop = expectStatus(await shopper.get('/api/shop'), 200);
      expect(shop).toMatchObject({ deliveryCharge: 40, freeDeliveryAbove: 2000 });
    });

    step('adds the first product with a photo', async () => {
      const uploaded = expectStatus(
        await owner.upload<{ photo: string }>('/admin/api/products/photos', 'file', {
          name: 'saree.jpg',
          type: 'image/jpeg',
          bytes: await photo(),
        }),
        200,
      );
      const product = expectStatus(
        await owner.post<{ id: number }>('/admin/api/products', {
          name: 'Shantipur cotton saree',
          prod: 'apparel',
          userSegment: 'Women',
          genre: 'Saree',
          description: 'Handwoven on a pit loom.',
          color: 'Red',
          features: {},
          mrp: 1800,
          price: 1500,
          partner: PARTNER.code,
          seller: SELLER.name,
          hsnCode: '5208',
          sizes: [{ size: 'Free', stock: 5 }],
          photos: [uploaded.photo],
        }),
        200,
      );
      productId = product.id;
      const setup = expectStatus(
        await owner.get<{ steps: { key: string; done: boolean }[] }>('/admin/api/setup'),
        200,
      );
      const done = Object.fromEntries(setup.steps.map((s) => [s.key, s.done]));
      expect(done).toEqual({
        shop: true,
        seller: true,
        delivery: true,
        product: true,
        payments: false,
        sms: false,
      });
    });

    step("a shopper finds it, signs up and pays for it with the shop's delivery charge", async () => {
      const home = expectStatus(await shopper.get<{ userSegment: string; genre: string }[]>('/home'), 200);
      expect(home).toEqual([{ userSegment: 'Women', genre: 'Saree' }]);
      expect(
        expectStatus(await shopper.post('/api/pincheck', { pincode: '700016', partner: PARTNER.code }), 200),
      ).toBe(true);
      await verifyPhone(shopper, SHOPPER_PHONE);
      const record = { phone: SHOPPER_PHONE, mail: 'meera@example.com', fname: 'মীরা', lname: 'দাস' };
      expectStatus(await shopper.post('/api/signUp', record, 'login'), 200);
      expectStatus(await shopper.post('/api/login', { phoneNumber: SHOPPER_PHONE }), 200);
      const profile = expectStatus(await shopper.get<Record<string, unknown>>('/api/profile'), 200);
      const address = {
        houseNo: '৩',
        roadName: 'লেক রোড',
        areaName: 'Kalighat',
        postOffice: 'Kalighat',
        city: 'Kolkata',
        pin: '700016',
        altPhoneNumber: '9830099999',
      };
      expectStatus(await shopper.post('/editProfile', { ...profile, ...address }), 200);
      const add = { prodID: productId, size: 'Free', addCart: 1 };
      expectStatus(await shopper.post(`/product/apparel/${productId}`, add, 'addCart'), 200);
      const page = expectStatus(
        await shopper.get<{ priceDetails: { deliveryCharge: number; amountToPay: number } }>(
          '/api/purchasePage',
        ),
        200,
      );
      expect(page.priceDetails).toMatchObject({ deliveryCharge: 40, amountToPay: 1540 });
      paymentAmount = 1540 * 100;
      const order = expectStatus(
        await shopper.post<{ id: string }>('/create-order', {
          amount: paymentAmount,
          currency: 'INR',
          receipt: 'r',
        }),
        200,
      );
      const paid = expectStatus(
        await shopper.post<Record<string, string>>('/api/dev/pay', { orderId: order.id, outcome: 'success' }),
        200,
      );
      expectStatus(await shopper.post('/verify-payment', paid), 200);
      const bag = expectStatus(
        await shopper.get<{ prods: unknown[]; userInfo: unknown }>('/api/purchasePage'),
        200,
      );
      const checkOut = {
        prods: bag.prods,
        userInfo: bag.userInfo,
        orderId: order.id,
        razorpay_payment_id: paid.razorpay_payment_id,
      };
      expect(expectStatus(await shopper.post('/api/purchasePage', checkOut, 'checkOut'), 200)).toEqual({});
    });

    step(
      "reads the tax invoice: the seller's GSTIN, the shop's legal name, the delivery charge",
      async () => {
        const lines = expectStatus(await shopper.get<{ invoiceUrl: string }[]>('/api/orders'), 200);
        expect(lines).toHaveLength(1);
        const res = await fetch(`${t().baseUrl}${lines[0]?.invoiceUrl}`, {
          headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
        });
        expect(res.status).toBe(200);
        const pdf = await getDocumentProxy(new Uint8Array(await res.arrayBuffer()));
        const { text } = await extractText(pdf, { mergePages: true });
        expect(text).toContain(sellerGstin);
        expect(text).toContain(SHOP.legalName);
        expect(text).toContain('Dhakai Bunon Weavers LLP');
        expect(text).toMatch(/Delivery/);
      },
    );
  },
  {},
  { empty: true },
);
