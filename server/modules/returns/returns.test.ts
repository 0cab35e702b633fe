import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminReturnsResponse,
  DashboardResponse,
  GenreReturnable,
  GenresReturnableResponse,
} from '../../../contract/admin.ts';
import type { ProductResponse } from '../../../contract/catalogue.ts';
import {
  NOT_RETURNABLE_TEXT,
  OTHER_REASON_TITLE,
  PHOTO_REASONS,
  RETURN_REASON_CODES,
  RETURN_REASONS,
  type ReturnReasonCode,
} from '../../../contract/fit-returns-constants.ts';
import type { OrdersResponse } from '../../../contract/orders.ts';
import type { UploadResponse } from '../../../contract/reviews.ts';
import { describeEachDatabase, TEST_ADMIN_TOKEN, type TestApp } from '../../test/app.ts';
import { type FixtureProduct, Fixtures } from '../../test/fixtures.ts';
import { TestClient } from '../../test/http.ts';
import { staffPerson, staffSignedIn } from '../../test/staff.ts';
import { PHOTO_REQUIRED, UNKNOWN_PHOTO } from '../orders/service.ts';

type Answer<T> = T & { error?: string };

const BEARER = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
const DAY = 86_400_000;

/** The back office as automation reads it: the token alone. */
function automation(t: TestApp) {
  const client = new TestClient(t.baseUrl);
  return <T>(path: string) => client.get<Answer<T>>(path, BEARER);
}

async function photoForm(): Promise<FormData> {
  const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#a33' } })
    .png()
    .toBuffer();
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'torn.png');
  return body;
}

describeEachDatabase('returns: reasons, photos, genres not returnable, the queue and the rates', (t) => {
  let fixtures: Fixtures;
  let kurta: FixtureProduct;
  let vest: FixtureProduct;
  let admin: ReturnType<typeof automation>;
  // genres of this suite alone, so the dashboard's figures for them are exact
  const run = randomInt(100_000, 999_999);
  const kurtas = { userSegment: 'Returnwear', genre: `Kurtas${run}` };
  const innerwear = { userSegment: 'Returnwear', genre: `Innerwear${run}` };

  beforeAll(async () => {
    fixtures = new Fixtures(t().db);
    kurta = await fixtures.product({ name: 'Return kurta', ...kurtas, sizes: [['M', 50]] });
    vest = await fixtures.product({
      name: 'Return vest',
      ...innerwear,
      sizes: [
        ['M', 50],
        ['L', 50],
      ],
    });
    admin = automation(t());
  });

  /** a logged-in shopper with one line of `product`, delivered `deliveredAt` (now by default) */
  async function delivered(product = kurta, deliveredAt?: Date) {
    const client = await t().client();
    const customerId = await fixtures.customer({ fname: 'Lata', lname: 'Iyer' });
    await fixtures.logIn(client, customerId);
    const order = await fixtures.order(customerId, [{ product, status: 'delivered', deliveredAt }]);
    return { client, customerId, purchaseId: order.purchaseIds[0] ?? '' };
  }

  const ask = (client: TestClient, body: Record<string, unknown>) =>
    client.post<Answer<object>>('/return', body);
  const upload = async (client: TestClient, product = kurta) => {
    const res = await client.post<UploadResponse>(`/upload/apparel/${product.id}`, await photoForm());
    expect(res.status).toBe(200);
    return res.body.file;
  };
  const lineOf = async (client: TestClient, purchaseId: string) =>
    (await client.get<OrdersResponse>('/api/orders')).body.find((line) => line.purchase_id === purchaseId);
  const returnRow = (purchaseId: string) =>
    t()
      .db.selectFrom('returns')
      .innerJoin('order_lines', 'order_lines.id', 'returns.order_line_id')
      .select(['returns.reason', 'returns.reason_code', 'returns.comment', 'returns.photo'])
      .where('order_lines.purchase_id', '=', purchaseId)
      .executeTakeFirst();
  const queue = async (query = '') => {
    const res = await admin<AdminReturnsResponse>(`/admin/api/returns?state=all${query}`);
    expect(res.status).toBe(200);
    return res.body.returns;
  };
  const queued = async (purchaseId: string, query = '') =>
    (await queue(query)).find((item) => item.line.purchaseId === purchaseId);

  describe('POST /return with a reason', () => {
    it('takes each reason code, with a comment, and the queue shows its title', async () => {
      for (const code of RETURN_REASON_CODES) {
        const { client, purchaseId } = await delivered();
        const photo = PHOTO_REASONS.includes(code) ? await upload(client) : undefined;
        const res = await ask(client, {
          orderID: purchaseId,
          reasonCode: code,
          comment: ' कंधे पर तंग ',
          photo,
        });
        expect([code, res.status]).toEqual([code, 200]);
        expect(await returnRow(purchaseId)).toEqual({
          reason: '',
          reason_code: code,
          comment: 'कंधे पर तंग',
          photo: photo ?? null,
        });
        expect(await queued(purchaseId)).toMatchObject({
          reason: '',
          reasonCode: code,
          reasonTitle: RETURN_REASONS[code],
          comment: 'कंधे पर तंग',
          photo: photo ? `/reviewimages/${photo}` : null,
        });
      }
    });

    it("keeps the spec's reason alone as Other, with its text", async () => {
      const { client, purchaseId } = await delivered();
      expect((await ask(client, { orderID: purchaseId, reason: ' Stitching came apart ' })).status).toBe(200);
      expect(await returnRow(purchaseId)).toEqual({
        reason: 'Stitching came apart',
        reason_code: null,
        comment: '',
        photo: null,
      });
      expect(await queued(purchaseId)).toMatchObject({
        reason: 'Stitching came apart',
        reasonCode: null,
        reasonTitle: OTHER_REASON_TITLE,
      });
    });

    it('moves the uploaded photo from the review to the return, and serves it', async () => {
      const { client, customerId, purchaseId } = await delivered();
      const photo = await upload(client);
      const res = await ask(client, { orderID: purchaseId, reasonCode: 'defective', photo });
      expect(res.status).toBe(200);
      const review = await t()
        .db.selectFrom('reviews')
        .select('photo')
        .where('customer_id', '=', customerId)
        .where('product_id', '=', kurta.id)
        .executeTakeFirstOrThrow();
      expect(review.photo).toBeNull();
      const image = await (await t().client()).get(`/reviewimages/${photo}`);
      expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/webp']);
    });

    it.each([
      ['a defective item without a photo', { reasonCode: 'defective' }, PHOTO_REQUIRED],
      ['a wrong item with a blank photo', { reasonCode: 'wrong_item', photo: ' ' }, PHOTO_REQUIRED],
      ['a photo never uploaded', { reasonCode: 'defective', photo: 'rv-1-made-up.webp' }, UNKNOWN_PHOTO],
      ['an unknown code', { reasonCode: 'too_loud' }, /^reasonCode must be one of "too_small"/],
      ['a comment over 1,000 characters', { reasonCode: 'quality', comment: 'x'.repeat(1001) }, /^comment /],
      ['no code and no reason', { comment: 'Too tight' }, 'reason is required'],
    ])('refuses %s with 400 and changes nothing', async (_case, body, message) => {
      const { client, purchaseId } = await delivered();
      const res = await ask(client, { orderID: purchaseId, ...body });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(message);
      expect(await lineOf(client, purchaseId)).toMatchObject({ status: 'delivered', deliveryEligible: 'Y' });
      expect(await returnRow(purchaseId)).toBeUndefined();
    });

    it("refuses another shopper's photo", async () => {
      const other = await delivered();
      const photo = await upload(other.client);
      const { client, purchaseId } = await delivered();
      const res = await ask(client, { orderID: purchaseId, reasonCode: 'wrong_item', photo });
      expect([res.status, res.body.error]).toEqual([400, UNKNOWN_PHOTO]);
      expect(await lineOf(client, purchaseId)).toMatchObject({ status: 'delivered' });
    });
  });

  describe('genres not returnable', () => {
    const setGenre = (client: TestClient, returnable: boolean) =>
      client.put<Answer<GenreReturnable>>('/admin/api/genres/returnable', { ...innerwear, returnable });
    const productInfo = async () =>
      (await (await t().client()).get<ProductResponse>(`/product/ind/apparel/${vest.id}`)).body.productInfo;

    it('marks a genre not returnable: its page says N, its lines offer no return or exchange, both answer 409', async () => {
      const { client, purchaseId } = await delivered(vest);
      expect(await productInfo()).toMatchObject({ returnable: 'Y' });
      const staff = await staffSignedIn(t(), (await staffPerson(t(), 'staff')).phone);

      const marked = await setGenre(staff, false);
      expect([marked.status, marked.body]).toEqual([200, { ...innerwear, returnable: false }]);
      expect(await productInfo()).toMatchObject({ returnable: 'N' });
      expect(await lineOf(client, purchaseId)).toMatchObject({
        returnable: 'N',
        deliveryEligible: 'N',
        exchangeSizes: [],
      });
      const res = await ask(client, { orderID: purchaseId, reasonCode: 'too_small' });
      expect([res.status, res.body]).toEqual([409, { error: NOT_RETURNABLE_TEXT }]);
      expect(await returnRow(purchaseId)).toBeUndefined();
      const exchange = await client.post<Answer<object>>(`/api/orders/${purchaseId}/exchange`, {
        size: 'L',
        reasonCode: 'too_small',
      });
      expect([exchange.status, exchange.body]).toEqual([409, { error: NOT_RETURNABLE_TEXT }]);
      expect((await lineOf(client, purchaseId))?.status).toBe('delivered');
      const listed = await admin<GenresReturnableResponse>('/admin/api/genres/returnable');
      expect(listed.body.genres).toContainEqual({ ...innerwear, returnable: false });
      expect(listed.body.genres).toContainEqual({ ...kurtas, returnable: true });

      expect((await setGenre(staff, true)).body).toEqual({ ...innerwear, returnable: true });
      expect(await productInfo()).toMatchObject({ returnable: 'Y' });
      expect(await lineOf(client, purchaseId)).toMatchObject({
        returnable: 'Y',
        deliveryEligible: 'Y',
        exchangeSizes: ['L'],
      });
    });

    it('answers 404 for a genre no product has, and guards the route', async () => {
      const staff = await staffSignedIn(t(), (await staffPerson(t(), 'staff')).phone);
      const unknown = await staff.put<Answer<object>>('/admin/api/genres/returnable', {
        userSegment: 'Returnwear',
        genre: 'Nothing here',
        returnable: false,
      });
      expect([unknown.status, unknown.body.error]).toEqual([
        404,
        'No products of genre "Nothing here" in "Returnwear"',
      ]);
      const token = staff.csrfToken;
      staff.csrfToken = undefined;
      expect((await setGenre(staff, false)).status).toBe(403);
      staff.csrfToken = token;
      const shopper = await t().client();
      expect((await setGenre(shopper, false)).status).toBe(401);
      expect((await shopper.get('/admin/api/genres/returnable')).status).toBe(401);
      expect(await productInfo()).toMatchObject({ returnable: 'Y' });
    });
  });

  describe('the queue and the dashboard', () => {
    it('filters the queue by reason and refuses an unknown one', async () => {
      const small = await delivered();
      await ask(small.client, { orderID: small.purchaseId, reasonCode: 'too_small' });
      const other = await delivered();
      await ask(other.client, { orderID: other.purchaseId, reason: 'Not what I hoped' });
      const tooSmall = await queue('&reason=too_small');
      expect(tooSmall.map((item) => item.line.purchaseId)).toContain(small.purchaseId);
      expect(tooSmall.every((item) => item.reasonCode === 'too_small')).toBe(true);
      const others = await queue('&reason=other');
      expect(others.map((item) => item.line.purchaseId)).toContain(other.purchaseId);
      expect(others.every((item) => item.reasonCode === null)).toBe(true);
      const bad = await admin<object>('/admin/api/returns?reason=bogus');
      expect(bad.status).toBe(400);
      expect(bad.body.error).toMatch(/^reason must be one of/);
    });

    it("counts the last 30 days' delivered lines and those asked back, by genre and by reason", async () => {
      const rates = async () => (await admin<DashboardResponse>('/admin/api/dashboard')).body.returnRates;
      const ofReason = (figures: DashboardResponse['returnRates'], code: ReturnReasonCode) =>
        figures.byReason.find((row) => row.reasonCode === code)?.returned ?? 0;
      const before = await rates();
      // a genre of its own: four lines delivered, one long ago
      const rated = await fixtures.product({
        name: 'Rated kurta',
        userSegment: 'Ratewear',
        genre: `R${run}`,
      });
      const lines = await Promise.all([delivered(rated), delivered(rated), delivered(rated)]);
      await delivered(rated, new Date(Date.now() - 31 * DAY));
      for (const { client, purchaseId } of lines.slice(0, 2)) {
        expect((await ask(client, { orderID: purchaseId, reasonCode: 'not_as_pictured' })).status).toBe(200);
      }
      const after = await rates();
      expect(after.byGenre).toContainEqual({
        userSegment: 'Ratewear',
        genre: `R${run}`,
        delivered: 3,
        returned: 2,
        percent: 66.7,
      });
      expect(ofReason(after, 'not_as_pictured') - ofReason(before, 'not_as_pictured')).toBe(2);
      expect([after.delivered - before.delivered, after.returned - before.returned]).toEqual([3, 2]);
      expect(after.percent).toBe(Math.round((after.returned * 1000) / after.delivered) / 10);
    });
  });
});
