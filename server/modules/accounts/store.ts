import { sql, type Updateable } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { CustomersTable } from '../../db/schema.ts';

// One-time codes -------------------------------------------------------------------------------

/** Whom a code signs in: a shopper (the shop's routes) or a staff member (the back office's). */
export type CodePurpose = 'shopper' | 'staff';

/** Serialises the sends of one phone number for one purpose until the transaction ends. */
export async function lockPhone(trx: Db, purpose: CodePurpose, phone: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`otp:${purpose}:${phone}`}))`.execute(trx);
}

export interface RecentSends {
  count: number;
  oldest: Date | null;
  newest: Date | null;
}

/** Codes of one purpose sent since `since` to a phone, from a client address, or to a phone from one address. */
export async function recentSends(
  db: Db,
  purpose: CodePurpose,
  by: { phone: string; clientAddress?: string } | { phone?: string; clientAddress: string },
  since: Date,
): Promise<RecentSends> {
  let query = db
    .selectFrom('otp_codes')
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.min('created_at').as('oldest'),
      eb.fn.max('created_at').as('newest'),
    ])
    .where('purpose', '=', purpose)
    .where('created_at', '>', since);
  if (by.phone !== undefined) query = query.where('phone', '=', by.phone);
  if (by.clientAddress !== undefined) query = query.where('client_address', '=', by.clientAddress);
  const row = await query.executeTakeFirstOrThrow();
  return {
    count: Number(row.count),
    oldest: row.oldest ? new Date(row.oldest) : null,
    newest: row.newest ? new Date(row.newest) : null,
  };
}

export async function insertCode(
  db: Db,
  code: {
    purpose: CodePurpose;
    phone: string;
    codeHash: string;
    clientAddress: string;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<string> {
  const row = await db
    .insertInto('otp_codes')
    .values({
      purpose: code.purpose,
      phone: code.phone,
      code_hash: code.codeHash,
      client_address: code.clientAddress,
      created_at: code.createdAt,
      expires_at: code.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Codes older than every limit that counts them are of no use: each send clears its phone's. */
export async function deleteCodesBefore(db: Db, phone: string, before: Date): Promise<void> {
  await db.deleteFrom('otp_codes').where('phone', '=', phone).where('created_at', '<', before).execute();
}

/** Every code sent before `before`, whatever its phone. */
export async function deleteAllCodesBefore(db: Db, before: Date): Promise<number> {
  const result = await db.deleteFrom('otp_codes').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteCode(db: Db, id: string): Promise<void> {
  await db.deleteFrom('otp_codes').where('id', '=', id).execute();
}

/** The phone's newest code of one purpose: the only one that can be verified for it. */
export function latestCode(db: Db, purpose: CodePurpose, phone: string) {
  return db
    .selectFrom('otp_codes')
    .select(['id', 'code_hash', 'expires_at', 'failed_attempts', 'consumed_at'])
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Counts one try against a live code, atomically, before the code is compared: concurrent guesses
 * cannot get past the limit. Undefined when the code is spent, expired or out of tries.
 */
export async function claimAttempt(db: Db, id: string, maxAttempts: number, now: Date) {
  return db
    .updateTable('otp_codes')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .where('failed_attempts', '<', maxAttempts)
    .returning(['code_hash'])
    .executeTakeFirst();
}

/** Marks the code used; false when another request used it first. */
export async function consumeCode(db: Db, id: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('otp_codes')
    .set({ consumed_at: now })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

// Customers ------------------------------------------------------------------------------------

export function findCustomerById(db: Db, id: number) {
  return db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findCustomerByPhone(db: Db, phone: string) {
  return db.selectFrom('customers').select(['id', 'fname']).where('phone', '=', phone).executeTakeFirst();
}

export async function phoneRegistered(db: Db, phone: string): Promise<boolean> {
  return (await findCustomerByPhone(db, phone)) !== undefined;
}

export async function emailRegistered(db: Db, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('customers')
    .select('id')
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertCustomer(
  db: Db,
  customer: { phone: string; email: string; fname: string; lname: string },
): Promise<number> {
  const row = await db.insertInto('customers').values(customer).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export type ProfileUpdate = Pick<
  Updateable<CustomersTable>,
  | 'fname'
  | 'lname'
  | 'gender'
  | 'house_no'
  | 'road_name'
  | 'area_name'
  | 'post_office'
  | 'city'
  | 'pin'
  | 'state'
  | 'alt_phone'
  | 'sms_updates'
>;

export async function updateCustomer(db: Db, id: number, fields: ProfileUpdate, now: Date): Promise<void> {
  await db
    .updateTable('customers')
    .set({ ...fields, updated_at: now })
    .where('id', '=', id)
    .execute();
}
