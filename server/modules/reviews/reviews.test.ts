import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProductResponse } from '../../../contract/catalogue.ts';
import { RATE_FIRST_MESSAGE } from '../../../contract/orders.ts';
import {
  type ReviewPageResponse,
  UPLOAD_LIMIT_BYTES,
  type UploadResponse,
} from '../../../contract/reviews.ts';
import { TOO_MANY_PIXELS, UPLOAD_MAX_PIXELS } from '../../platform/images/render.ts';
import { describeEachDatabase } from '../../test/app.ts';
import { type FixtureProduct, Fixtures } from '../../test/fixtures.ts';
import type { TestClient } from '../../test/http.ts';
import { NOT_DELIVERED_MESSAGE, UPLOAD_LIMIT } from './service.ts';

type Answer<T> = T & { error?: string };

const solid = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour } });

/** A form with one file, as the review page's upload sends it. */
function form(bytes: Buffer | string, name: string, type: string, field = 'file'): FormData {
  const body = new FormData();
  body.append(field, new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type }), name);
  return body;
}

describeEachDatabase('ratings, reviews and review photos', (t) => {
  let fixtures: Fixtures;
  let kurta: FixtureProduct;
  let bag: FixtureProduct;

  beforeAll(async () => {
    fixtures = new Fixtures(t().db);
    kurta = await fixtures.product({ name: 'Review kurta', photos: ['review-kurta-1.webp'] });
    bag = await fixtures.product({ prod: 'accessories', name: 'Review bag' });
  });

  /** a logged-in shopper, with an order of `product` in `status` unless null */
  async function shopper(status: 'delivered' | 'placed' | 'shipped' | null = null, product = kurta) {
    const client = await t().client();
    const customerId = await fixtures.customer({ fname: 'Rina', lname: 'Sen' });
    await fixtures.logIn(client, customerId);
    if (status) await fixtures.order(customerId, [{ product, status }]);
    return { client, customerId };
  }

  const rate = (client: TestClient, body: Record<string, unknown>) =>
    client.post<Answer<Record<string, never>>>('/orders/rate', body);
  const postReview = (client: TestClient, productId: number | string, body: Record<string, unknown>) =>
    client.post<Answer<Record<string, never>>>(`/api/review/${productId}`, body);
  const reviewPage = (client: TestClient, productId: number | string) =>
    client.get<Answer<ReviewPageResponse>>(`/api/review/${productId}`);
  const upload = (client: TestClient, body: FormData | string, path = `/upload/apparel/${kurta.id}`) =>
    client.post<Answer<UploadResponse>>(path, body);
  const productPage = async (product = kurta) =>
    (await (await t().client()).get<ProductResponse>(`/product/ind/apparel/${product.id}`)).body;
  const reviewRows = (customerId: number, product = kurta) =>
    t()
      .db.selectFrom('reviews')
      .select(['rating', 'body', 'photo', 'verified_purchase'])
      .where('customer_id', '=', customerId)
      .where('product_id', '=', product.id)
      .execute();
  const served = async (file: string, width = 320) => {
    const res = await fetch(`${t().baseUrl}/reviewimages/${file}?w=${width}`);
    return { res, body: Buffer.from(await res.arrayBuffer()) };
  };
  const storedFiles = async () => {
    const dir = join(t().config.dataDir, 'reviewimages', '640');
    return readdir(dir).catch(() => [] as string[]);
  };

  describe('login and CSRF', () => {
    it('answers 403 to a logged-out shopper whatever the body', async () => {
      const client = await t().client();
      const cases = [
        () => rate(client, { productId: kurta.id, rating: 4 }),
        () => rate(client, { nonsense: true }),
        () => reviewPage(client, kurta.id),
        () => postReview(client, kurta.id, { userRating: 4 }),
        () => upload(client, form('not even an image', 'x.png', 'image/png')),
      ];
      for (const call of cases) {
        const res = await call();
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ error: expect.any(String) });
      }
    });

    it('answers 403 to a write without the CSRF token and changes nothing', async () => {
      const { client, customerId } = await shopper('delivered');
      const noToken = { 'x-csrf-token': '' };
      const png = await solid(40, 40, '#aa0000').png().toBuffer();
      for (const res of [
        await client.post('/orders/rate', { productId: kurta.id, rating: 4 }, noToken),
        await client.post(`/api/review/${kurta.id}`, { userRating: 4 }, noToken),
        await client.post(`/upload/apparel/${kurta.id}`, form(png, 'x.png', 'image/png'), noToken),
      ]) {
        expect(res.status).toBe(403);
      }
      expect(await reviewRows(customerId)).toEqual([]);
    });
  });

  describe('POST /orders/rate', () => {
    it(`asks for 1 to 5 stars: '${RATE_FIRST_MESSAGE}'`, async () => {
      const { client, customerId } = await shopper('delivered');
      for (const rating of [undefined, null, 0, 6, 2.5, -1, '3', true, [4]]) {
        const res = await rate(client, { productId: kurta.id, rating, review: 'Nice' });
        expect([rating, res.status, res.body]).toEqual([rating, 400, { error: RATE_FIRST_MESSAGE }]);
      }
      expect(await reviewRows(customerId)).toEqual([]);
    });

    it('answers 404 for a product the shopper has no order line of', async () => {
      const { client } = await shopper();
      // another shopper's delivered line does not count
      await shopper('delivered');
      for (const productId of [kurta.id, String(kurta.id), 2_147_483_647, '9999999999']) {
        const res = await rate(client, { productId, rating: 4 });
        expect([productId, res.status]).toEqual([productId, 404]);
      }
      expect((await rate(client, { productId: 'abc', rating: 4 })).status).toBe(400);
    });

    it(`answers 409 until the product is delivered: '${NOT_DELIVERED_MESSAGE}'`, async () => {
      for (const status of ['placed', 'shipped'] as const) {
        const { client, customerId } = await shopper(status);
        const res = await rate(client, { productId: kurta.id, rating: 5 });
        expect(res.status).toBe(409);
        expect(res.body).toEqual({ error: NOT_DELIVERED_MESSAGE });
        expect(await reviewRows(customerId)).toEqual([]);
      }
    });

    it('rates a delivered product as a verified purchase, and a new rating replaces the old', async () => {
      const { client, customerId } = await shopper('delivered');
      const first = await rate(client, {
        productId: String(kurta.id),
        rating: 4,
        review: '  Soft cotton ',
        prod: 'apparel',
      });
      expect(first.status).toBe(200);
      expect(first.body).toEqual({});
      expect(await reviewRows(customerId)).toEqual([
        { rating: 4, body: 'Soft cotton', photo: null, verified_purchase: true },
      ]);
      // no review text: the text stays
      expect((await rate(client, { productId: kurta.id, rating: 2 })).status).toBe(200);
      expect(await reviewRows(customerId)).toEqual([
        { rating: 2, body: 'Soft cotton', photo: null, verified_purchase: true },
      ]);
      const page = await reviewPage(client, kurta.id);
      expect(page.body).toMatchObject({ rating: 2, review: 'Soft cotton', reviewDP1: null });
    });

    it('answers 404 when the category named is not the product’s', async () => {
      const { client, customerId } = await shopper('delivered');
      const res = await rate(client, { productId: kurta.id, rating: 4, prod: 'accessories' });
      expect(res.status).toBe(404);
      expect(await reviewRows(customerId)).toEqual([]);
    });
  });

  describe('GET and POST /api/review/{prodId}', () => {
    it('shows the product and an empty review of the shopper', async () => {
      const { client } = await shopper();
      const res = await reviewPage(client, kurta.id);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.body).toEqual({
        name: 'Review kurta',
        prod: 'apparel',
        photo1: 'review-kurta-1.webp',
        rating: null,
        review: '',
        reviewDP1: null,
        fit: null,
      });
    });

    it('answers 404 for an unknown product or an id that is not digits', async () => {
      const { client } = await shopper();
      for (const id of ['2147483647', '99999999999', 'abc', '12abc', '-1', '0', '1.5']) {
        expect([id, (await reviewPage(client, id)).status]).toEqual([id, 404]);
        expect([id, (await postReview(client, id, { userRating: 4 })).status]).toEqual([id, 404]);
      }
      const wrongProd = await postReview(client, kurta.id, { userRating: 4, prod: 'accessories' });
      expect(wrongProd.status).toBe(404);
    });

    it(`asks for 1 to 5 stars: '${RATE_FIRST_MESSAGE}'`, async () => {
      const { client, customerId } = await shopper();
      for (const userRating of [undefined, 0, 6, 4.5, '4']) {
        const res = await postReview(client, kurta.id, { userReview: 'Nice', userRating });
        expect([userRating, res.status, res.body]).toEqual([userRating, 400, { error: RATE_FIRST_MESSAGE }]);
      }
      expect(await reviewRows(customerId)).toEqual([]);
      expect((await postReview(client, kurta.id, { userRating: 3, extra: 1 })).status).toBe(400);
    });

    it('lets any shopper review, marking only a receiver’s review as a verified purchase', async () => {
      const stranger = await shopper();
      const waiting = await shopper('shipped');
      const receiver = await shopper('delivered');
      for (const { client } of [stranger, waiting, receiver]) {
        const res = await postReview(client, kurta.id, {
          userReview: ' Fits well  ',
          userRating: 5,
          prod: 'apparel',
        });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({});
      }
      const verified = async (customerId: number) => (await reviewRows(customerId))[0]?.verified_purchase;
      expect(await verified(stranger.customerId)).toBe(false);
      expect(await verified(waiting.customerId)).toBe(false);
      expect(await verified(receiver.customerId)).toBe(true);
      expect(await reviewRows(receiver.customerId)).toEqual([
        { rating: 5, body: 'Fits well', photo: null, verified_purchase: true },
      ]);
    });

    it('keeps one review per shopper: a second replaces the first', async () => {
      const { client, customerId } = await shopper();
      await postReview(client, bag.id, { userReview: 'First try', userRating: 2 });
      await postReview(client, bag.id, { userReview: '', userRating: 4 });
      expect(await reviewRows(customerId, bag)).toEqual([
        { rating: 4, body: '', photo: null, verified_purchase: false },
      ]);
    });
  });

  describe('POST /upload/{prod}/{prodId}', () => {
    it('stores a PNG and a JPEG as WebP in every width, served from /reviewimages', async () => {
      const { client, customerId } = await shopper();
      const png = await solid(800, 600, '#228844').png().toBuffer();
      const jpeg = await solid(600, 900, '#884422').jpeg().toBuffer();
      for (const [bytes, name, type, sourceWidth] of [
        [png, 'photo.png', 'image/png', 800],
        [jpeg, 'photo.jpg', 'image/jpeg', 600],
      ] as const) {
        const res = await upload(client, form(bytes, name, type));
        expect(res.status).toBe(200);
        const file = res.body.file;
        expect(file).toMatch(/^rv-\d+-[0-9a-f-]+\.webp$/);
        expect((await reviewRows(customerId))[0]?.photo).toBe(file);
        for (const width of [320, 480, 640, 960]) {
          const { res: image, body } = await served(file, width);
          expect(image.status).toBe(200);
          expect(image.headers.get('content-type')).toBe('image/webp');
          const meta = await sharp(body).metadata();
          expect([meta.format, meta.width]).toEqual(['webp', Math.min(width, sourceWidth)]);
        }
      }
    });

    it('strips EXIF, GPS and other metadata', async () => {
      const { client } = await shopper();
      const jpeg = await solid(500, 400, '#3366cc')
        .jpeg()
        .withExif({
          IFD0: { Copyright: 'SECRET-OWNER', Make: 'PhoneMaker' },
          IFD3: {
            GPSLatitudeRef: 'N',
            GPSLatitude: '22/1 34/1 0/1',
            GPSLongitudeRef: 'E',
            GPSLongitude: '88/1 21/1 0/1',
          },
        })
        .toBuffer();
      const exif = (await sharp(jpeg).metadata()).exif;
      expect(exif?.includes('SECRET-OWNER')).toBe(true);
      const res = await upload(client, form(jpeg, 'holiday.jpg', 'image/jpeg'));
      expect(res.status).toBe(200);
      for (const width of [320, 960]) {
        const { body } = await served(res.body.file, width);
        const meta = await sharp(body).metadata();
        expect([meta.exif, meta.xmp, meta.iptc]).toEqual([undefined, undefined, undefined]);
        for (const secret of ['SECRET-OWNER', 'PhoneMaker', 'Exif'])
          expect(body.includes(secret)).toBe(false);
      }
    });

    it('answers 415 for what is not a whole photo, by content whatever its name, storing nothing', async () => {
      const { client, customerId } = await shopper();
      const pixels = Buffer.from(Array.from({ length: 300 * 200 * 3 }, (_, i) => (i * 7919) % 251));
      const noisy = await sharp(pixels, { raw: { width: 300, height: 200, channels: 3 } })
        .jpeg()
        .toBuffer();
      const svg =
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
      const before = await storedFiles();
      for (const [bytes, name, type] of [
        ['just some text, not a picture', 'x.png', 'image/png'],
        [noisy.subarray(0, Math.floor(noisy.length / 2)), 'cut.jpg', 'image/jpeg'],
        ['GIF89a/*\x01\x00\x01\x00\x00\x00\x00*/=alert(1)//;', 'x.gif', 'image/gif'],
        [svg, 'x.svg', 'image/svg+xml'],
        ['%PDF-1.4\n%âãÏÓ\n', 'x.png', 'image/png'],
        [Buffer.alloc(0), 'empty.png', 'image/png'],
      ] as const) {
        const res = await upload(client, form(bytes, name, type));
        expect([name, res.status, res.body]).toEqual([name, 415, { error: expect.any(String) }]);
      }
      expect(await storedFiles()).toEqual(before);
      expect(await reviewRows(customerId)).toEqual([]);
    });

    it('re-encodes a polyglot image: the payload appended to it is not stored', async () => {
      const { client } = await shopper();
      const payload = '<html><script>alert(document.cookie)</script></html>';
      const png = await solid(64, 64, '#ffcc00').png().toBuffer();
      const gif = await solid(64, 64, '#00ccff').gif().toBuffer();
      for (const [bytes, name, type] of [
        [Buffer.concat([png, Buffer.from(payload)]), 'poly.png', 'image/png'],
        [Buffer.concat([gif, Buffer.from(payload)]), 'poly.gif', 'image/gif'],
      ] as const) {
        const res = await upload(client, form(bytes, name, type));
        expect(res.status).toBe(200);
        for (const width of ['320', '480', '640', '960']) {
          const stored = await readFile(join(t().config.dataDir, 'reviewimages', width, res.body.file));
          expect((await sharp(stored).metadata()).format).toBe('webp');
          expect(stored.includes('<script')).toBe(false);
          expect(stored.includes('alert')).toBe(false);
        }
      }
    });

    it('answers 413 for a file over 10 MB, checking the content of one of 10 MB', async () => {
      const { client, customerId } = await shopper();
      for (const [size, status] of [
        [UPLOAD_LIMIT_BYTES + 1024 * 1024, 413],
        [UPLOAD_LIMIT_BYTES + 1, 413],
        [UPLOAD_LIMIT_BYTES, 415],
      ] as const) {
        const res = await upload(client, form(Buffer.alloc(size, 0x41), 'huge.jpg', 'image/jpeg'));
        expect([size, res.status]).toEqual([size, status]);
        if (status === 413) expect(res.body).toEqual({ error: 'The photo is larger than 10 MB' });
      }
      expect(await reviewRows(customerId)).toEqual([]);
      // the connection is still good for the next request
      expect((await reviewPage(client, kurta.id)).status).toBe(200);
    });

    it('answers 400 without a file field, and 415 or 400 for a body that is not a multipart form', async () => {
      const { client } = await shopper();
      const png = await solid(20, 20, '#000000').png().toBuffer();
      const textOnly = new FormData();
      textOnly.append('file', 'not a file');
      const twoFiles = form(png, 'a.png', 'image/png');
      twoFiles.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'b.png');
      const cases: [string, () => Promise<{ status: number; body: unknown }>, number][] = [
        ['two files', () => upload(client, twoFiles), 400],
        ['no parts', () => upload(client, new FormData()), 400],
        ['text field', () => upload(client, textOnly), 400],
        ['other field', () => upload(client, form(png, 'x.png', 'image/png', 'photo')), 400],
        ['json', () => client.post(`/upload/apparel/${kurta.id}`, { file: 'x' }), 415],
        ['text', () => upload(client, 'plain text'), 415],
        [
          'broken form',
          () =>
            client.post(
              `/upload/apparel/${kurta.id}`,
              '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
              {
                'content-type': 'multipart/form-data; boundary=xyz',
              },
            ),
          400,
        ],
        [
          'no boundary',
          () => client.post(`/upload/apparel/${kurta.id}`, 'abc', { 'content-type': 'multipart/form-data' }),
          400,
        ],
      ];
      for (const [name, call, status] of cases) {
        const res = await call();
        expect([name, res.status, res.body]).toEqual([name, status, { error: expect.any(String) }]);
      }
    });

    it('answers 404 for an unknown product or the wrong category', async () => {
      const { client } = await shopper();
      const png = await solid(20, 20, '#000000').png().toBuffer();
      for (const path of [
        `/upload/accessories/${kurta.id}`,
        `/upload/apparel/2147483647`,
        `/upload/apparel/abc`,
        `/upload/shoes/${kurta.id}`,
      ]) {
        const res = await upload(client, form(png, 'x.png', 'image/png'), path);
        expect([path, res.status]).toEqual([path, 404]);
      }
    });

    it('deletes a replaced photo: its files are gone and it is no longer served', async () => {
      const { client, customerId } = await shopper();
      const first = await upload(
        client,
        form(await solid(200, 100, '#112233').png().toBuffer(), 'a.png', 'image/png'),
      );
      expect((await served(first.body.file)).res.status).toBe(200);
      const second = await upload(
        client,
        form(await solid(200, 100, '#445566').png().toBuffer(), 'b.png', 'image/png'),
      );
      expect(second.status).toBe(200);
      expect((await reviewRows(customerId))[0]?.photo).toBe(second.body.file);
      for (const width of [320, 480, 640, 960]) {
        expect((await served(first.body.file, width)).res.status).toBe(404);
        expect((await served(second.body.file, width)).res.status).toBe(200);
      }
      expect(await storedFiles()).not.toContain(first.body.file);
      expect(await storedFiles()).toContain(second.body.file);
    });

    it('answers 413 for a photo of more than 24 megapixels, read from its header, storing nothing', async () => {
      const { client, customerId } = await shopper();
      // a plain colour: a few kilobytes that would decode to 150 MB
      const huge = await solid(6000, 4001, '#336699').png().toBuffer();
      expect(huge.length).toBeLessThan(UPLOAD_LIMIT_BYTES);
      const before = await storedFiles();
      const res = await upload(client, form(huge, 'huge.png', 'image/png'));
      expect([res.status, res.body]).toEqual([413, { error: TOO_MANY_PIXELS }]);
      expect(await storedFiles()).toEqual(before);
      expect(await reviewRows(customerId)).toEqual([]);

      const largest = await solid(6000, 4000, '#336699').png().toBuffer();
      expect(6000 * 4000).toBe(UPLOAD_MAX_PIXELS);
      expect((await upload(client, form(largest, 'largest.png', 'image/png'))).status).toBe(200);
    });

    it('stores parallel uploads of many shoppers, each whole', async () => {
      const shoppers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => shopper()));
      const photo = await solid(1600, 1200, '#aa7700').jpeg().toBuffer();
      const answers = await Promise.all(
        shoppers.map(({ client }) => upload(client, form(photo, 'p.jpg', 'image/jpeg'))),
      );
      for (const res of answers) {
        expect(res.status).toBe(200);
        const meta = await sharp((await served(res.body.file, 960)).body).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['webp', 960, 720]);
      }
    });

    it(`answers photo ${UPLOAD_LIMIT.max + 1} of an hour with 429 and Retry-After, counting refused ones`, async () => {
      const { client } = await shopper();
      const png = await solid(16, 16, '#00aa00').png().toBuffer();
      const statuses: number[] = [];
      for (let i = 0; i < UPLOAD_LIMIT.max - 1; i += 1) {
        statuses.push((await upload(client, form(png, 'p.png', 'image/png'))).status);
      }
      statuses.push((await upload(client, form('not an image', 'x.png', 'image/png'))).status);
      expect(statuses).toEqual([...Array(UPLOAD_LIMIT.max - 1).fill(200), 415]);
      const refused = await upload(client, form(png, 'p.png', 'image/png'));
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ error: UPLOAD_LIMIT.message });
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(3600 - 60);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      // another shopper is unaffected
      const other = await shopper();
      expect((await upload(other.client, form(png, 'p.png', 'image/png'))).status).toBe(200);
    });

    it('keeps a photo uploaded first until the review comes, then shows both on the product page', async () => {
      const { client, customerId } = await shopper('delivered');
      const before = await productPage();
      const png = await solid(300, 300, '#aa00aa').png().toBuffer();
      const first = await upload(client, form(png, 'a.png', 'image/png'));
      const second = await upload(client, form(png, 'b.png', 'image/png'));
      expect(second.status).toBe(200);
      expect(second.body.file).not.toBe(first.body.file);
      expect(await reviewRows(customerId)).toEqual([
        { rating: null, body: '', photo: second.body.file, verified_purchase: true },
      ]);
      expect((await reviewPage(client, kurta.id)).body).toMatchObject({
        rating: null,
        reviewDP1: second.body.file,
      });
      // a photo without a rating is neither counted nor listed
      const photoOnly = await productPage();
      expect(photoOnly.rating).toEqual(before.rating);
      expect(photoOnly.review).toEqual(before.review);

      expect(
        (await postReview(client, kurta.id, { userReview: 'Colours as shown', userRating: 3 })).status,
      ).toBe(200);
      const after = await productPage();
      expect(after.review[0]).toEqual({
        fname: 'Rina',
        lname: 'Sen',
        review: 'Colours as shown',
        rating: 3,
        reviewDP1: second.body.file,
        verifiedPurchase: true,
      });
      const count = (page: ProductResponse, stars: number) =>
        page.rating.find((r) => r.rating === stars)?.ratingCount ?? 0;
      expect(count(after, 3)).toBe(count(before, 3) + 1);
      for (const stars of [5, 4, 2, 1]) expect(count(after, stars)).toBe(count(before, stars));

      // rating again from the orders screen changes the histogram at once, keeping text and photo
      expect((await rate(client, { productId: kurta.id, rating: 5 })).status).toBe(200);
      const rerated = await productPage();
      expect(count(rerated, 3)).toBe(count(before, 3));
      expect(count(rerated, 5)).toBe(count(before, 5) + 1);
      expect(rerated.review[0]).toMatchObject({
        rating: 5,
        review: 'Colours as shown',
        reviewDP1: second.body.file,
      });
    });
  });
});
