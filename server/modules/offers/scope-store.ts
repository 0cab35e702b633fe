import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { genreKey } from './scope.ts';

// What an offer's scope may name: what the catalogue and the sellers hold (sales and coupons alike)

/** Those of these ids that name a product. */
export async function existingProductIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('products')
    .select('id')
    .where(sql<boolean>`id = ANY(${ids}::int[])`)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Those of these segments that some apparel product is of (one index probe each). */
export async function existingSegments(db: Db, segments: readonly string[]): Promise<Set<string>> {
  if (segments.length === 0) return new Set();
  const { rows } = await sql<{ key: string }>`
    SELECT asked.user_segment AS key FROM unnest(${segments}::text[]) AS asked(user_segment)
    WHERE EXISTS (SELECT 1 FROM products p
      WHERE p.prod = 'apparel' AND p.user_segment = asked.user_segment)`.execute(db);
  return new Set(rows.map((row) => row.key));
}

/** Those of these segment and genre pairs that some apparel product is of, as genreKey (scope.ts) makes them. */
export async function existingGenres(
  db: Db,
  genres: readonly { userSegment: string; genre: string }[],
): Promise<Set<string>> {
  if (genres.length === 0) return new Set();
  const { rows } = await sql<{ userSegment: string; genre: string }>`
    SELECT asked.user_segment AS "userSegment", asked.genre
    FROM unnest(${genres.map((g) => g.userSegment)}::text[], ${genres.map((g) => g.genre)}::text[])
      AS asked(user_segment, genre)
    WHERE EXISTS (SELECT 1 FROM products p
      WHERE p.prod = 'apparel' AND p.user_segment = asked.user_segment AND p.genre = asked.genre)`.execute(
    db,
  );
  return new Set(rows.map((row) => genreKey(row.userSegment, row.genre)));
}

/** The id of each of these seller names that a seller has. */
export async function sellerIdsByName(db: Db, names: readonly string[]): Promise<Map<string, number>> {
  if (names.length === 0) return new Map();
  const rows = await db
    .selectFrom('sellers')
    .select(['id', 'name'])
    .where(sql<boolean>`name = ANY(${names}::text[])`)
    .execute();
  return new Map(rows.map((row) => [row.name, row.id]));
}
