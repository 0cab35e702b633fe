import {
  CATEGORY_NAME_MAX,
  type CategoryTree,
  type CategoryTreeBody,
  RESERVED_SEGMENT,
} from '../../../contract/categories.ts';
import type { Db } from '../../db/connect.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { ChangeFeed } from '../../platform/changes.ts';
import { conflict, type FieldErrors, InvalidFields } from '../../platform/errors.ts';
import * as store from './store.ts';

export type { Pair } from './store.ts';

/** A pair as the tree spells it, and whether its genre is one-size. */
export interface PlacedPair extends store.Pair {
  oneSize: boolean;
}

// names are matched regardless of case: "home" is the segment "Home"
const segmentKey = (segment: string) => segment.toLowerCase();
const pairKey = (segment: string, genre: string) => `${segment.toLowerCase()}\u0000${genre.toLowerCase()}`;
const byName = (a: store.Pair, b: store.Pair) =>
  a.userSegment.localeCompare(b.userSegment) || a.genre.localeCompare(b.genre);
const label = (segment: string, genre: string) => `${segment} › ${genre}`;

/** What is wrong with a segment's or genre's name (trimmed), or undefined; a product's pair is held to it too. */
export function nameProblem(name: string, segment: boolean): string | undefined {
  if (name === '') return 'Required';
  if (name.length > CATEGORY_NAME_MAX) return `At most ${CATEGORY_NAME_MAX} characters`;
  if (segment && segmentKey(name) === RESERVED_SEGMENT)
    return `"${RESERVED_SEGMENT}" is the crafts listing's address: choose another name`;
  return undefined;
}

/** The body's names trimmed, or every field's error at once (`segments.1.genres.0.name`). */
function validTree(body: CategoryTreeBody): CategoryTreeBody['segments'] {
  const errors: FieldErrors = {};
  const segments = body.segments.map((s) => ({
    name: s.name.trim(),
    genres: s.genres.map((g) => ({ name: g.name.trim(), oneSize: g.oneSize })),
  }));
  const seen = new Set<string>();
  for (const [i, segment] of segments.entries()) {
    const at = `segments.${i}.name`;
    const problem = nameProblem(segment.name, true);
    if (problem) errors[at] = problem;
    else if (seen.has(segmentKey(segment.name))) errors[at] = 'Each segment once';
    seen.add(segmentKey(segment.name));
    const genres = new Set<string>();
    for (const [j, genre] of segment.genres.entries()) {
      const key = `segments.${i}.genres.${j}.name`;
      const wrong = nameProblem(genre.name, false);
      if (wrong) errors[key] = wrong;
      else if (genres.has(segmentKey(genre.name))) errors[key] = 'Each genre once in its segment';
      genres.add(segmentKey(genre.name));
    }
  }
  if (Object.keys(errors).length > 0) throw new InvalidFields(errors);
  return segments;
}

/**
 * The owner's categories (issue 38): the apparel segments and their genres in menu order, and which genres
 * are one-size. Products name their pair by text; a pair the tree lacks is added at the end as the product
 * is saved (and, for rows written otherwise, when the tree is next read), so clients that know nothing of
 * the tree keep working.
 */
export class Categories {
  constructor(
    private readonly db: Db,
    private readonly changes: ChangeFeed,
  ) {}

  /** The tree in menu order, each genre with its products on sale. */
  async tree(): Promise<CategoryTree> {
    const figures = await store.pairFigures(this.db);
    let rows = await store.treeRows(this.db);
    const placed = new Set(rows.map((row) => pairKey(row.segment, row.genre ?? '')));
    const missing = figures.filter((f) => !placed.has(pairKey(f.userSegment, f.genre))).sort(byName);
    if (missing.length > 0) {
      await store.addPairs(this.db, missing);
      rows = await store.treeRows(this.db);
    }
    const onSale = new Map<string, number>();
    for (const f of figures) {
      const key = pairKey(f.userSegment, f.genre);
      onSale.set(key, (onSale.get(key) ?? 0) + f.onSale);
    }
    const segments: CategoryTree['segments'] = [];
    for (const row of rows) {
      if (segments.at(-1)?.name !== row.segment) segments.push({ name: row.segment, genres: [] });
      if (row.genre === null) continue;
      const products = onSale.get(pairKey(row.segment, row.genre)) ?? 0;
      segments.at(-1)?.genres.push({ name: row.genre, oneSize: row.oneSize, products });
    }
    return { segments };
  }

  /**
   * Sets the order and adds what is new. Refused, nothing changed: a bad name (400), a pair with products
   * left out (409), a genre made one-size whose products have named sizes or the other way round (400).
   */
  async save(body: CategoryTreeBody, actor: string): Promise<CategoryTree> {
    const segments = validTree(body);
    await this.tree(); // every pair products name is in the tree before it is replaced
    await this.db.transaction().execute(async (trx) => {
      await store.lockTree(trx);
      const [figures, rows] = await Promise.all([store.pairFigures(trx), store.treeRows(trx)]);
      const wanted = new Map<string, { oneSize: boolean; at: string }>();
      for (const [i, s] of segments.entries())
        for (const [j, g] of s.genres.entries())
          wanted.set(pairKey(s.name, g.name), {
            oneSize: g.oneSize,
            at: `segments.${i}.genres.${j}.oneSize`,
          });
      const left = figures.find((f) => f.total > 0 && !wanted.has(pairKey(f.userSegment, f.genre)));
      if (left)
        throw conflict(
          `${label(left.userSegment, left.genre)} has ${left.total} product${left.total === 1 ? '' : 's'}: keep it, or move its products to another genre first`,
        );
      const errors: FieldErrors = {};
      const oneSizeNow = new Map(rows.map((r) => [pairKey(r.segment, r.genre ?? ''), r.oneSize]));
      for (const f of figures) {
        const want = wanted.get(pairKey(f.userSegment, f.genre));
        if (!want || want.oneSize === oneSizeNow.get(pairKey(f.userSegment, f.genre))) continue;
        const { sized, unsized } = await store.sizeKinds(trx, f);
        if (want.oneSize && sized) errors[want.at] = 'Its products have named sizes: it cannot be one-size';
        if (!want.oneSize && unsized) errors[want.at] = 'Its products are one-size: keep it one-size';
      }
      if (Object.keys(errors).length > 0) throw new InvalidFields(errors);
      const demoSegments = new Set(rows.filter((r) => r.segmentDemo).map((r) => segmentKey(r.segment)));
      const demoGenres = new Set(
        rows.filter((r) => r.genreDemo && r.genre !== null).map((r) => pairKey(r.segment, r.genre ?? '')),
      );
      await store.replaceTree(
        trx,
        segments.map((s) => ({
          name: s.name,
          demo: demoSegments.has(segmentKey(s.name)),
          genres: s.genres.map((g) => ({ ...g, demo: demoGenres.has(pairKey(s.name, g.name)) })),
        })),
      );
      await recordAudit(trx, {
        actor,
        action: 'categories.save',
        subject: 'categories',
        details: { segments },
      });
    });
    // the menu, /home and the shop window follow the new order at once
    this.changes.announce({ everything: true });
    return this.tree();
  }

  /**
   * Places pairs as the tree spells them (matched regardless of case), with whether the genre is one-size;
   * a pair the tree lacks as given, sized. Read once for a product's checks, or a whole file's.
   */
  async placer(): Promise<(pair: store.Pair) => PlacedPair> {
    const rows = await store.treeRows(this.db);
    const segments = new Map(rows.map((r) => [segmentKey(r.segment), r.segment]));
    const genres = new Map(
      rows.flatMap((r) => (r.genre === null ? [] : [[pairKey(r.segment, r.genre), r] as const])),
    );
    return ({ userSegment, genre }) => {
      const row = genres.get(pairKey(userSegment, genre));
      if (row?.genre) return { userSegment: row.segment, genre: row.genre, oneSize: row.oneSize };
      return { userSegment: segments.get(segmentKey(userSegment)) ?? userSegment, genre, oneSize: false };
    };
  }

  /**
   * Adds the pairs saved products name that the tree lacks, at the end in the order given (each once: an
   * import's rows name few pairs many times), in the caller's transaction.
   */
  add(trx: Db, pairs: readonly store.Pair[]): Promise<void> {
    const once = new Map(pairs.map((pair) => [pairKey(pair.userSegment, pair.genre), pair]));
    return store.addPairs(trx, [...once.values()]);
  }

  /**
   * Puts pairs in menu order: the tree's, then pairs it lacks (written by no save yet) by name. `GET /home`
   * and the menu read it.
   */
  async inMenuOrder<T extends store.Pair>(pairs: T[]): Promise<T[]> {
    const rows = await store.treeRows(this.db);
    const segmentAt = new Map<string, number>();
    const genreAt = new Map<string, number>();
    for (const [i, row] of rows.entries()) {
      if (!segmentAt.has(segmentKey(row.segment))) segmentAt.set(segmentKey(row.segment), i);
      if (row.genre !== null) genreAt.set(pairKey(row.segment, row.genre), i);
    }
    const at = (map: Map<string, number>, key: string) => map.get(key) ?? Number.MAX_SAFE_INTEGER;
    return pairs.sort(
      (a, b) =>
        at(segmentAt, segmentKey(a.userSegment)) - at(segmentAt, segmentKey(b.userSegment)) ||
        a.userSegment.localeCompare(b.userSegment) ||
        at(genreAt, pairKey(a.userSegment, a.genre)) - at(genreAt, pairKey(b.userSegment, b.genre)) ||
        byName(a, b),
    );
  }
}

/** For the demo's seed: every pair its products name, in the tree by name order, marked the demo's. */
export async function addDemoPairs(trx: Db): Promise<void> {
  const pairs = (await store.pairFigures(trx)).sort(byName);
  await store.addPairs(trx, pairs, true);
}

/** For the demo's removal: the demo's pairs no product names any more leave the tree. */
export const dropEmptyDemoPairs = (trx: Db): Promise<void> => store.dropEmptyDemoPairs(trx);
