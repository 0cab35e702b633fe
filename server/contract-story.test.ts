import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import { expect } from 'vitest';
import { describeEachDatabase, TEST_ADMIN_TOKEN } from './test/app.ts';
import { type Answer, BackOfficeClient, ContractClient } from './test/contract-client.ts';
import { storySteps } from './test/story.ts';

/*
 * The whole shopper's story, told by a client written from the contract alone (the spec's calls and the
 * decisions), over real HTTP against the started app. One browser: one cookie jar and ONE anti-forgery
 * token, read at startup and used from the first call to the last (decision 009).
 * Each step runs only if every step before it passed, so a failure names its step.
 */

// The app's clock: logging in again needs a new code, and a phone is sent one code per 30 s.
let clockOffsetMs = 0;
const now = () => new Date(Date.now() + clockOffsetMs);

// Answers as the spec and design describe them (only the fields the story reads).
interface HomeItem {
  userSegment: string;
  genre: string;
}
interface ListingCard {
  id: number;
  currentPrice: number;
}
interface Listing {
  prods: ListingCard[];
  noOfEntries: number;
  filterFeature: Record<string, string[]>[];
}
interface ProductPage {
  productInfo: {
    id: number;
    name: string;
    stock: number;
    partner: string;
    active: string;
    currentPrice: number;
    additionsize: Record<string, number>;
  };
  review: { fname: string; lname: string; review: string; rating: number; reviewDP1: string | null }[];
  loggedin: unknown;
}
interface BagLine {
  id: number;
  orderID: number;
  size: string;
  quantity: number;
  currentPrice: number;
  prod: string;
}
interface PurchasePage {
  prods: BagLine[];
  userInfo: Record<string, string>;
}
interface OrderLine {
  name: string;
  prodId: number;
  prod: string;
  purchase_id: string;
  tracking_id: string | null;
  delivered: 'Y' | 'N';
  deliveryEligible: 'Y' | 'N';
  orderStatus: string | null;
  accepted: 'Y' | 'N' | null;
  rating: number | null;
  review: string;
}
interface GatewayOrder {
  id: string;
  amount: number;
  currency: string;
}
/** the simulated gateway's record of a payment (development route), paise */
interface GatewayRecord {
  status: string;
  amount: number;
  refunds: { amount: number }[];
}
interface ReviewPage {
  name: string;
  prod: string;
  rating: number | null;
  photo1: string;
}
interface GatewayPayment {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

/** A product of the demo catalogue with a size of which at least two units can be bought. */
interface Chosen {
  id: number;
  name: string;
  size: string;
  partner: string;
  currentPrice: number;
}

const PROD = 'apparel';
const METRO_PIN = '700001';
const FREE_DELIVERY_ABOVE = 500;
const DELIVERY_CHARGE = 50;

/** the answer's body, once its status is the expected one (the body is shown when it is not) */
function expectStatus<T>(answer: Answer<T>, status: number): T {
  expect(answer.status, `answer body: ${JSON.stringify(answer.body)}`).toBe(status);
  return answer.body;
}

const segment = (value: string) => encodeURIComponent(value);
const NO_FILTERS = encodeURIComponent('{}');

/** One in-stock product from each of the first listings of the home page's segments and genres. */
async function chooseProducts(client: ContractClient, count: number): Promise<Chosen[]> {
  const home = expectStatus(await client.get<HomeItem[]>('/home'), 200);
  expect(home.length).toBeGreaterThan(0);
  const chosen: Chosen[] = [];
  for (const { userSegment, genre } of home) {
    const path = `/api/item/${segment(userSegment)}/${segment(genre)}/${NO_FILTERS}`;
    const listing = expectStatus(await client.post<Listing>(path, { page: 1, sort: 0 }), 200);
    expect(listing.noOfEntries).toBeGreaterThanOrEqual(listing.prods.length);
    expect(Array.isArray(listing.filterFeature)).toBe(true);
    const product = await firstBuyable(client, listing.prods);
    if (product) chosen.push(product);
    if (chosen.length === count) return chosen;
  }
  throw new Error(`the demo catalogue has fewer than ${count} listings with a buyable product`);
}

async function firstBuyable(client: ContractClient, cards: ListingCard[]): Promise<Chosen | undefined> {
  for (const card of cards.slice(0, 5)) {
    const page = expectStatus(await client.get<ProductPage>(`/product/ind/${PROD}/${card.id}`), 200);
    const info = page.productInfo;
    expect(info.id).toBe(card.id);
    // the detail price equals the listing price
    expect(info.currentPrice).toBe(card.currentPrice);
    const size = Object.entries(info.additionsize).find(([, units]) => units >= 2)?.[0];
    if (info.active === 'In stock' && info.stock > 0 && size) {
      return { id: info.id, name: info.name, size, partner: info.partner, currentPrice: info.currentPrice };
    }
  }
  return undefined;
}

/** Spec section 9: the amount after discount, plus 50 unless it is above 500 (rupees). */
function amountToPay(lines: BagLine[]): number {
  const afterDiscount = lines.reduce((sum, line) => sum + line.currentPrice * line.quantity, 0);
  return afterDiscount + (afterDiscount > FREE_DELIVERY_ABOVE ? 0 : DELIVERY_CHARGE);
}

/** Asks for a code, reads it from the development outbox and confirms it (the server checks the code). */
async function verifyPhone(client: ContractClient, phone: string): Promise<void> {
  const sent = expectStatus(await client.post('/api/otp/send', { phoneNumber: phone }), 200);
  expect(sent).toEqual({ sent: true, resendAfter: 30 });
  const outbox = expectStatus(await client.get<{ code: string }>(`/api/dev/sms/${phone}`), 200);
  expect(outbox.code).toMatch(/^[0-9]{6}$/);
  const verified = await client.post('/api/otp/verify', { phoneNumber: phone, code: outbox.code });
  expect(expectStatus(verified, 200)).toEqual({ verified: true });
}

/** the bag's lines, once there are `count` of them */
async function bagLines(client: ContractClient, count: number): Promise<BagLine[]> {
  const page = expectStatus(await client.get<PurchasePage>('/api/purchasePage'), 200);
  expect(page.prods).toHaveLength(count);
  for (const l of page.prods) expect(l.prod).toBe(PROD);
  return page.prods;
}

async function wishlist(client: ContractClient): Promise<{ productId: number }[]> {
  const page = expectStatus(await client.get<{ prods: { productId: number }[] }>('/api/wishlistPage'), 200);
  return page.prods;
}

async function gatewayRecord(client: ContractClient, paymentId: string): Promise<GatewayRecord> {
  return expectStatus(await client.get<GatewayRecord>(`/api/dev/payments/${paymentId}`), 200);
}

async function orders(client: ContractClient): Promise<OrderLine[]> {
  const lines = expectStatus(await client.get<OrderLine[]>('/api/orders'), 200);
  expect(Array.isArray(lines)).toBe(true);
  return lines;
}

function lineOf(lines: OrderLine[], purchaseId: string): OrderLine {
  const line = lines.find((l) => l.purchase_id === purchaseId);
  if (!line) throw new Error(`order line ${purchaseId} is missing from GET /api/orders`);
  return line;
}

/** a small real photo, as a phone camera would give (JPEG) */
const photo = () =>
  sharp({ create: { width: 48, height: 32, channels: 3, background: { r: 190, g: 70, b: 40 } } })
    .jpeg()
    .toBuffer();

describeEachDatabase(
  "the shopper's story through the contract",
  (t) => {
    const step = storySteps();

    const phone = `9${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
    const mail = `story.${phone}.${Date.now()}@example.in`;
    const profile = {
      fname: 'Asha',
      lname: 'Rao',
      gender: 'F',
      mailID: mail,
      phoneNo: phone,
      houseNo: '12B',
      roadName: 'Park Street',
      areaName: 'Park Circus',
      postOffice: 'Park Street',
      city: 'Kolkata',
      pin: METRO_PIN,
      altPhoneNumber: '9830012345',
    };
    let client: ContractClient;
    let startToken = '';
    let products: Chosen[] = [];
    let gatewayOrderId = '';
    let paymentId = '';
    let amountPaise = 0;
    /** purchase ids: `cancelled` by the shopper, `returned` after delivery, `kept` as placed */
    const line = { cancelled: '', returned: '', kept: '' };
    /** sign-up's key=phone / key=mail checks: whether that phone or mail is taken */
    const registered = async (body: object, key: 'phone' | 'mail') =>
      expectStatus(await client.post('/api/signUp', body, key), 200);

    step('starts like the web app: GET /api/check once, then browses as a visitor', async () => {
      client = await ContractClient.start(t().baseUrl);
      startToken = client.csrfToken;
      expect(startToken).not.toBe('');
      products = await chooseProducts(client, 3);
      expect(new Set(products.map((p) => p.id)).size).toBe(3);
    });

    step('signs up with a verified phone: key=phone, OTP, key=mail, key=login', async () => {
      expect(await registered({ phoneNumber: phone }, 'phone')).toBe(false);
      await verifyPhone(client, phone);
      expect(await registered({ mailId: mail }, 'mail')).toBe(false);
      const record = { phone, mail, fname: profile.fname, lname: profile.lname };
      expectStatus(await client.post('/api/signUp', record, 'login'), 200);
    });

    step('logs in with the same phone in the same session: 200 {fname}', async () => {
      const login = await client.post<{ fname: string }>('/api/login', { phoneNumber: phone });
      expect(expectStatus(login, 200).fname).toBe(profile.fname);
      expectStatus(await client.get('/loginCheck'), 200);
      // the account exists: its phone and mail are now taken
      expect(await registered({ phoneNumber: phone }, 'phone')).toBe(true);
      expect(await registered({ mailId: mail }, 'mail')).toBe(true);
    });

    step('reads the profile and saves a full address with /editProfile', async () => {
      const before = expectStatus(await client.get<Record<string, string>>('/api/profile'), 200);
      expect(before).toMatchObject({ fname: 'Asha', lname: 'Rao', mailID: mail, phoneNo: phone });
      expectStatus(await client.post('/editProfile', profile), 200);
      const after = expectStatus(await client.get<Record<string, string>>('/api/profile'), 200);
      expect(after).toMatchObject(profile);
    });

    step('wishes a product, sees it in the wishlist, removes it', async () => {
      const [wished] = products as [Chosen];
      const wish = { prodID: wished.id, size: wished.size, wished: true };
      const state = await client.post(`/product/${PROD}/${wished.id}`, wish, 'wishUpdate');
      expect(expectStatus(state, 200)).toBe(true);
      const item = { productId: wished.id, prod: PROD, size: wished.size };
      expect(await wishlist(client)).toContainEqual(expect.objectContaining(item));
      const unwish = { size: wished.size };
      expectStatus(await client.post(`/api/wishlistPage/${PROD}/${wished.id}`, unwish, 'removeWish'), 200);
      expect((await wishlist(client)).map((p) => p.productId)).not.toContain(wished.id);
    });

    step("checks the metro pincode with each product's delivery partner", async () => {
      for (const product of products) {
        const check = await client.post('/api/pincheck', { pincode: METRO_PIN, partner: product.partner });
        expect(expectStatus(check, 200)).toBe(true);
      }
    });

    step('fills the cart: three products, one twice, then key=deleteItem takes a unit off', async () => {
      for (const [i, product] of products.entries()) {
        const add = { prodID: product.id, size: product.size, addCart: 1 };
        const units = i === 0 ? 2 : 1;
        for (let unit = 1; unit <= units; unit++) {
          const answer = await client.post(`/product/${PROD}/${product.id}`, add, 'addCart');
          expect(expectStatus(answer, 200)).toEqual({ cartInd: unit });
        }
      }
      const bag = await bagLines(client, 3);
      const first = bag.find((l) => l.id === products[0]?.id);
      expect(first?.quantity).toBe(2);
      const take = { cartId: first?.orderID, size: first?.size };
      expectStatus(await client.post(`/api/${PROD}/purchasePage`, take, 'deleteItem'), 200);
      const after = await bagLines(client, 3);
      expect(after.map((l) => l.quantity)).toEqual([1, 1, 1]);
    });

    step('pays: /create-order for the amount to pay, the simulated gateway, /verify-payment', async () => {
      const bag = await bagLines(client, 3);
      amountPaise = amountToPay(bag) * 100;
      const body = { amount: amountPaise, currency: 'INR', receipt: 'haat-story', notes: {} };
      const order = expectStatus(await client.post<GatewayOrder>('/create-order', body), 200);
      expect(order).toMatchObject({ amount: amountPaise, currency: 'INR' });
      expect(order.id).toMatch(/^order_/);
      gatewayOrderId = order.id;
      const pay = { orderId: order.id, outcome: 'success' };
      const payment = expectStatus(await client.post<GatewayPayment>('/api/dev/pay', pay), 200);
      expect(payment.razorpay_order_id).toBe(order.id);
      paymentId = payment.razorpay_payment_id;
      const verified = expectStatus(await client.post('/verify-payment', payment), 200);
      expect(verified).toEqual({ status: 'ok', paymentId });
    });

    step('places the order with key=checkOut; the cart is empty and three lines are ordered', async () => {
      const { prods, userInfo } = expectStatus(await client.get<PurchasePage>('/api/purchasePage'), 200);
      expect(userInfo).toMatchObject({ fname: 'Asha', pin: METRO_PIN, phoneNo: phone, mailID: mail });
      const body = { prods, userInfo, orderId: gatewayOrderId, razorpay_payment_id: paymentId };
      expect(expectStatus(await client.post('/api/purchasePage', body, 'checkOut'), 200)).toEqual({});
      await bagLines(client, 0);
      const lines = await orders(client);
      expect(lines.map((l) => l.prodId).sort()).toEqual(products.map((p) => p.id).sort());
      const placed = { prod: PROD, tracking_id: null, delivered: 'N', deliveryEligible: 'N' };
      for (const ordered of lines) expect(ordered).toMatchObject(placed);
      const purchaseOf = (product: Chosen | undefined) =>
        lines.find((l) => l.prodId === product?.id)?.purchase_id ?? '';
      line.cancelled = purchaseOf(products[0]);
      line.returned = purchaseOf(products[1]);
      line.kept = purchaseOf(products[2]);
      expect((await gatewayRecord(client, paymentId)).amount).toBe(amountPaise);
    });

    step('cancels one line: refunded in full within 24 hours, and it cannot be cancelled twice', async () => {
      expectStatus(await client.post('/cancel', { orderID: line.cancelled }), 200);
      const unitPaise = (products[0]?.currentPrice ?? 0) * 100;
      expect((await gatewayRecord(client, paymentId)).refunds).toEqual([{ amount: unitPaise }]);
      expectStatus(await client.post('/cancel', { orderID: line.cancelled }), 409);
    });

    step('the back office ships and delivers another line (bearer token, no CSRF)', async () => {
      const office = new BackOfficeClient(t().baseUrl, TEST_ADMIN_TOKEN);
      const trackingId = `DLV${phone}`;
      expectStatus(await office.post(`/admin/api/orders/${line.returned}/ship`, { trackingId }), 200);
      expectStatus(await office.post(`/admin/api/orders/${line.returned}/deliver`), 200);
      const delivered = lineOf(await orders(client), line.returned);
      expect(delivered).toMatchObject({ tracking_id: trackingId, delivered: 'Y', deliveryEligible: 'Y' });
      expect(lineOf(await orders(client), line.kept)).toMatchObject({ tracking_id: null, delivered: 'N' });
    });

    step('asks to return the delivered line with a reason', async () => {
      const reason = 'The colour is not as shown';
      expectStatus(await client.post('/return', { orderID: line.returned, reason }), 200);
      const asked = lineOf(await orders(client), line.returned);
      const requested = { orderStatus: 'N', accepted: null, delivered: 'Y', deliveryEligible: 'N' };
      expect(asked).toMatchObject(requested);
    });

    step('rates the delivered product from the orders screen', async () => {
      const rated = products[1] as Chosen;
      const body = { productId: rated.id, rating: 4, review: 'Fits well', prod: PROD };
      expectStatus(await client.post('/orders/rate', body), 200);
      expect(lineOf(await orders(client), line.returned)).toMatchObject({ rating: 4, review: 'Fits well' });
    });

    step('uploads a review photo, posts the review and finds both on the product page', async () => {
      const reviewed = products[1] as Chosen;
      const file = { name: 'kurti.jpg', type: 'image/jpeg', bytes: await photo() };
      expectStatus(await client.upload(`/upload/${PROD}/${reviewed.id}`, 'file', file), 200);
      const review = { userReview: 'Lovely fabric, true to size', userRating: 5, prod: PROD };
      expectStatus(await client.post(`/api/review/${reviewed.id}`, review), 200);
      const page = expectStatus(await client.get<ReviewPage>(`/api/review/${reviewed.id}`), 200);
      expect(page).toMatchObject({ name: reviewed.name, prod: PROD, rating: 5, photo1: expect.any(String) });
      const product = expectStatus(await client.get<ProductPage>(`/product/ind/${PROD}/${reviewed.id}`), 200);
      const mine = product.review.find((r) => r.review === review.userReview);
      expect(mine).toMatchObject({ fname: 'Asha', lname: 'Rao', rating: 5, reviewDP1: expect.any(String) });
    });

    step('signs out: the session is gone, the token is not', async () => {
      expectStatus(await client.get('/api/userSignout'), 200);
      expect((await client.get('/loginCheck')).status).not.toBe(200);
      expectStatus(await client.get('/api/orders'), 403);
    });

    step('logs in again with a new code and reads the same orders', async () => {
      clockOffsetMs += 31_000; // past the 30 s resend throttle of the code sent at sign-up
      await verifyPhone(client, phone);
      const login = await client.post<{ fname: string }>('/api/login', { phoneNumber: phone });
      expect(expectStatus(login, 200).fname).toBe('Asha');
      const lines = await orders(client);
      expect(lines.map((l) => l.purchase_id).sort()).toEqual(Object.values(line).sort());
    });

    step('used the one token from startup for every call, and never asked for another', async () => {
      expect(client.csrfToken).toBe(startToken);
      await expect(client.get('/api/check')).rejects.toThrow(/called once at startup/);
    });
  },
  {},
  { now },
);
