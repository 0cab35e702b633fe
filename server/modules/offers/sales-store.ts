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
