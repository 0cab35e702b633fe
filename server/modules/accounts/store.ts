import { sql, type Updateable } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { CustomersTable } from '../../db/schema.ts';

// One-time codes -------------------------------------------------------------------------------

/** Whom a code signs in: a shopper (the shop's routes) or a staff member (the back office's). */
export type CodePurpose = 'shopper' | 'staff';

/**
 * Serialises the sends of one phone number for one purpose, then those of one network, until the
 * transaction ends: the counts read next stay true until the new code is written. Always phone, then
 * network, then the budgets' locks (rate-limit.ts), so no two sends wait on each other.
 */
export async function lockPhoneAndNetwork(
  trx: Db,
  purpose: CodePurpose,
  phone: string,
  network: string,
): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`otp:${purpose}:${phone}`}))`.execute(trx);
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`otp-network:${purpose}:${network}`}))`.execute(trx);
}

export interface RecentSends {
  count: number;
  oldest: Date | null;
  newest: Date | null;
}

/** The codes of the last hour a send is limited by, each group counted apart. */
export interface SendCounts {
  /** to the phone, asked by this browser (its allowance, and the 30 s wait of any browser) */
  phoneBrowser: RecentSends;
  /** to the phone from this network, not on an allowance */
  phoneNetwork: RecentSends;
  /** to the phone from anywhere, not on an allowance (the ceiling) */
  phone: RecentSends;
  /** to any phone from this network, not on an allowance */
  network: RecentSends;
}

/** Counts, in one query, the codes of one purpose sent since `since` that a new send to `phone` is limited by. */
export async function sendCounts(
  db: Db,
  purpose: CodePurpose,
  asker: { phone: string; browserId: string; network: string },
  since: Date,
): Promise<SendCounts> {
  const { phone, browserId, network } = asker;
  const row = await db
    .selectFrom('otp_codes')
    .select((eb) => {
      const groups = {
        phoneBrowser: eb.and([eb('phone', '=', phone), eb('browser_id', '=', browserId)]),
        phoneNetwork: eb.and([
          eb('phone', '=', phone),
          eb('client_address', '=', network),
          eb('allowance', '=', false),
        ]),
        phone: eb.and([eb('phone', '=', phone), eb('allowance', '=', false)]),
        network: eb.and([eb('client_address', '=', network), eb('allowance', '=', false)]),
      };
      return Object.entries(groups).flatMap(([name, where]) => [
        eb.fn.countAll<number>().filterWhere(where).as(`${name}_count`),
        eb.fn.min('created_at').filterWhere(where).as(`${name}_oldest`),
        eb.fn.max('created_at').filterWhere(where).as(`${name}_newest`),
      ]);
    })
    .where('purpose', '=', purpose)
    .where('created_at', '>', since)
    .where((eb) => eb.or([eb('phone', '=', phone), eb('client_address', '=', network)]))
    .executeTakeFirstOrThrow();
  const read = row as unknown as Record<string, number | string | Date | null>;
  const group = (name: string): RecentSends => {
    const at = (value: unknown) => (value ? new Date(value as string) : null);
    return {
      count: Number(read[`${name}_count`]),
      oldest: at(read[`${name}_oldest`]),
      newest: at(read[`${name}_newest`]),
    };
  };
  return {
    phoneBrowser: group('phoneBrowser'),
    phoneNetwork: group('phoneNetwork'),
    phone: group('phone'),
    network: group('network'),
  };
}

export async function insertCode(
  db: Db,
  code: {
    purpose: CodePurpose;
    phone: string;
    codeHash: string;
    network: string;
    browserId: string;
    allowance: boolean;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<number> {
  const row = await db
    .insertInto('otp_codes')
    .values({
      purpose: code.purpose,
      phone: code.phone,
      code_hash: code.codeHash,
      client_address: code.network,
      browser_id: code.browserId,
      allowance: code.allowance,
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

export async function deleteCode(db: Db, id: number): Promise<void> {
  await db.deleteFrom('otp_codes').where('id', '=', id).execute();
}

/**
 * The newest code of one purpose that this browser asked for the phone: the only one it can verify, so
 * codes other browsers ask for meanwhile never replace it.
 */
export function latestCode(db: Db, purpose: CodePurpose, phone: string, browserId: string) {
  return db
    .selectFrom('otp_codes')
    .select(['id', 'code_hash', 'expires_at', 'failed_attempts', 'consumed_at'])
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .where('browser_id', '=', browserId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Counts one try against a live code, atomically, before the code is compared: concurrent guesses
 * cannot get past the limit. Undefined when the code is spent, expired or out of tries.
 */
export async function claimAttempt(db: Db, id: number, maxAttempts: number, now: Date) {
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
export async function consumeCode(db: Db, id: number, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('otp_codes')
    .set({ consumed_at: now })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

// Browsers that signed in -------------------------------------------------------------------------

/** Notes that the browser has signed in with the phone (again): it keeps a code allowance for it. */
export async function rememberBrowser(
  db: Db,
  purpose: CodePurpose,
  browserId: string,
  phone: string,
  at: Date,
): Promise<void> {
  await db
    .insertInto('signed_in_browsers')
    .values({ browser_id: browserId, phone, purpose, last_signed_in_at: at })
    .onConflict((oc) => oc.columns(['browser_id', 'phone', 'purpose']).doUpdateSet({ last_signed_in_at: at }))
    .execute();
}

export async function hasSignedIn(
  db: Db,
  purpose: CodePurpose,
  browserId: string,
  phone: string,
  since: Date,
): Promise<boolean> {
  const row = await db
    .selectFrom('signed_in_browsers')
    .select('phone')
    .where('browser_id', '=', browserId)
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .where('last_signed_in_at', '>', since)
    .executeTakeFirst();
  return row !== undefined;
}

/** Browsers that have not signed in since `before`: their allowance has lapsed. */
export async function forgetBrowsersBefore(db: Db, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('signed_in_browsers')
    .where('last_signed_in_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
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
