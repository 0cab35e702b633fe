import { randomUUID } from 'node:crypto';
import { access, mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../db/connect.ts';
import type { Features, Specs } from '../db/schema.ts';
import { DEMO_PHOTOS } from '../platform/images/service.ts';
import { type ArtSubject, productSvg, reviewSvg } from './art/scene.ts';

/*
 * The demo's photos, drawn once into the data directory rather than on request: the image service then
 * treats them as originals, as it treats a shop owner's. `demo-photos/images/{stem}.svg` for products and
 * `demo-photos/reviewimages/{stem}.svg` for shoppers' review photos.
 */
/** written last: its presence says every photo was drawn */
const DRAWN = '.drawn';
/** the widest image the shop serves: the image service scales down from here */
const ART_WIDTH = 960;
/** files written at a time */
const BATCH = 64;

interface ArtRow {
  name: string;
  genre: string;
  color: string;
  child_key: string;
  features: Features;
  specs: Specs;
}

function subjectOf(row: ArtRow): ArtSubject {
  return {
    name: row.name,
    genre: row.genre,
    color: row.color,
    pattern: row.specs.Pattern ?? '',
    design: row.child_key,
    sleeve: row.features.sleeveSize?.[0],
    neck: row.features.neckLine?.[0],
    fit: row.features.fitType?.[0],
    occasion: row.features.occasion,
  };
}

const ART_COLUMNS = ['name', 'genre', 'color', 'child_key', 'features', 'specs'] as const;

interface Drawing {
  path: string;
  draw: () => string;
}

/** Every photo of the demo's products and reviews, as drawings still to be made (the owner's have none). */
async function drawings(db: Db, root: string): Promise<Drawing[]> {
  const products = await db
    .selectFrom('products')
    .select([...ART_COLUMNS, 'photos'])
    .where('demo', '=', true)
    .execute();
  const reviews = await db
    .selectFrom('reviews')
    .innerJoin('products', 'products.id', 'reviews.product_id')
    .select([...ART_COLUMNS.map((column) => `products.${column}` as const), 'reviews.photo'])
    .where('reviews.photo', 'is not', null)
    .where('reviews.demo', '=', true)
    .execute();
  const svgName = (file: string) => `${file.replace(/\.webp$/, '')}.svg`;
  return [
    ...products.flatMap((row) =>
      row.photos.map((file, index) => ({
        path: join(root, 'images', svgName(file)),
        draw: () => productSvg(subjectOf(row), index + 1, ART_WIDTH),
      })),
    ),
    ...reviews.flatMap(({ photo, ...row }) =>
      photo
        ? [
            {
              path: join(root, 'reviewimages', svgName(photo)),
              draw: () => reviewSvg(subjectOf(row), photo, ART_WIDTH),
            },
          ]
        : [],
    ),
  ];
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** write beside, then rename: a half-written drawing is never taken for a photo */
async function writeDrawing({ path, draw }: Drawing): Promise<void> {
  const temporary = `${path}.${randomUUID()}.tmp`;
  await writeFile(temporary, draw());
  await rename(temporary, path);
}

/**
 * Draws the demo's photos into `dataDir`, once: nothing when they were drawn before. Answers how many
 * were drawn.
 */
export async function drawDemoPhotos(db: Db, dataDir: string): Promise<number> {
  const root = join(dataDir, DEMO_PHOTOS);
  if (await exists(join(root, DRAWN))) return 0;
  await mkdir(join(root, 'images'), { recursive: true });
  await mkdir(join(root, 'reviewimages'), { recursive: true });
  const all = await drawings(db, root);
  for (let i = 0; i < all.length; i += BATCH) await Promise.all(all.slice(i, i + BATCH).map(writeDrawing));
  await writeFile(join(root, DRAWN), `${all.length}\n`);
  return all.length;
}
