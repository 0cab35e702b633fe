import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { StaffRole } from '../../db/schema.ts';

// People ---------------------------------------------------------------------------------------------

export interface PersonRow {
  id: number;
  name: string;
  phone: string;
  role: StaffRole;
  created_at: Date;
}

const PERSON = ['id', 'name', 'phone', 'role', 'created_at'] as const;

/** The new person, or undefined when the phone is already a current person's. */
export function insertPerson(
  db: Db,
  person: { name: string; phone: string; role: StaffRole },
): Promise<PersonRow | undefined> {
  return db
    .insertInto('staff')
    .values(person)
    .onConflict((oc) => oc.column('phone').where('removed_at', 'is', null).doNothing())
    .returning(PERSON)
    .executeTakeFirst();
}

/** Current people, each with how many passkeys they have (the owner sees who has one). */
export function currentPeople(db: Db) {
  return db
    .selectFrom('staff')
    .select((eb) => [
      ...PERSON,
      eb
        .selectFrom('passkeys')
        .select((sub) => sub.fn.countAll<string>().as('n'))
        .whereRef('passkeys.staff_id', '=', 'staff.id')
        .as('passkeys'),
    ])
    .where('removed_at', 'is', null)
    .orderBy('id')
    .execute();
}

/** A current (not removed) person, by id or by phone. */
export function currentPerson(
  db: Db,
  by: { id: number } | { phone: string },
): Promise<PersonRow | undefined> {
  const query = db.selectFrom('staff').select(PERSON).where('removed_at', 'is', null);
  return (
    'id' in by ? query.where('id', '=', by.id) : query.where('phone', '=', by.phone)
  ).executeTakeFirst();
}

/** Serialises changes of who is staff, so two removals cannot leave the shop without an owner. */
export async function lockPeople(trx: Db): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('staff'))`.execute(trx);
}

export async function countOwners(trx: Db): Promise<number> {
  const row = await trx
    .selectFrom('staff')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('removed_at', 'is', null)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Removes the person (the row stays, so the activity log can still name them) and ends their sessions. */
export async function removePerson(trx: Db, id: number, now: Date): Promise<void> {
  await trx.updateTable('staff').set({ removed_at: now }).where('id', '=', id).execute();
  await trx.deleteFrom('staff_sessions').where('staff_id', '=', id).execute();
}

// Sessions -------------------------------------------------------------------------------------------

export async function insertSession(db: Db, id: string, staffId: number, now: Date): Promise<void> {
  await db
    .insertInto('staff_sessions')
    .values({ id, staff_id: staffId, created_at: now, last_seen_at: now })
    .execute();
}

/** The session's current person and when it was last used; none once the person is removed. */
export function sessionPerson(db: Db, id: string) {
  return db
    .selectFrom('staff_sessions')
    .innerJoin('staff', 'staff.id', 'staff_sessions.staff_id')
    .select(['staff.id', 'staff.name', 'staff.role', 'staff_sessions.last_seen_at'])
    .where('staff_sessions.id', '=', id)
    .where('staff.removed_at', 'is', null)
    .executeTakeFirst();
}

export async function touchSession(db: Db, id: string, now: Date): Promise<void> {
  await db.updateTable('staff_sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
}

/** The deleted session's person, or undefined when there was none. */
export async function deleteSession(db: Db, id: string): Promise<number | undefined> {
  const row = await db
    .deleteFrom('staff_sessions')
    .where('id', '=', id)
    .returning('staff_id')
    .executeTakeFirst();
  return row?.staff_id;
}

export async function deleteSessionsIdleSince(db: Db, before: Date): Promise<number> {
  const result = await db.deleteFrom('staff_sessions').where('last_seen_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

// Activity -------------------------------------------------------------------------------------------

/**
 * Audit entries newest first, from before `before`, with the name of a `staff:<id>` actor and the phone
 * of a `customer:<id>` one (each looked up by primary key, so a page costs its own rows only).
 */
export function activityPage(db: Db, before: number | undefined, limit: number) {
  let query = db
    .selectFrom('audit_log')
    .select((eb) => [
      'id',
      'actor',
      'action',
      'subject',
      'details',
      'created_at',
      eb.selectFrom('staff').select('name').where('staff.id', '=', actorId('staff')).as('staff_name'),
      eb
        .selectFrom('customers')
        .select('phone')
        .where('customers.id', '=', actorId('customer'))
        .as('customer_phone'),
    ])
    .orderBy('id', 'desc')
    .limit(limit);
  if (before !== undefined) query = query.where('id', '<', before);
  return query.execute();
}

/** `<kind>:<id>`'s id, or null for any other actor. */
const actorId = (kind: 'staff' | 'customer') =>
  sql<number>`CASE WHEN audit_log.actor ~ ${`^${kind}:[0-9]{1,9}$`}
    THEN substr(audit_log.actor, ${kind.length + 2})::integer END`;
