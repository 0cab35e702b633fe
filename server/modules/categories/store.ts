import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';

/** A segment and genre as products name them. */
export interface Pair {
  userSegment: string;
  genre: string;
}

export interface TreeRow {
  segment: string;
  segmentDemo: boolean;
  /** null for a segment with no genre yet */
  genre: string | null;
  oneSize: boolean;
  genreDemo: boolean;
}

/** The tree as rows in menu order: each segment's genres in order, a segment without genres once. */
export async function treeRows(db: Db): Promise<TreeRow[]> {
  const { rows } = await sql<TreeRow>`
    SELECT s.name AS segment, s.demo AS "segmentDemo", g.name AS genre,
      coalesce(g.one_size, false) AS "oneSize", coalesce(g.demo, false) AS "genreDemo"
    FROM category_segments s LEFT JOIN category_genres g ON g.user_segment = s.name
    ORDER BY s.position, s.name, g.position, g.name`.execute(db);
  return rows;
}

export interface PairFigures extends Pair {
  /** products on sale */
  onSale: number;
  /** every product, withdrawn ones too */
  total: number;
}

/** Every apparel pair products name (as they spell it), with its products on sale and in all. */
export async function pairFigures(db: Db): Promise<PairFigures[]> {
  const { rows } = await sql<PairFigures>`
    SELECT user_segment AS "userSegment", genre, count(*) FILTER (WHERE active)::int AS "onSale",
      count(*)::int AS total
    FROM products WHERE prod = 'apparel'
    GROUP BY user_segment, genre`.execute(db);
  return rows;
}

/** Whether some of the pair's products have one unsized stock, and whether some have named sizes. */
export async function sizeKinds(db: Db, { userSegment, genre }: Pair) {
  const { rows } = await sql<{ unsized: boolean; sized: boolean }>`
    SELECT coalesce(bool_or(k.size = ''), false) AS unsized, coalesce(bool_or(k.size <> ''), false) AS sized
    FROM products p JOIN skus k ON k.product_id = p.id
    WHERE p.prod = 'apparel' AND p.user_segment = ${userSegment} AND p.genre = ${genre}`.execute(db);
  return rows[0] ?? { unsized: false, sized: false };
}

/**
 * Adds the pairs the tree lacks (names matched regardless of case) at the end, in the order given: a new
 * segment after the others, a new genre after its segment's others. Safe beside another adding the same.
 */
export async function addPairs(db: Db, pairs: readonly Pair[], demo = false): Promise<void> {
  for (const { userSegment, genre } of pairs) {
    await sql`INSERT INTO category_segments (name, position, demo)
      SELECT ${userSegment}, coalesce(max(position), 0) + 1, ${demo} FROM category_segments
      HAVING bool_or(lower(name) = lower(${userSegment})) IS NOT TRUE
      ON CONFLICT DO NOTHING`.execute(db);
    await sql`INSERT INTO category_genres (user_segment, name, position, demo)
      SELECT s.name, ${genre},
        (SELECT coalesce(max(position), 0) + 1 FROM category_genres WHERE user_segment = s.name), ${demo}
      FROM category_segments s
      WHERE lower(s.name) = lower(${userSegment}) AND NOT EXISTS (SELECT 1 FROM category_genres g
        WHERE g.user_segment = s.name AND lower(g.name) = lower(${genre}))
      ON CONFLICT DO NOTHING`.execute(db);
  }
}

/** Holds the tree against another change until the transaction ends. */
export async function lockTree(db: Db): Promise<void> {
  await sql`LOCK TABLE category_segments, category_genres IN EXCLUSIVE MODE`.execute(db);
}

export interface NewSegment {
  name: string;
  demo: boolean;
  genres: { name: string; oneSize: boolean; demo: boolean }[];
}

/** Replaces the whole tree, in the order given (the caller holds the lock). */
export async function replaceTree(db: Db, segments: readonly NewSegment[]): Promise<void> {
  await db.deleteFrom('category_genres').execute();
  await db.deleteFrom('category_segments').execute();
  if (segments.length === 0) return;
  await db
    .insertInto('category_segments')
    .values(segments.map((s, i) => ({ name: s.name, position: i + 1, demo: s.demo })))
    .execute();
  const genres = segments.flatMap((s) =>
    s.genres.map((g, i) => ({
      user_segment: s.name,
      name: g.name,
      position: i + 1,
      one_size: g.oneSize,
      demo: g.demo,
    })),
  );
  if (genres.length > 0) await db.insertInto('category_genres').values(genres).execute();
}

/** Drops the demo's genres no product names any more, then the demo's segments left without genres. */
export async function dropEmptyDemoPairs(db: Db): Promise<void> {
  await sql`DELETE FROM category_genres g WHERE g.demo AND NOT EXISTS (SELECT 1 FROM products p
    WHERE p.prod = 'apparel' AND lower(p.user_segment) = lower(g.user_segment)
      AND lower(p.genre) = lower(g.name))`.execute(db);
  await sql`DELETE FROM category_segments s WHERE s.demo
    AND NOT EXISTS (SELECT 1 FROM category_genres g WHERE g.user_segment = s.name)`.execute(db);
}
