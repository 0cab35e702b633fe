import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/app.ts';
import { AppError } from '../errors.ts';
import { Images, storeReviewImage } from './service.ts';

async function fetchImage(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers });
  const body = Buffer.from(await res.arrayBuffer());
  return { res, body };
}

const solid = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour } });

describeEachDatabase('product and review images', (t) => {
  let photo: string;
  let sku: string;
  let photoCount: number;
  let reviewPhoto: string;

  beforeAll(async () => {
    const product = await t()
      .db.selectFrom('products')
      .select(['sku', 'photos'])
      .where('genre', '=', 'Kurti')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    sku = product.sku;
    photoCount = product.photos.length;
    photo = product.photos[0] ?? '';
    const review = await t()
      .db.selectFrom('reviews')
      .select('photo')
      .where('photo', 'is not', null)
      .orderBy('product_id')
      .executeTakeFirstOrThrow();
    reviewPhoto = review.photo ?? '';
  });

  it('renders a product photo as WebP in the asked width, 3:4, cached for a year', async () => {
    for (const [query, width] of [
      ['?w=320', 320],
      ['', 640],
      ['?w=960', 960],
    ] as const) {
      const { res, body } = await fetchImage(`${t().baseUrl}/images/${photo}${query}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('etag')).toMatch(/^"[0-9a-z]+-[0-9a-z]+"$/);
      const meta = await sharp(body).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual([width, Math.round((width * 4) / 3)]);
    }
  });

  it('draws each photo of a product differently', async () => {
    const product = await t()
      .db.selectFrom('products')
      .select('photos')
      .where((eb) => eb(eb.fn('cardinality', ['photos']), '>=', 3))
      .executeTakeFirstOrThrow();
    const bodies = await Promise.all(
      product.photos
        .slice(0, 3)
        .map(async (file) => (await fetchImage(`${t().baseUrl}/images/${file}?w=320`)).body),
    );
    expect(new Set(bodies.map((b) => b.toString('base64'))).size).toBe(3);
  });

  it('serves a stored variant from disk, and answers 304 to a matching If-None-Match', async () => {
    const first = await fetchImage(`${t().baseUrl}/images/${photo}?w=320`);
    const stored = join(t().config.dataDir, 'images', '320', photo);
    expect(existsSync(stored)).toBe(true);
    const replacement = await solid(320, 427, '#ff0000').webp().toBuffer();
    await writeFile(stored, replacement);
    const second = await fetchImage(`${t().baseUrl}/images/${photo}?w=320`);
    expect(second.body.equals(replacement)).toBe(true);
    expect(second.body.equals(first.body)).toBe(false);
    const etag = second.res.headers.get('etag') ?? '';
    const again = await fetchImage(`${t().baseUrl}/images/${photo}?w=320`, { 'if-none-match': etag });
    expect(again.res.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it("prefers the shop owner's original, cropped to 3:4", async () => {
    const originals = join(t().config.dataDir, 'images', 'originals');
    await mkdir(originals, { recursive: true });
    await solid(1200, 900, '#00aa00').png().toFile(join(originals, 'owner-photo.png'));
    const { res, body } = await fetchImage(`${t().baseUrl}/images/owner-photo.webp?w=640`);
    expect(res.status).toBe(200);
    const meta = await sharp(body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 640, 853]);
  });

  it('answers 404 for a photo no product has', async () => {
    for (const file of [
      `${sku.toLowerCase()}-${photoCount + 1}.webp`,
      'ht-kur-999999-1.webp',
      'nothing.webp',
    ]) {
      const { res, body } = await fetchImage(`${t().baseUrl}/images/${file}`);
      expect(res.status).toBe(404);
      expect(JSON.parse(body.toString())).toEqual({ error: expect.stringContaining('not found') });
    }
  });

  it('refuses bad names and widths with 400 or 404, never 500', async () => {
    const cases: [string, number][] = [
      ['/images/..%2F..%2Fetc%2Fpasswd', 400],
      ['/images/..%2Fimages%2F640%2Fx.webp', 400],
      ['/images/.hidden.webp', 400],
      ['/images/a%20b.webp', 400],
      [`/images/${photo.replace('.webp', '.png')}`, 404],
      [`/images/${photo}?w=500`, 400],
      [`/images/${photo}?w=abc`, 400],
      [`/images/${'a'.repeat(300)}.webp`, 400],
      ['/reviewimages/..%2Fsecret.webp', 400],
      [`/reviewimages/${reviewPhoto}?w=10000`, 400],
    ];
    for (const [path, status] of cases) {
      const res = await fetch(`${t().baseUrl}${path}`);
      expect([path, res.status]).toEqual([path, status]);
      expect(await res.json()).toEqual({ error: expect.any(String) });
    }
  });

  it('serves the demo review photos', async () => {
    const { res, body } = await fetchImage(`${t().baseUrl}/reviewimages/${reviewPhoto}?w=320`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(body).metadata();
    expect([meta.format, meta.width]).toEqual(['webp', 320]);
    const missing = await fetch(`${t().baseUrl}/reviewimages/rv-ht-kur-000001-999.webp`);
    expect(missing.status).toBe(404);
  });

  it('stores an upload upright, in every width, without its metadata', async () => {
    // 1200 x 600 as stored, but EXIF orientation 6: the camera was turned, the photo is portrait
    const upload = await solid(1200, 600, '#3366cc').jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(upload).metadata()).exif).toBeDefined();
    await storeReviewImage(t().config.dataDir, 'upload-1.webp', upload);
    for (const width of [320, 640, 960]) {
      const { res, body } = await fetchImage(`${t().baseUrl}/reviewimages/upload-1.webp?w=${width}`);
      expect(res.status).toBe(200);
      const meta = await sharp(body).metadata();
      const expected = Math.min(width, 600); // never enlarged
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', expected, expected * 2]);
      expect(meta.exif).toBeUndefined();
    }
  });
});

describe('storeReviewImage', () => {
  it('refuses a file that is not an image, and a bad name', async () => {
    const dir = '/nonexistent-haat-dir';
    await expect(storeReviewImage(dir, 'x.webp', Buffer.from('not an image'))).rejects.toMatchObject({
      status: 415,
    });
    await expect(storeReviewImage(dir, '../x.webp', Buffer.from('x'))).rejects.toBeInstanceOf(AppError);
  });

  it('refuses an empty file, a truncated photo and a vector image with 415', async () => {
    const dir = '/nonexistent-haat-dir';
    const pixels = Buffer.from(Array.from({ length: 200 * 100 * 3 }, (_, i) => (i * 7919) % 251));
    const jpeg = await sharp(pixels, { raw: { width: 200, height: 100, channels: 3 } })
      .jpeg()
      .toBuffer();
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><rect width="9" height="9"/></svg>';
    for (const input of [Buffer.alloc(0), jpeg.subarray(0, jpeg.length - 200), Buffer.from(svg)]) {
      await expect(storeReviewImage(dir, 'x.webp', input)).rejects.toMatchObject({ status: 415 });
    }
  });

  it("renders a product photo while shoppers' review uploads wait: never behind them", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'haat-lanes-'));
    try {
      await mkdir(join(dataDir, 'images', 'originals'), { recursive: true });
      await solid(900, 1200, '#aa3355')
        .jpeg()
        .toFile(join(dataDir, 'images', 'originals', 'p-lane.jpg'));
      // a 12-megapixel phone photo of noise: the slowest kind to decode and encode
      const upload = await sharp({
        create: {
          width: 4000,
          height: 3000,
          channels: 3,
          background: '#808080',
          noise: { type: 'gaussian', mean: 128, sigma: 40 },
        },
      })
        .jpeg()
        .toBuffer();
      const names = ['r-0', 'r-1', 'r-2', 'r-3', 'r-4', 'r-5'];
      const uploads = names.map((name) => storeReviewImage(dataDir, `${name}.webp`, upload));
      // once the first upload is stored the others are queued for their turn; a product photo asked for
      // now is let in beside the next one, where one queue had it wait for all five (none left waiting).
      // How many finish beside it depends on the machine's load, so only "not last" is asserted.
      await uploads[0];
      const done = new Set<number>();
      for (const [i, upload] of uploads.entries()) void upload.then(() => done.add(i));
      const stored = await new Images(dataDir).product('p-lane.webp', 640);
      const waitingThen = names.length - done.size;
      expect(stored.size).toBeGreaterThan(0);
      expect(waitingThen).toBeGreaterThanOrEqual(1);
      await Promise.all(uploads);
      for (const name of names)
        expect(existsSync(join(dataDir, 'reviewimages', '960', `${name}.webp`)), name).toBe(true);
      expect((await sharp(join(dataDir, 'reviewimages', '320', 'r-5.webp')).metadata()).width).toBe(320);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
