import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';

/** A seller's columns as the back office writes them (`address` is the first line). */
export interface SellerColumns {
  name: string;
  legal_name: string;
  address: string;
  address_line2: string | null;
  city: string;
  pincode: string;
  state: string;
  gstin: string;
  pan: string;
  phone: string | null;
  email: string | null;
  handover_days: number;
}

/** A seller, with how many of its products are on sale and how many are paused with it. */
function sellerRows(db: Db) {
  return db
    .selectFrom('sellers')
    .select((eb) => [
      'sellers.id',
      'sellers.name',
      'sellers.legal_name',
      'sellers.address',
      'sellers.address_line2',
      'sellers.city',
      'sellers.pincode',
      'sellers.state',
      'sellers.gstin',
      'sellers.pan',
      'sellers.phone',
      'sellers.email',
      'sellers.active',
      'sellers.handover_days',
      'sellers.commission_bp',
      eb
        .selectFrom('products')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('products.seller_id', '=', 'sellers.id')
        .where('products.active', '=', true)
        .as('active_products'),
      eb
        .selectFrom('products')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('products.seller_id', '=', 'sellers.id')
        .where('products.paused_with_seller', '=', true)
        .as('paused_products'),
    ]);
}
export type SellerRow = Awaited<ReturnType<ReturnType<typeof sellerRows>['executeTakeFirstOrThrow']>>;

/** Every seller, by name (as a person reads a list, regardless of case). */
export function allSellers(db: Db): Promise<SellerRow[]> {
  return sellerRows(db).orderBy(sql`lower(sellers.name)`).orderBy('sellers.id').execute();
}

export function sellerById(db: Db, id: number): Promise<SellerRow | undefined> {
  return sellerRows(db).where('sellers.id', '=', id).executeTakeFirst();
}

/** The seller, other than `except`, whose name is `name` regardless of case. */
export async function sameName(db: Db, name: string, except?: number): Promise<boolean> {
  let query = db.selectFrom('sellers').select('id').where(sql<boolean>`lower(name) = lower(${name})`);
  if (except !== undefined) query = query.where('id', '<>', except);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertSeller(db: Db, columns: SellerColumns): Promise<number> {
  const row = await db.insertInto('sellers').values(columns).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Locks the seller's row for a change; its name, whether it is active and its commission, or undefined when none. */
export function lockSeller(db: Db, id: number) {
  return db
    .selectFrom('sellers')
    .select(['id', 'name', 'active', 'commission_bp'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateSeller(
  db: Db,
  id: number,
  columns: SellerColumns | { active: boolean },
): Promise<void> {
  await db.updateTable('sellers').set(columns).where('id', '=', id).execute();
}

export async function updateCommission(db: Db, id: number, commissionBp: number): Promise<void> {
  await db.updateTable('sellers').set({ commission_bp: commissionBp }).where('id', '=', id).execute();
}

/** PostgreSQL's unique violation of the sellers' names, lost to a concurrent save of the same name. */
export const isNameTaken = (error: unknown) =>
  (error as { code?: string; constraint?: string }).code === '23505' &&
  (error as { constraint?: string }).constraint === 'sellers_name_idx';
