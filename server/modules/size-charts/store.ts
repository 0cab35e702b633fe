import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';

/** Which chart: a genre's own (`sellerId` null) or a seller's for the genre. */
export interface ChartKeys {
  userSegment: string;
  genre: string;
  sellerId: number | null;
}

export interface ChartColumns extends ChartKeys {
  measurements: string[];
  rows: { size: string; values: number[] }[];
  howToMeasure: string;
}

const chartRows = (db: Db) =>
  db
    .selectFrom('size_charts')
    .leftJoin('sellers', 'sellers.id', 'size_charts.seller_id')
    .select([
      'size_charts.user_segment',
      'size_charts.genre',
      'size_charts.seller_id',
      'sellers.name as seller',
      'size_charts.measurements',
      'size_charts.rows',
      'size_charts.how_to_measure',
      'size_charts.updated_at',
    ]);
export type ChartRow = Awaited<ReturnType<ReturnType<typeof chartRows>['executeTakeFirstOrThrow']>>;

/** Every chart: by segment and genre, the genre's own before its sellers' (by name). */
export function allCharts(db: Db): Promise<ChartRow[]> {
  return chartRows(db)
    .orderBy('size_charts.user_segment')
    .orderBy('size_charts.genre')
    .orderBy(sql`sellers.name NULLS FIRST`)
    .execute();
}

export function chartByKeys(db: Db, keys: ChartKeys): Promise<ChartRow | undefined> {
  return chartRows(db)
    .where('size_charts.user_segment', '=', keys.userSegment)
    .where('size_charts.genre', '=', keys.genre)
    .where('size_charts.seller_id', keys.sellerId === null ? 'is' : '=', keys.sellerId)
    .executeTakeFirst();
}

/** The chart a product of this genre and seller shows: the seller's when there is one, else the genre's. */
export function chartFor(db: Db, userSegment: string, genre: string, sellerId: number) {
  return db
    .selectFrom('size_charts')
    .select(['measurements', 'rows', 'how_to_measure'])
    .where('user_segment', '=', userSegment)
    .where('genre', '=', genre)
    .where((eb) => eb.or([eb('seller_id', '=', sellerId), eb('seller_id', 'is', null)]))
    .orderBy(sql`seller_id NULLS LAST`)
    .limit(1)
    .executeTakeFirst();
}

/** Every apparel genre with each size its products (on sale or not) come in, one row per size. */
export function genreSizes(db: Db, only?: { userSegment: string; genre: string }) {
  let query = db
    .selectFrom('products')
    .innerJoin('skus', 'skus.product_id', 'products.id')
    .select(['products.user_segment as userSegment', 'products.genre', 'skus.size'])
    .distinct()
    .where('products.prod', '=', 'apparel');
  if (only) {
    query = query
      .where('products.user_segment', '=', only.userSegment)
      .where('products.genre', '=', only.genre);
  }
  return query.execute();
}

/** Every seller's id by name. */
export async function sellerIds(db: Db): Promise<Map<string, number>> {
  const rows = await db.selectFrom('sellers').select(['id', 'name']).execute();
  return new Map(rows.map((row) => [row.name, row.id]));
}

/** Writes the chart over the one with the same keys (or as a new one). */
export async function saveChart(db: Db, chart: ChartColumns): Promise<void> {
  const columns = {
    measurements: JSON.stringify(chart.measurements),
    rows: JSON.stringify(chart.rows),
    how_to_measure: chart.howToMeasure,
    updated_at: sql<Date>`now()`,
  };
  await db
    .insertInto('size_charts')
    .values({ user_segment: chart.userSegment, genre: chart.genre, seller_id: chart.sellerId, ...columns })
    .onConflict((oc) =>
      (chart.sellerId === null
        ? oc.columns(['user_segment', 'genre']).where('seller_id', 'is', null)
        : oc.columns(['user_segment', 'genre', 'seller_id']).where('seller_id', 'is not', null)
      ).doUpdateSet(columns),
    )
    .execute();
}

/** Removes the chart; whether there was one. */
export async function deleteChart(db: Db, keys: ChartKeys): Promise<boolean> {
  const result = await db
    .deleteFrom('size_charts')
    .where('user_segment', '=', keys.userSegment)
    .where('genre', '=', keys.genre)
    .where('seller_id', keys.sellerId === null ? 'is' : '=', keys.sellerId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The products whose page shows this chart or falls back from it: the genre's, or the seller's in it. */
export async function productsShowing(db: Db, keys: ChartKeys): Promise<number[]> {
  let query = db
    .selectFrom('products')
    .select('id')
    .where('prod', '=', 'apparel')
    .where('user_segment', '=', keys.userSegment)
    .where('genre', '=', keys.genre);
  if (keys.sellerId !== null) query = query.where('seller_id', '=', keys.sellerId);
  return (await query.execute()).map((row) => row.id);
}
