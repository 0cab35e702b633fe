import { sql } from 'kysely';
import type { WindowLink } from '../../../contract/shop-window-constants.ts';
import type { Db } from '../../db/connect.ts';

export type ItemKind = 'slide' | 'tile';

export interface SavedItem {
  kind: ItemKind;
  title: string;
  text: string;
  photo: string | null;
  link: WindowLink;
}

/** The saved window, each kind in the owner's order. */
export function savedItems(db: Db): Promise<SavedItem[]> {
  return db
    .selectFrom('shop_window_items')
    .select(['kind', 'title', 'text', 'photo', 'link'])
    .orderBy('kind')
    .orderBy('position')
    .execute();
}

/** Replaces the whole window (the caller's transaction): the items in their order, each kind from 0. */
export async function replaceItems(db: Db, items: readonly SavedItem[], demo = false): Promise<void> {
  await db.deleteFrom('shop_window_items').execute();
  const positions = { slide: 0, tile: 0 };
  const rows = items.map(({ link, ...item }) => ({
    ...item,
    link: JSON.stringify(link),
    position: positions[item.kind]++,
    demo,
  }));
  if (rows.length > 0) await db.insertInto('shop_window_items').values(rows).execute();
}

/** Of these segment/genre pairs, those with a product on sale, as `JSON.stringify([segment, genre])`. */
export async function pairsOnSale(db: Db, pairs: readonly [string, string][]): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const { rows } = await sql<{ userSegment: string; genre: string }>`
    SELECT pair.seg AS "userSegment", pair.genre FROM
      unnest(${pairs.map((p) => p[0])}::text[], ${pairs.map((p) => p[1])}::text[]) AS pair (seg, genre)
    WHERE EXISTS (SELECT 1 FROM products p WHERE p.active AND p.prod = 'apparel'
      AND p.user_segment = pair.seg AND p.genre = pair.genre)`.execute(db);
  return new Set(rows.map((row) => JSON.stringify([row.userSegment, row.genre])));
}

/** Of these product ids, those on sale, with the `prod` their address names. */
export async function productsOnSale(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('products')
    .select(['id', 'prod'])
    .where('id', 'in', [...ids])
    .where('active', '=', true)
    .execute();
  return new Map(rows.map((row) => [row.id, row.prod]));
}

export async function craftsOnSale(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('products')
    .select('id')
    .where('active', '=', true)
    .where('prod', '=', 'accessories')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Of these segment/genre pairs, those with a product on sale, each with a photo of its first listed
 * product (null when it has none), by `JSON.stringify([segment, genre])`.
 */
export async function pairPhotos(
  db: Db,
  pairs: readonly [string, string][],
): Promise<Map<string, string | null>> {
  if (pairs.length === 0) return new Map();
  const { rows } = await sql<{ userSegment: string; genre: string; photo: string | null }>`
    SELECT pair.seg AS "userSegment", pair.genre, first.photo FROM
      unnest(${pairs.map((p) => p[0])}::text[], ${pairs.map((p) => p[1])}::text[]) AS pair (seg, genre)
    CROSS JOIN LATERAL (SELECT p.photos[1] AS photo FROM products p WHERE p.active AND p.prod = 'apparel'
      AND p.user_segment = pair.seg AND p.genre = pair.genre ORDER BY p.id LIMIT 1) AS first`.execute(db);
  return new Map(rows.map((row) => [JSON.stringify([row.userSegment, row.genre]), row.photo]));
}

/** A photo of the first listed craft on sale (null when it has none); undefined when no craft is on sale. */
export async function craftsPhoto(db: Db): Promise<string | null | undefined> {
  const row = await db
    .selectFrom('products')
    .select(sql<string | null>`photos[1]`.as('photo'))
    .where('active', '=', true)
    .where('prod', '=', 'accessories')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.photo;
}

/** Of these photo names, those some product shows (the demo's drawings, a product's own upload). */
export async function productPhotos(db: Db, photos: readonly string[]): Promise<Set<string>> {
  if (photos.length === 0) return new Set();
  const { rows } = await sql<{ photo: string }>`
    SELECT DISTINCT photo FROM products, unnest(photos) AS photo
    WHERE photos && ${photos}::text[] AND photo = ANY(${photos}::text[])`.execute(db);
  return new Set(rows.map((row) => row.photo));
}
