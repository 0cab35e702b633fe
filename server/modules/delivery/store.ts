import type { Db } from '../../db/connect.ts';

export async function partnerId(db: Db, code: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('delivery_partners')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirst();
  return row?.id;
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
