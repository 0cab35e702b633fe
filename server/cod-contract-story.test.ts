import { extractText, getDocumentProxy } from 'unpdf';
import { expect } from 'vitest';
import { describeEachDatabase, TEST_ADMIN_TOKEN } from './test/app.ts';
import { BackOfficeClient, ContractClient } from './test/contract-client.ts';
import { addStoryProduct, expectStatus, storySteps } from './test/story.ts';

/*
 * Cash on delivery told through the contract alone (shared/contracts/cash-on-delivery.md), as its
 * acceptance run sets the shop up: the courier partner's local fake (COURIER_PROVIDER=shiprocket), a
 * 15-second confirmation window, an empty shop the owner fills through the back office's API (bearer
 * token), and a shopper with one cookie jar and ONE anti-forgery token read at startup. Each step runs
 * only if every step before it passed, so a failure names its step.
 */

const SELLER = {
  name: 'Shantipur Tant',
  legalName: 'Shantipur Tant Weavers LLP',
  address: { line1: '7 Tanti Para', city: 'Shantipur', pincode: '741404' },
  gstin: '19AAPFU0939F1ZS',
  pan: 'AAPFU0939F',
  phone: '9733012345',
  email: 'weavers@tant.example',
};
const PARTNER = { code: 'CASHEXP', name: 'Cash Express', trackingUrl: 'https://track.example/{trackingId}' };
const HOME_PIN = '700016';
/** served by the partner, but without cash collection */
const NO_CASH_PIN = '110001';
const PHONE = '9123400077';
const PRICE = 1500;
const FEE = 49;
const UPI = 'meera.das@okaxis';

interface OrderLine {
  purchase_id: string;
  status: string;
  paidPaise: number;
  refunded: number;
  invoiceUrl: string;
  cod: { state: string; confirmBy: string; collectPaise: number } | null;
  timeline: { event: string; detail: unknown }[];
}
interface Eligibility {
  available: boolean;
  reason: string | null;
  fee: number;
  breakdown: {
    totalMrp: number;
    discount: number;
    coupon: number;
    delivery: number;
    codFee: number;
    amount: number;
  };
}
interface Placed {
  orderId: number;
  purchaseIds: string[];
  amount: number;
  confirmBy: string;
}
interface Refund {
  id: number;
  purchaseId: string | null;
  amount: number;
  status: string;
  method: string;
  destination: unknown;
  reference: string | null;
}

const csv = (text: string) => ({ name: 'file.csv', type: 'text/csv', bytes: Buffer.from(text) });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachDatabase(
  'cash on delivery through the contract, from the owner switching it on to the cash received',
  (t) => {
    const step = storySteps();

    let owner: BackOfficeClient;
    let shopper: ContractClient;
    let startToken = '';
    const product = { kurta: 0, dupatta: 0 };
    let order: Placed;
    let awb = '';
    let lastCode = '';

    const lines = async () => expectStatus(await shopper.get<OrderLine[]>('/api/orders'), 200);
    const line = async (purchaseId: string) => {
      const found = (await lines()).find((l) => l.purchase_id === purchaseId);
      if (!found) throw new Error(`no line ${purchaseId} in GET /api/orders`);
      return found;
    };
    const eligibility = async (query = '') =>
      expectStatus(await shopper.get<Eligibility>(`/api/cod/eligibility${query}`), 200);
    const addToBag = async (productId: number, size: string) =>
      expectStatus(
        await shopper.post(
          `/product/apparel/${productId}`,
          { prodID: productId, size, addCart: 1 },
          'addCart',
        ),
        200,
      );
    /** the newest code the development outbox holds for the phone, once it differs from the last one read */
    const addProduct = (name: string, genre: string, stock: number) =>
      addStoryProduct(
        owner,
        { name, genre, price: PRICE, seller: SELLER.name, partner: PARTNER.code, hsnCode: '5208' },
        [{ size: 'M', stock }],
      );
    const newCode = async () => {
      for (let i = 0; i < 100; i++) {
        const sent = expectStatus(await shopper.get<{ code: string | null }>(`/api/dev/sms/${PHONE}`), 200);
        if (sent.code && sent.code !== lastCode) {
          lastCode = sent.code;
          return sent.code;
        }
        await sleep(100);
      }
      throw new Error('no new code reached the phone');
    };

    step(
      'the owner sets up a seller, a partner collecting cash at one pincode and two products',
      async () => {
        owner = new BackOfficeClient(t().baseUrl, TEST_ADMIN_TOKEN);
        const settings = expectStatus(await owner.get<Record<string, unknown>>('/admin/api/settings'), 200);
        expect(settings).toMatchObject({
          codEnabled: false,
          codFee: 49,
          codMaxOrderValue: 5000,
          codRtoLimit: 2,
        });
        expectStatus(await owner.post('/admin/api/sellers', SELLER), 201);
        expectStatus(await owner.post('/admin/api/partners', PARTNER), 201);
        const list = `pincode,cod\n${HOME_PIN},y\n${NO_CASH_PIN},N\n700001,\n`;
        const path = `/admin/api/partners/${PARTNER.code}/pincodes`;
        const dry = expectStatus(
          await owner.upload<{ codPincodes: number; errors: string[] }>(
            `${path}?mode=dry-run`,
            'file',
            csv(list),
          ),
          200,
        );
        expect(dry).toMatchObject({ codPincodes: 2, errors: [] });
        const wrong = expectStatus(
          await owner.upload<{ errors: string[] }>(
            `${path}?mode=dry-run`,
            'file',
            csv('pincode,cod\n700016,maybe\n'),
          ),
          200,
        );
        expect(wrong.errors).toEqual([expect.stringMatching(/^line 2, column cod: /)]);
        expectStatus(await owner.upload(`${path}?mode=apply`, 'file', csv(list)), 200);
        const partners = expectStatus(
          await owner.get<
            { code: string; codPincodes: number }[] | { partners: { code: string; codPincodes: number }[] }
          >('/admin/api/partners'),
          200,
        );
        const listed = Array.isArray(partners) ? partners : partners.partners;
        expect(listed.find((p) => p.code === PARTNER.code)?.codPincodes).toBe(2);
        product.kurta = await addProduct('Tant kurta', 'Kurta', 1);
        product.dupatta = await addProduct('Tant dupatta', 'Dupatta', 5);
      },
    );

    step('a shopper signs up with one token, saves an address and fills the bag', async () => {
      shopper = await ContractClient.start(t().baseUrl);
      startToken = shopper.csrfToken;
      expectStatus(await shopper.post('/api/otp/send', { phoneNumber: PHONE }), 200);
      const code = await newCode();
      expectStatus(await shopper.post('/api/otp/verify', { phoneNumber: PHONE, code }), 200);
      const record = { phone: PHONE, mail: 'meera.cod@example.com', fname: 'মীরা', lname: 'দাস' };
      expectStatus(await shopper.post('/api/signUp', record, 'login'), 200);
      expectStatus(await shopper.post('/api/login', { phoneNumber: PHONE }), 200);
      const profile = expectStatus(await shopper.get<Record<string, unknown>>('/api/profile'), 200);
      const address = {
        houseNo: '৩',
        roadName: 'লেক রোড',
        areaName: 'Kalighat',
        postOffice: 'Kalighat',
        city: 'Kolkata',
        pin: HOME_PIN,
      };
      expectStatus(await shopper.post('/editProfile', { ...profile, ...address }), 200);
      await addToBag(product.kurta, 'M');
      const page = expectStatus(
        await shopper.get<{ breakdown: Eligibility['breakdown'] }>('/api/purchasePage'),
        200,
      );
      expect(page.breakdown).toMatchObject({ codFee: 0, amount: PRICE });
    });

    step('is told why COD is not offered: off, another pincode, above the cap', async () => {
      const off = await eligibility();
      expect(off).toMatchObject({
        available: false,
        reason: 'Cash on delivery is not available at this shop',
      });
      expectStatus(await owner.put('/admin/api/settings', { codEnabled: true, codMaxOrderValue: 1000 }), 200);
      expect((await eligibility()).reason).toBe('Cash on delivery is not available above ₹1,000');
      expectStatus(await owner.put('/admin/api/settings', { codMaxOrderValue: PRICE }), 200);
      expect((await eligibility(`?pincode=${NO_CASH_PIN}`)).reason).toBe(
        'Cash on delivery is not available to this pincode',
      );
      expectStatus(await shopper.get('/api/cod/eligibility?pincode=abc'), 400);
    });

    step('is offered COD at the cap, with the fee as its own line', async () => {
      const offer = await eligibility();
      expect(offer).toEqual({
        available: true,
        reason: null,
        fee: FEE,
        breakdown: { totalMrp: PRICE, discount: 0, coupon: 0, delivery: 0, codFee: FEE, amount: PRICE + FEE },
      });
    });

    step('places the order with no payment: another amount is refused, the right one placed', async () => {
      const stale = await shopper.post<{ error: string }>('/api/cod/orders', { amount: PRICE * 100 });
      expect(stale.status).toBe(409);
      expectStatus(await shopper.post('/api/cod/orders', { amount: 'x' }), 400);
      order = expectStatus(
        await shopper.post<Placed>('/api/cod/orders', { amount: (PRICE + FEE) * 100 }),
        201,
      );
      expect(order).toMatchObject({ amount: PRICE + FEE, purchaseIds: [expect.any(String)] });
      expect(Date.parse(order.confirmBy)).toBeGreaterThan(Date.now());
      const page = expectStatus(await shopper.get<{ prods: unknown[] }>('/api/purchasePage'), 200);
      expect(page.prods).toEqual([]);
      const placed = await line(order.purchaseIds[0] ?? '');
      expect(placed).toMatchObject({
        status: 'placed',
        paidPaise: PRICE * 100,
        cod: {
          state: 'awaiting_confirmation',
          confirmBy: order.confirmBy,
          collectPaise: (PRICE + FEE) * 100,
        },
      });
    });

    step('the last unit is sold: nobody else can have it', async () => {
      const info = expectStatus(
        await shopper.get<{ productInfo: { stock: number } }>(`/product/ind/apparel/${product.kurta}`),
        200,
      );
      expect(info.productInfo.stock).toBe(0);
    });

    step(
      'the shop cannot ship it before the code; a wrong code is refused, the right one confirms',
      async () => {
        const purchaseId = order.purchaseIds[0] ?? '';
        expectStatus(await owner.post(`/admin/api/orders/${purchaseId}/ship`, {}), 409);
        const code = await newCode();
        const wrong = code === '000000' ? '111111' : '000000';
        expectStatus(await shopper.post(`/api/cod/orders/${order.orderId}/confirm`, { code: wrong }), 401);
        expectStatus(await shopper.post(`/api/cod/orders/${order.orderId}/confirm`, { code: '12' }), 400);
        const confirmed = await shopper.post(`/api/cod/orders/${order.orderId}/confirm`, { code });
        expect(expectStatus(confirmed, 200)).toEqual({ confirmed: true });
        expectStatus(await shopper.post(`/api/cod/orders/${order.orderId}/confirm`, { code }), 409);
        const now = await line(purchaseId);
        expect(now.cod?.state).toBe('to_collect');
        expect(now.timeline.map((e) => e.event)).toEqual(['placed', 'cod_confirmed']);
      },
    );

    step('the courier is booked as COD with the amount to collect, and the label says so', async () => {
      const purchaseId = order.purchaseIds[0] ?? '';
      const booked = expectStatus(
        await owner.post<{ awb: string; labelUrl: string }>(`/admin/api/orders/${purchaseId}/ship`, {}),
        200,
      );
      awb = booked.awb;
      const recorded = expectStatus(await shopper.get(`/api/dev/courier/${awb}`), 200);
      expect(recorded).toMatchObject({ awb, payment_method: 'COD', sub_total: PRICE + FEE });
      const label = await fetch(`${t().baseUrl}${booked.labelUrl}`, {
        headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
      });
      expect(label.status).toBe(200);
      const pdf = await getDocumentProxy(new Uint8Array(await label.arrayBuffer()));
      const { text } = await extractText(pdf, { mergePages: true });
      expect(text).toContain('COD ₹1,549');
    });

    step('delivered: the cash is due from the courier until it remits', async () => {
      expectStatus(await shopper.post(`/api/dev/courier/${awb}`, { status: 'DELIVERED' }), 200);
      const delivered = await line(order.purchaseIds[0] ?? '');
      expect(delivered).toMatchObject({ status: 'delivered', cod: { state: 'cash_due' } });
      expect(delivered.timeline.map((e) => e.event)).toContain('cash_collected');
      const outstanding = expectStatus(
        await owner.get<{ totalPaise: number; orders: { orderId: number; amountPaise: number }[] }>(
          '/admin/api/cod/outstanding',
        ),
        200,
      );
      expect(outstanding.totalPaise).toBe((PRICE + FEE) * 100);
      expect(outstanding.orders).toEqual([
        expect.objectContaining({ orderId: order.orderId, amountPaise: (PRICE + FEE) * 100 }),
      ]);
    });

    step('the remittance file: a dry run, a mismatch listed, the match applied once', async () => {
      const file = `awb,amount,date,reference\n${awb},1549.00,2026-12-07,UTR0001\nNOSUCHAWB,100,2026-12-07,UTR0002\n`;
      const path = '/admin/api/cod/remittances';
      type Report = { matched: unknown[]; mismatched: { awb: string; purchaseId: null }[]; applied: boolean };
      const dry = expectStatus(await owner.upload<Report>(`${path}?mode=dry-run`, 'file', csv(file)), 200);
      expect(dry).toMatchObject({ rows: 2, applied: false, errors: [] });
      expect(dry.matched).toEqual([
        { awb, purchaseId: order.purchaseIds[0], amountPaise: (PRICE + FEE) * 100 },
      ]);
      expect(dry.mismatched).toEqual([
        expect.objectContaining({
          awb: 'NOSUCHAWB',
          purchaseId: null,
          expectedPaise: null,
          remittedPaise: 10000,
        }),
      ]);
      expect((await line(order.purchaseIds[0] ?? '')).cod?.state).toBe('cash_due');
      const applied = expectStatus(await owner.upload<Report>(`${path}?mode=apply`, 'file', csv(file)), 200);
      expect(applied.applied).toBe(true);
      const received = await line(order.purchaseIds[0] ?? '');
      expect(received.cod?.state).toBe('cash_received');
      expect(received.timeline.map((e) => e.event)).toContain('cash_received');
      const again = expectStatus(await owner.upload<Report>(`${path}?mode=apply`, 'file', csv(file)), 200);
      expect(again.matched).toEqual([]);
      const outstanding = expectStatus(
        await owner.get<{ totalPaise: number }>('/admin/api/cod/outstanding'),
        200,
      );
      expect(outstanding.totalPaise).toBe(0);
    });

    step('returns it: the refund goes to a UPI ID, owed until staff pay it with a reference', async () => {
      const purchaseId = order.purchaseIds[0] ?? '';
      const reason = 'The colour is not as shown';
      const missing = await shopper.post<{ fields: Record<string, string> }>('/return', {
        orderID: purchaseId,
        reason,
      });
      expect(missing.status).toBe(400);
      expect(Object.keys(missing.body.fields)).toEqual(['refundTo']);
      const malformed = await shopper.post<{ fields: Record<string, string> }>('/return', {
        orderID: purchaseId,
        reason,
        refundTo: { upiId: 'not a upi id' },
      });
      expect(malformed.status).toBe(400);
      expect(Object.keys(malformed.body.fields)).toEqual(['refundTo.upiId']);
      expect((await line(purchaseId)).status).toBe('delivered');
      expectStatus(
        await shopper.post('/return', { orderID: purchaseId, reason, refundTo: { upiId: UPI } }),
        200,
      );
      expectStatus(await owner.post(`/admin/api/returns/${purchaseId}`, { accept: true }), 200);
      expectStatus(await owner.post(`/admin/api/returns/${purchaseId}/receive`), 200);
      const refunds = expectStatus(await owner.get<{ refunds: Refund[] }>('/admin/api/refunds'), 200);
      const owed = refunds.refunds.find((r) => r.purchaseId === purchaseId);
      expect(owed).toMatchObject({
        amount: PRICE,
        status: 'pending',
        method: 'upi',
        destination: { upiId: UPI },
        reference: null,
      });
      expectStatus(await owner.post(`/admin/api/refunds/${owed?.id}/paid`, {}), 400);
      const paid = expectStatus(
        await owner.post<Refund>(`/admin/api/refunds/${owed?.id}/paid`, { reference: 'UPI-REF-42' }),
        200,
      );
      expect(paid).toMatchObject({ status: 'processed', reference: 'UPI-REF-42' });
      expectStatus(await owner.post(`/admin/api/refunds/${owed?.id}/paid`, { reference: 'again' }), 409);
      const refunded = await line(purchaseId);
      expect(refunded.refunded).toBe(PRICE);
      expect(refunded.timeline).toContainEqual(
        expect.objectContaining({ event: 'refunded', detail: { amount: PRICE } }),
      );
    });

    step(
      'an order left unconfirmed is cancelled by the shop on its own, its unit back on the shelf',
      async () => {
        await addToBag(product.dupatta, 'M');
        const offer = await eligibility();
        expect(offer.available).toBe(true);
        const lapsing = expectStatus(
          await shopper.post<Placed>('/api/cod/orders', { amount: offer.breakdown.amount * 100 }),
          201,
        );
        const stock = async () =>
          expectStatus(
            await shopper.get<{ productInfo: { stock: number } }>(`/product/ind/apparel/${product.dupatta}`),
            200,
          ).productInfo.stock;
        expect(await stock()).toBe(4);
        const due = Date.parse(lapsing.confirmBy);
        // the window is 15 s; the shop cancels within 10 s after it
        while (Date.now() < due + 12_000) {
          if ((await line(lapsing.purchaseIds[0] ?? '')).status === 'cancelled') break;
          await sleep(500);
        }
        const lapsed = await line(lapsing.purchaseIds[0] ?? '');
        expect(lapsed).toMatchObject({ status: 'cancelled', refunded: 0, cod: { state: 'not_collected' } });
        expect(await stock()).toBe(5);
        const code = await newCode();
        const late = await shopper.post(`/api/cod/orders/${lapsing.orderId}/confirm`, { code });
        expect(late.status).toBe(409);
      },
      60_000,
    );

    step('used the one token from startup for every call', async () => {
      expect(shopper.csrfToken).toBe(startToken);
    });
  },
  {
    COURIER_PROVIDER: 'shiprocket',
    SHIPROCKET_EMAIL: 'api-user@example.com',
    SHIPROCKET_PASSWORD: 'api-password',
    COD_CONFIRM_SECONDS: '15',
  },
  { empty: true },
);
