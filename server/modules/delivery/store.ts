import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';

export async function partnerId(db: Db, code: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('delivery_partners')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirst();
  return row?.id;
}

/** Whether the partner collects cash on delivery at the pincode (it serves it with `cod` Y). */
export async function collectsCash(db: Db, partnerId: number, pincode: string): Promise<boolean> {
  const row = await db
    .selectFrom('partner_pincodes')
    .select('pincode')
    .where('partner_id', '=', partnerId)
    .where('pincode', '=', pincode)
    .where('cod', '=', true)
    .executeTakeFirst();
  return row !== undefined;
}

export async function serves(db: Db, partnerId: number, pincode: string): Promise<boolean> {
  const row = await db
    .selectFrom('partner_pincodes')
    .select('pincode')
    .where('partner_id', '=', partnerId)
    .where('pincode', '=', pincode)
    .executeTakeFirst();
  return row !== undefined;
}

/** The pincode's row in haat's pincode table, or undefined when the table has none. */
export function pincodeRow(db: Db, pincode: string) {
  return db
    .selectFrom('pincodes')
    .select(['pincode', 'district', 'state'])
    .where('pincode', '=', pincode)
    .executeTakeFirst();
}

// The back office's partners ---------------------------------------------------------------------------

/** Each partner with how many pincodes it serves and how many of its products are on sale. */
function partnerRows(db: Db) {
  return db
    .selectFrom('delivery_partners')
    .select((eb) => [
      'delivery_partners.id',
      'delivery_partners.code',
      'delivery_partners.name',
      'delivery_partners.tracking_url',
      'delivery_partners.min_days',
      'delivery_partners.max_days',
      eb
        .selectFrom('partner_pincodes')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('partner_pincodes.partner_id', '=', 'delivery_partners.id')
        .as('pincodes'),
      eb
        .selectFrom('partner_pincodes')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('partner_pincodes.partner_id', '=', 'delivery_partners.id')
        .where('partner_pincodes.cod', '=', true)
        .as('cod_pincodes'),
      eb
        .selectFrom('products')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('products.partner_id', '=', 'delivery_partners.id')
        .where('products.active', '=', true)
        .as('active_products'),
    ]);
}
export type PartnerRow = Awaited<ReturnType<ReturnType<typeof partnerRows>['executeTakeFirstOrThrow']>>;

export function allPartners(db: Db): Promise<PartnerRow[]> {
  return partnerRows(db)
    .orderBy(sql`lower(delivery_partners.name)`)
    .orderBy('delivery_partners.code')
    .execute();
}

export function partnerByCode(db: Db, code: string): Promise<PartnerRow | undefined> {
  return partnerRows(db).where('delivery_partners.code', '=', code).executeTakeFirst();
}

/** Whether a partner's code is `code` regardless of case. */
export async function codeTaken(db: Db, code: string): Promise<boolean> {
  const row = await db
    .selectFrom('delivery_partners')
    .select('id')
    .where(sql<boolean>`lower(code) = lower(${code})`)
    .executeTakeFirst();
  return row !== undefined;
}

/** A partner's own columns as the back office writes them. */
type PartnerColumns = {
  name: string;
  tracking_url: string;
  min_days: number | null;
  max_days: number | null;
};

export async function insertPartner(db: Db, partner: PartnerColumns & { code: string }): Promise<void> {
  await db.insertInto('delivery_partners').values(partner).execute();
}

/** Locks the partner's row for a change; its id, or undefined when there is none. */
export async function lockPartner(db: Db, code: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('delivery_partners')
    .select('id')
    .where('code', '=', code)
    .forUpdate()
    .executeTakeFirst();
  return row?.id;
}

export async function updatePartner(db: Db, id: number, columns: PartnerColumns): Promise<void> {
  await db.updateTable('delivery_partners').set(columns).where('id', '=', id).execute();
}

/**
 * Makes `pincodes` the partner's whole list, with where it collects cash on delivery, adding the reference
 * rows they need (India's list ships with haat; an empty shop has none yet). Tens of thousands of rows: one
 * array per column, not a row each.
 */
export async function replacePincodes(
  trx: Db,
  partnerId: number,
  pincodes: readonly { pincode: string; office: string; district: string; state: string; cod: boolean }[],
): Promise<void> {
  const column = (key: 'pincode' | 'office' | 'district' | 'state') => pincodes.map((p) => p[key]);
  await sql`INSERT INTO pincodes (pincode, office, district, state)
    SELECT * FROM unnest(${column('pincode')}::text[], ${column('office')}::text[],
      ${column('district')}::text[], ${column('state')}::text[])
    ON CONFLICT (pincode) DO NOTHING`.execute(trx);
  await trx.deleteFrom('partner_pincodes').where('partner_id', '=', partnerId).execute();
  await sql`INSERT INTO partner_pincodes (partner_id, pincode, cod)
    SELECT ${partnerId}, * FROM unnest(${column('pincode')}::text[], ${pincodes.map((p) => p.cod)}::boolean[])`.execute(
    trx,
  );
}

/** Serialises adding partners, so a code is checked and taken by one transaction at a time. */
export async function lockPartners(trx: Db): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('delivery_partners'))`.execute(trx);
}
