import type { Db } from '../../db/connect.ts';
import type { Features, Specs } from '../../db/schema.ts';
import type { ArtSubject } from './art/scene.ts';

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

/** The product whose photo `file` is (named `{sku}-{n}.webp`), and which of its photos, if any. */
export async function findProductPhoto(
  db: Db,
  file: string,
): Promise<{ subject: ArtSubject; photo: number } | undefined> {
  const sku = /^(.+)-\d+\.webp$/.exec(file)?.[1]?.toUpperCase();
  if (!sku) return undefined;
  const row = await db
    .selectFrom('products')
    .select([...ART_COLUMNS, 'photos'])
    .where('sku', '=', sku)
    .executeTakeFirst();
  const index = row?.photos.indexOf(file) ?? -1;
  return row && index >= 0 ? { subject: subjectOf(row), photo: index + 1 } : undefined;
}

/** The product a review photo `file` shows, when a review names that photo. */
export async function findReviewPhoto(db: Db, file: string): Promise<ArtSubject | undefined> {
  const row = await db
    .selectFrom('reviews')
    .innerJoin('products', 'products.id', 'reviews.product_id')
    .select(ART_COLUMNS.map((column) => `products.${column}` as const))
    .where('reviews.photo', '=', file)
    .executeTakeFirst();
  return row ? subjectOf(row) : undefined;
}
