import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/connect.ts';
import { openTestDatabase } from '../test/database.ts';
import { drawDemoPhotos } from './photos.ts';

describe('demo photos drawn by the seed', () => {
  let database: DatabaseHandle;
  let dataDir: string;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    dataDir = mkdtempSync(join(tmpdir(), 'haat-photos-'));
  });

  afterAll(async () => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('draws every product and review photo the catalogue names, once, as SVG', async () => {
    const products = await database.db.selectFrom('products').select('photos').execute();
    const reviews = await database.db
      .selectFrom('reviews')
      .select('photo')
      .where('photo', 'is not', null)
      .execute();
    const photos = products.flatMap((p) => p.photos);

    expect(await drawDemoPhotos(database.db, dataDir)).toBe(photos.length + reviews.length);
    const drawn = readdirSync(join(dataDir, 'demo-photos', 'images'));
    expect(drawn.sort()).toEqual(photos.map((file) => file.replace(/\.webp$/, '.svg')).sort());
    expect(readdirSync(join(dataDir, 'demo-photos', 'reviewimages'))).toHaveLength(reviews.length);
    const first = join(dataDir, 'demo-photos', 'images', drawn[0] ?? '');
    expect(readFileSync(first, 'utf8')).toMatch(/^<svg[^>]+width="960"/);

    const before = statSync(first).mtimeMs;
    expect(await drawDemoPhotos(database.db, dataDir)).toBe(0);
    expect(statSync(first).mtimeMs).toBe(before);
  });
});
