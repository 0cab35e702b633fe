import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { StoredScope } from '../../db/schema.ts';

const SALE_COLUMNS = ['id', 'title', 'percent_off', 'scope', 'starts_at', 'ends_at', 'stopped_at'] as const;

export interface SaleColumns {
  title: string;
  percent_off: number;
  scope: StoredScope;
  starts_at: Date;
  ends_at: Date;
}

export type SaleRow = Awaited<ReturnType<typeof saleById>> & {};

/** Every sale, the newest first. */
export async function allSales(db: Db) {
  return db.selectFrom('sales').select(SALE_COLUMNS).orderBy('id', 'desc').execute();
}

/** The sales neither stopped nor ended at `now`: live or still to come. */
export async function pendingSales(db: Db, now: Date) {
  return db
    .selectFrom('sales')
    .select(SALE_COLUMNS)
    .where('stopped_at', 'is', null)
    .where('ends_at', '>', now)
    .execute();
}

/**
 * The sales that started, ended or were stopped after `since`: what may have moved a bag's price since
 * its shopper looked (create-order's 409 names it).
 */
export async function salesChangedSince(db: Db, since: Date) {
  return db
    .selectFrom('sales')
    .select(SALE_COLUMNS)
    .where((eb) =>
      eb.or([eb('starts_at', '>', since), eb(eb.fn.coalesce('stopped_at', 'ends_at'), '>', since)]),
    )
    .execute();
}

/**
 * Per sale: the order lines it priced, what it took off them and what was paid for them. Every line it
 * priced counts, whatever became of it later (cancelled, returned), as a coupon's use counts once its
 * order is placed.
 */
export async function saleTotals(db: Db) {
  return db
    .selectFrom('order_lines')
    .select([
      'sale_id',
      (eb) => eb.fn.countAll<string>().as('uses'),
      (eb) => eb.fn.sum<string>('sale_saving_paise').as('saving_paise'),
      (eb) => eb.fn.sum<string>('paid_paise').as('paid_paise'),
    ])
    .where('sale_id', 'is not', null)
    .groupBy('sale_id')
    .execute();
}

export async function saleById(db: Db, id: number) {
  return db.selectFrom('sales').select(SALE_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** The sale's row, locked until the caller's transaction ends. */
export async function lockSale(db: Db, id: number) {
  return db.selectFrom('sales').select(SALE_COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function insertSale(db: Db, columns: SaleColumns): Promise<number> {
  const row = await db
    .insertInto('sales')
    .values({ ...columns, scope: JSON.stringify(columns.scope) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateSale(db: Db, id: number, columns: SaleColumns): Promise<void> {
  await db
    .updateTable('sales')
    .set({ ...columns, scope: JSON.stringify(columns.scope), updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function stopSale(db: Db, id: number, at: Date): Promise<void> {
  await db
    .updateTable('sales')
    .set({ stopped_at: at, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}
