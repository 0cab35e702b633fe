import { beforeAll, describe, expect, it } from 'vitest';
import type {
  AppliedCoupon,
  BagCouponsResponse,
  Coupon,
  CouponBody,
  OfferReportResponse,
} from '../../../contract/coupons.ts';
import { COUPON_APPLIES_PER_HOUR } from '../../../contract/offers-constants.ts';
import type { PurchasePageResponse } from '../../../contract/shopping.ts';
import { describeEachDatabase, TEST_ADMIN_TOKEN } from '../../test/app.ts';
import { type FixtureProduct, Fixtures } from '../../test/fixtures.ts';
import { TestClient } from '../../test/http.ts';
import { uniquePhone, verifyPhone } from '../../test/shopper.ts';
import { staffPerson, staffSignedIn } from '../../test/staff.ts';

const BEARER = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
const HOUR = 3600 * 1000;

type Answer = { error: string; fields: Record<string, string> };

describeEachDatabase('coupons: the back office and the bag', (t) => {
  let admin: TestClient;
  let fixtures: Fixtures;
  let kurta: FixtureProduct;
  let saree: FixtureProduct;
  let n = 0;
  const run = Math.random().toString(36).slice(2, 7).toUpperCase();
  /** a code no other test uses */
  const code = (prefix = 'C') => `${prefix}${run}${++n}`;

  const body = (over: Partial<CouponBody> = {}): CouponBody => ({
    code: code(),
    title: 'Flat ₹200 off',
    kind: 'flat',
    value: 200,
    scope: { productIds: [kurta.id] },
    startsAt: new Date(Date.now() - HOUR).toISOString(),
    endsAt: new Date(Date.now() + 24 * HOUR).toISOString(),
    ...over,
  });
  const create = (over: Partial<CouponBody> = {}) =>
    admin.post<Coupon & Answer>('/admin/api/coupons', body(over), BEARER);
  const couponCount = async () =>
    Number(
      (
        await t()
          .db.selectFrom('coupons')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** a logged-in shopper with `units` of the kurta (₹1,000, MRP ₹2,000) in the bag */
  const shopper = async (units: number) => {
    const client = await t().client();
    const customerId = await fixtures.customer();
    await fixtures.logIn(client, customerId);
    if (units > 0) await fixtures.bagLine(customerId, kurta.skus.M ?? 0, units);
    return { client, customerId };
  };
  const bagOf = (customerId: number, units: number) =>
    t().db.updateTable('cart_lines').set({ quantity: units }).where('customer_id', '=', customerId).execute();
  const page = async (client: TestClient) =>
    (await client.get<PurchasePageResponse>('/api/purchasePage')).body;
  const listed = async (client: TestClient, codes: string[]) =>
    (await client.get<BagCouponsResponse>('/api/coupons')).body.filter((c) => codes.includes(c.code));

  beforeAll(async () => {
    admin = new TestClient(t().baseUrl);
    fixtures = new Fixtures(t().db);
    kurta = await fixtures.product({ pricePaise: 100_000, oldPricePaise: 200_000, sizes: [['M', 50]] });
    saree = await fixtures.product();
  });

  describe('the back office', () => {
    it('creates, lists, edits and switches off a coupon, each change in Activity', async () => {
      const made = await create({ code: code('Flat'), minBag: 1499, totalUses: 100 });
      expect(made.status).toBe(201);
      expect(made.body).toMatchObject({
        kind: 'flat',
        value: 200,
        maxDiscount: null,
        minBag: 1499,
        totalUses: 100,
        perShopper: 1,
        firstOrderOnly: false,
        onSalePrices: true,
        uses: 0,
        state: 'live',
      });
      const id = made.body.id;
      const list = await admin.get<Coupon[]>('/admin/api/coupons', BEARER);
      expect(list.body.find((c) => c.id === id)?.code).toBe(made.body.code);

      const edited = await admin.put<Coupon>(
        `/admin/api/coupons/${id}`,
        body({ code: made.body.code, kind: 'percent', value: 20, maxDiscount: 300, title: 'Twenty off' }),
        BEARER,
      );
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({
        kind: 'percent',
        value: 20,
        maxDiscount: 300,
        title: 'Twenty off',
      });

      const off = await admin.post<Coupon>(`/admin/api/coupons/${id}/disable`, undefined, BEARER);
      expect(off.body.state).toBe('disabled');
      const audit = await t()
        .db.selectFrom('audit_log')
        .select(['actor', 'action'])
        .where('subject', '=', `coupon:${id}`)
        .orderBy('id')
        .execute();
      expect(audit).toEqual([
        { actor: 'admin', action: 'coupon.create' },
        { actor: 'admin', action: 'coupon.update' },
        { actor: 'admin', action: 'coupon.disable' },
      ]);
      expect((await admin.put(`/admin/api/coupons/999999`, body(), BEARER)).status).toBe(404);
    });

    it('refuses bad input with 400 {error, fields} and saves nothing', async () => {
      const taken = (await create()).body.code;
      const before = await couponCount();
      const refusals: [Partial<CouponBody>, string][] = [
        [{ code: taken.toLowerCase() }, 'code'],
        [{ kind: 'percent', value: 91 }, 'value'],
        [{ endsAt: new Date(Date.now() - 2 * HOUR).toISOString() }, 'endsAt'],
        [{ maxDiscount: -1 }, 'maxDiscount'],
        [{ scope: { productIds: [kurta.id, 2_000_000_000] } }, 'scope.productIds'],
        [{ scope: { genres: [{ userSegment: 'Testwear', genre: 'Nosuchgenre' }] } }, 'scope.genres'],
        [{ scope: { segments: ['Nosuchsegment'] } }, 'scope.segments'],
        [{ scope: { sellers: ['Nobody At All'] } }, 'scope.sellers'],
        [{ scope: {} }, 'scope'],
        [{ code: 'no' }, 'code'],
      ];
      for (const [over, field] of refusals) {
        const res = await create(over);
        expect([res.status, Object.keys(res.body.fields ?? {})], JSON.stringify(over)).toEqual([
          400,
          [field],
        ]);
      }
      expect(await couponCount()).toBe(before);
      // a code taken by another coupon cannot be moved onto it either
      const other = (await create()).body;
      const moved = await admin.put<Answer>(
        `/admin/api/coupons/${other.id}`,
        body({ code: taken.toUpperCase() }),
        BEARER,
      );
      expect([moved.status, moved.body.fields]).toEqual([
        400,
        { code: `Another coupon has the code ${taken}` },
      ]);
    });

    it('lets staff manage coupons with the CSRF token, and turns away a write without it', async () => {
      const staff = await staffSignedIn(t(), (await staffPerson(t(), 'staff')).phone);
      const made = await staff.post<Coupon>('/admin/api/coupons', body());
      expect(made.status).toBe(201);
      const token = staff.csrfToken;
      staff.csrfToken = undefined;
      expect((await staff.post(`/admin/api/coupons/${made.body.id}/disable`)).status).toBe(403);
      staff.csrfToken = token;
      expect((await staff.get('/admin/api/offers/report')).status).toBe(200);
      const visitor = await t().client();
      expect((await visitor.get('/admin/api/coupons')).status).toBe(401);
    });
  });

  describe('the bag', () => {
    it('lists the live coupons for the bag, those that fit first and the best first, with reasons', async () => {
      const flat = (await create({ value: 200 })).body.code;
      const percent = (await create({ kind: 'percent', value: 30 })).body.code;
      const big = (await create({ value: 500, minBag: 3000 })).body.code;
      const usedUp = (await create({ totalUses: 2 })).body;
      await t().db.updateTable('coupons').set({ used: 2 }).where('id', '=', usedUp.id).execute();
      const first = (await create({ firstOrderOnly: true })).body.code;
      const elsewhere = (await create({ scope: { productIds: [saree.id] } })).body.code;
      const later = (await create({ startsAt: new Date(Date.now() + HOUR).toISOString() })).body.code;

      const { client, customerId } = await shopper(2);
      await fixtures.order(customerId, [{ product: kurta }]);
      expect(await listed(client, [flat, percent, big, usedUp.code, first, elsewhere, later])).toEqual([
        { code: percent, title: 'Flat ₹200 off', saving: 600, applicable: true, reason: null },
        { code: flat, title: 'Flat ₹200 off', saving: 200, applicable: true, reason: null },
        {
          code: big,
          title: 'Flat ₹200 off',
          saving: 0,
          applicable: false,
          reason: `Add ₹1,000 more to use ${big}`,
        },
        ...[
          { code: elsewhere, reason: `Nothing in your bag is covered by ${elsewhere}` },
          { code: first, reason: 'This code is for your first order' },
          { code: usedUp.code, reason: 'This code has been used up' },
        ]
          .sort((a, b) => a.code.localeCompare(b.code))
          .map((c) => ({ ...c, title: 'Flat ₹200 off', saving: 0, applicable: false })),
      ]);
    });

    it('applies a code in any case, shows it in the breakdown, drops it when it no longer fits, removes it', async () => {
      const flat = (await create({ value: 200, minBag: 1499 })).body.code;
      const { client, customerId } = await shopper(1);
      const short = await client.post<Answer>('/api/coupons/apply', { code: flat.toLowerCase() });
      expect([short.status, short.body.error]).toEqual([409, `Add ₹499 more to use ${flat}`]);
      expect((await client.post<Answer>('/api/coupons/apply', { code: 'NOSUCHCODE1' })).status).toBe(404);

      await bagOf(customerId, 2);
      const applied = await client.post<AppliedCoupon>('/api/coupons/apply', { code: flat.toLowerCase() });
      expect([applied.status, applied.body]).toEqual([200, { code: flat, saving: 200 }]);
      const bag = await page(client);
      expect(bag.coupon).toEqual({ code: flat, title: 'Flat ₹200 off', saving: 200 });
      expect(bag.breakdown).toEqual({
        totalMrp: 4000,
        discount: -2000,
        coupon: -200,
        delivery: 0,
        amount: 1800,
        codFee: 0,
      });
      const { totalMrp, discount, coupon, delivery, amount } = bag.breakdown;
      expect(totalMrp + discount + coupon + delivery).toBe(amount);
      expect(bag.priceDetails.amountToPay).toBe(1800);

      // one unit out: under the minimum, the code stays on the bag but takes nothing off, with no error
      await bagOf(customerId, 1);
      const smaller = await client.get<PurchasePageResponse>('/api/purchasePage');
      expect(smaller.status).toBe(200);
      expect(smaller.body.coupon).toBeNull();
      expect(smaller.body.breakdown).toMatchObject({
        coupon: 0,
        amount: smaller.body.priceDetails.amountToPay,
      });

      await bagOf(customerId, 2);
      expect((await page(client)).coupon?.code).toBe(flat);
      expect((await client.request('DELETE', '/api/coupons/apply')).status).toBe(200);
      expect((await page(client)).coupon).toBeNull();
    });

    it('lets a visitor apply a code to their bag, and refuses one switched off or ended with a sentence', async () => {
      const off = (await create()).body;
      await admin.post(`/admin/api/coupons/${off.id}/disable`, undefined, BEARER);
      const visitor = await t().client();
      const disabled = await visitor.post<Answer>('/api/coupons/apply', { code: off.code });
      expect([disabled.status, disabled.body.error]).toEqual([409, `${off.code} is no longer available`]);
      const empty = await visitor.post<Answer>('/api/coupons/apply', { code: (await create()).body.code });
      expect(empty.status).toBe(409);
      expect((await visitor.get('/api/coupons')).status).toBe(200);
    });

    it('keeps a visitor’s code on their bag when they log in', async () => {
      const flat = (await create()).body.code;
      const visitor = await t().client();
      expect(
        (
          await visitor.post(
            `/product/apparel/${kurta.id}`,
            { prodID: kurta.id, size: 'M', addCart: 1 },
            { key: 'addCart' },
          )
        ).status,
      ).toBe(200);
      expect((await visitor.post('/api/coupons/apply', { code: flat })).status).toBe(200);
      const customerId = await fixtures.customer();
      const phone = uniquePhone();
      await t().db.updateTable('customers').set({ phone }).where('id', '=', customerId).execute();
      await verifyPhone(visitor, phone);
      expect((await visitor.post('/api/login', { phoneNumber: phone })).status).toBe(200);
      expect((await page(visitor)).coupon).toEqual({ code: flat, title: 'Flat ₹200 off', saving: 200 });
    });

    it(`answers 429 after ${COUPON_APPLIES_PER_HOUR} tries from one browser in an hour`, async () => {
      const { client } = await shopper(1);
      for (let i = 0; i < COUPON_APPLIES_PER_HOUR; i++) {
        expect((await client.post('/api/coupons/apply', { code: `GUESS${run}${i}` })).status).toBe(404);
      }
      const held = await client.post<Answer>('/api/coupons/apply', { code: (await create()).body.code });
      expect(held.status).toBe(429);
      // another browser is not held back
      const { client: other } = await shopper(1);
      expect((await other.post('/api/coupons/apply', { code: `GUESS${run}X` })).status).toBe(404);
    });

    it('reports each coupon with its state', async () => {
      const made = (await create()).body;
      const report = await admin.get<OfferReportResponse>('/admin/api/offers/report', BEARER);
      expect(report.body.find((line) => line.kind === 'coupon' && line.id === made.id)).toEqual({
        kind: 'coupon',
        id: made.id,
        title: made.title,
        code: made.code,
        state: 'live',
        uses: 0,
        discountGiven: 0,
        salesValue: 0,
      });
    });
  });
});
