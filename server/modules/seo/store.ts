import type { Prod } from '../../../contract/catalogue.ts';
import type { Db } from '../../db/connect.ts';

/** The listings a shopper can open: every segment/genre pair of apparel on sale, and the crafts when any are. */
export async function liveListings(db: Db) {
  const rows = await db
    .selectFrom('products')
    .select(['prod', 'user_segment as userSegment', 'genre'])
    .distinct()
    .where('active', '=', true)
    .execute();
  const apparel = rows
    .filter((row) => row.prod === 'apparel')
    .map(({ userSegment, genre }) => ({ userSegment, genre }))
    // sorted here, not by the database's collation, so both engines list alike
    .sort((a, b) => a.userSegment.localeCompare(b.userSegment) || a.genre.localeCompare(b.genre));
  return { apparel, accessories: rows.some((row) => row.prod === 'accessories') };
}

export async function countLiveProducts(db: Db): Promise<number> {
  const { count } = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('active', '=', true)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Products on sale in id order, `limit` of them from the `offset`-th. */
export function liveProducts(db: Db, offset: number, limit: number): Promise<{ id: number; prod: Prod }[]> {
  return db
    .selectFrom('products')
    .select(['id', 'prod'])
    .where('active', '=', true)
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute();
}
