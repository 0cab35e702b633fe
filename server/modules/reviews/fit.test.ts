import { beforeAll, describe, expect, it } from 'vitest';
import type { ProductResponse } from '../../../contract/catalogue.ts';
import type { FitAnswer } from '../../../contract/fit-returns-constants.ts';
import type { OrderLineStatus } from '../../db/schema.ts';
import { describeEachDatabase } from '../../test/app.ts';
import { type FixtureProduct, Fixtures } from '../../test/fixtures.ts';
import type { TestClient } from '../../test/http.ts';
import { staffPerson, staffSignedIn } from '../../test/staff.ts';
import { FIT_APPAREL_ONLY } from './service.ts';

type Answer<T> = T & { error?: string };

describeEachDatabase('fit from other buyers', (t) => {
  let fixtures: Fixtures;
  let bag: FixtureProduct;

  beforeAll(async () => {
    fixtures = new Fixtures(t().db);
    bag = await fixtures.product({ prod: 'accessories', name: 'Fit bag' });
  });

  async function shopper() {
    const client = await t().client();
    const customerId = await fixtures.customer({ fname: 'Asha', lname: 'Rao' });
    await fixtures.logIn(client, customerId);
    return { client, customerId };
  }

  /** a shopper who received the product rates it on Orders, saying how it fits */
  async function rateFit(product: FixtureProduct, fit: FitAnswer) {
    const { client, customerId } = await shopper();
    await fixtures.order(customerId, [{ product, status: 'delivered' }]);
    const res = await client.post('/orders/rate', { productId: product.id, rating: 4, fit });
    expect(res.status).toBe(200);
    return { client, customerId };
  }

  /** any shopper says how it fits on the review page */
  async function reviewFit(product: FixtureProduct, fit: FitAnswer) {
    const { client } = await shopper();
    const res = await client.post(`/api/review/${product.id}`, { userRating: 5, fit });
    expect(res.status).toBe(200);
    return client;
  }

  const page = async (product: FixtureProduct, client?: TestClient) => {
    const res = await (client ?? (await t().client())).get<ProductResponse>(
      `/product/ind/apparel/${product.id}`,
    );
    expect(res.status).toBe(200);
    return res.body;
  };

  const fitRows = (product: FixtureProduct) =>
    t()
      .db.selectFrom('reviews')
      .select('fit')
      .where('product_id', '=', product.id)
      .where('fit', 'is not', null)
      .execute();
  const reviewsBy = (customerId: number) =>
    t().db.selectFrom('reviews').selectAll().where('customer_id', '=', customerId).execute();

  describe('the split on the product page', () => {
    it('is null under 5 answers and shows from the 5th, from both routes, at once', async () => {
      const kurta = await fixtures.product({ name: 'Fit kurta' });
      expect((await page(kurta)).fit).toBeNull();
      await rateFit(kurta, 'small');
      await reviewFit(kurta, 'true');
      await rateFit(kurta, 'true');
      await reviewFit(kurta, 'large');
      // a rating without a fit is no answer
      const { client } = await shopper();
      await client.post(`/api/review/${kurta.id}`, { userRating: 3 });
      expect((await page(kurta)).fit).toBeNull();
      await rateFit(kurta, 'true');
      expect((await page(kurta)).fit).toEqual({ small: 20, true: 60, large: 20, answers: 5 });
    });

    it('counts the product and its colours together, on every colour’s page', async () => {
      const childKey = `fit-colours-${Date.now()}`;
      const red = await fixtures.product({ childKey, color: 'Red' });
      const blue = await fixtures.product({ childKey, color: 'Blue' });
      const other = await fixtures.product({ color: 'Red' });
      // both pages read (and kept) before the answers come
      expect([(await page(red)).fit, (await page(blue)).fit]).toEqual([null, null]);
      for (const fit of ['small', 'small', 'large'] as const) await rateFit(red, fit);
      for (const fit of ['true', 'small'] as const) await reviewFit(blue, fit);
      await reviewFit(other, 'large');
      const split = { small: 60, true: 20, large: 20, answers: 5 };
      expect((await page(red)).fit).toEqual(split);
      expect((await page(blue)).fit).toEqual(split);
      expect((await page(other)).fit).toBeNull();
    });

    it('rounds to whole percents adding up to exactly 100 (largest remainders)', async () => {
      const even = await fixtures.product();
      for (const fit of ['small', 'small', 'true', 'true', 'large', 'large'] as const) {
        await reviewFit(even, fit);
      }
      // 33.3 each: the point left goes to the first in FIT_ANSWERS' order
      expect((await page(even)).fit).toEqual({ small: 34, true: 33, large: 33, answers: 6 });
      const lopsided = await fixtures.product();
      for (const fit of ['small', 'small', 'small', 'true', 'true', 'true', 'large'] as const) {
        await reviewFit(lopsided, fit);
      }
      // 42.86, 42.86, 14.29
      expect((await page(lopsided)).fit).toEqual({ small: 43, true: 43, large: 14, answers: 7 });
    });

    it('keeps one answer per shopper: a new fit replaces it, a rating without one keeps it', async () => {
      const kurta = await fixtures.product();
      const shoppers = [];
      for (let i = 0; i < 5; i++) shoppers.push(await rateFit(kurta, 'true'));
      const first = shoppers[0]?.client as TestClient;
      await first.post('/orders/rate', { productId: kurta.id, rating: 2, fit: 'large' });
      await first.post(`/api/review/${kurta.id}`, { userRating: 1, userReview: 'Roomy' });
      expect((await page(kurta)).fit).toEqual({ small: 0, true: 80, large: 20, answers: 5 });
      const own = await first.get<{ fit: FitAnswer | null }>(`/api/review/${kurta.id}`);
      expect(own.body.fit).toBe('large');
    });

    it('leaves out a review the back office hid, and counts it again when shown', async () => {
      const kurta = await fixtures.product();
      for (let i = 0; i < 5; i++) await reviewFit(kurta, 'small');
      expect((await page(kurta)).fit).toMatchObject({ small: 100, answers: 5 });
      const review = await t()
        .db.selectFrom('reviews')
        .select('id')
        .where('product_id', '=', kurta.id)
        .executeTakeFirstOrThrow();
      const admin = await staffSignedIn(t(), (await staffPerson(t())).phone);
      expect((await admin.post(`/admin/api/reviews/${review.id}/hide`)).status).toBe(200);
      expect((await page(kurta)).fit).toBeNull();
      expect((await admin.post(`/admin/api/reviews/${review.id}/show`)).status).toBe(200);
      expect((await page(kurta)).fit).toMatchObject({ small: 100, answers: 5 });
    });
  });

  describe('refusals', () => {
    it(`answers 400 to a fit for an accessory: '${FIT_APPAREL_ONLY}', saving nothing`, async () => {
      const { client, customerId } = await shopper();
      await fixtures.order(customerId, [{ product: bag, status: 'delivered' }]);
      for (const res of [
        await client.post<Answer<object>>('/orders/rate', { productId: bag.id, rating: 4, fit: 'true' }),
        await client.post<Answer<object>>(`/api/review/${bag.id}`, { userRating: 4, fit: 'small' }),
      ]) {
        expect([res.status, res.body]).toEqual([400, { error: FIT_APPAREL_ONLY }]);
      }
      expect(await reviewsBy(customerId)).toEqual([]);
    });

    it('answers 400 with a sentence to a fit that is not one of the three, saving nothing', async () => {
      const kurta = await fixtures.product();
      const { client, customerId } = await shopper();
      await fixtures.order(customerId, [{ product: kurta, status: 'delivered' }]);
      for (const fit of ['medium', 'True', '', 1, null, ['small'], { fit: 'small' }]) {
        for (const res of [
          await client.post<Answer<object>>('/orders/rate', { productId: kurta.id, rating: 4, fit }),
          await client.post<Answer<object>>(`/api/review/${kurta.id}`, { userRating: 4, fit }),
        ]) {
          expect([fit, res.status]).toEqual([fit, 400]);
          expect(res.body.error).toMatch(/^fit must be one of "small", "true", "large"$/);
        }
      }
      expect(await fitRows(kurta)).toEqual([]);
      expect(await reviewsBy(customerId)).toEqual([]);
    });
  });

  describe('"You usually buy"', () => {
    const segment = { userSegment: 'Women', genre: `Fit kurtas ${Date.now()}` };
    const sized = () =>
      fixtures.product({
        ...segment,
        sizes: [
          ['S', 10],
          ['M', 10],
          ['L', 10],
        ],
      });
    const line = (product: FixtureProduct, size: string, status: OrderLineStatus, deliveredAt?: Date) => ({
      product,
      size,
      status,
      deliveredAt,
    });

    it('is null for a visitor, and for a customer who kept nothing of the genre', async () => {
      const kurta = await sized();
      expect((await page(kurta)).usualSize).toBeNull();
      const visitor = await t().client();
      expect((await page(kurta, visitor)).usualSize).toBeNull();
      const { client, customerId } = await shopper();
      // another genre's kept lines say nothing of this one
      const shirt = await fixtures.product({ userSegment: 'Women', genre: `Fit shirts ${Date.now()}` });
      await fixtures.order(customerId, [line(shirt, 'M', 'delivered')]);
      expect((await page(kurta, client)).usualSize).toBeNull();
    });

    it('is the size of most kept lines: returned, cancelled and undelivered ones are not kept', async () => {
      const [kurta, other] = [await sized(), await sized()];
      const { client, customerId } = await shopper();
      await fixtures.order(customerId, [
        line(other, 'L', 'delivered'),
        line(other, 'M', 'returned'),
        line(other, 'M', 'return_requested'),
        line(kurta, 'M', 'cancelled'),
        line(kurta, 'M', 'shipped'),
        line(kurta, 'M', 'placed'),
      ]);
      expect((await page(kurta, client)).usualSize).toBe('L');
      await fixtures.order(customerId, [line(other, 'S', 'delivered'), line(kurta, 'S', 'return_rejected')]);
      expect((await page(kurta, client)).usualSize).toBe('S');
      // the page is shared, the usual size is each customer's own
      expect((await page(kurta)).usualSize).toBeNull();
    });

    it('goes to the size kept latest on a tie', async () => {
      const kurta = await sized();
      const { client, customerId } = await shopper();
      const day = (d: number) => new Date(Date.UTC(2026, 9, d));
      await fixtures.order(customerId, [
        line(kurta, 'L', 'delivered', day(1)),
        line(kurta, 'M', 'delivered', day(5)),
      ]);
      expect((await page(kurta, client)).usualSize).toBe('M');
      await fixtures.order(customerId, [line(kurta, 'L', 'delivered', day(9))]);
      await fixtures.order(customerId, [line(kurta, 'M', 'delivered', day(2))]);
      expect((await page(kurta, client)).usualSize).toBe('L');
    });

    it('is null on an accessory’s page', async () => {
      const { client, customerId } = await shopper();
      await fixtures.order(customerId, [{ product: bag, status: 'delivered' }]);
      const res = await client.get<ProductResponse>(`/product/ind/accessories/${bag.id}`);
      expect([res.body.usualSize, res.body.fit]).toEqual([null, null]);
    });
  });
});
