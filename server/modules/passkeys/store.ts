import type { Db } from '../../db/connect.ts';
import type { PasskeyKind, PasskeyPurpose } from '../../db/schema.ts';

/** A passkey's owner: a staff member (the back office) or a customer (the shop). */
export interface Owner {
  kind: PasskeyKind;
  id: number;
}

const ownerColumn = (kind: PasskeyKind) => (kind === 'staff' ? 'staff_id' : 'customer_id');

// User handles -----------------------------------------------------------------------------------------

/** The owner's user handle: `candidate` the first time, the one they have ever after. */
export async function userHandle(db: Db, owner: Owner, candidate: string): Promise<string> {
  const column = ownerColumn(owner.kind);
  await db
    .insertInto('passkey_users')
    .values({ handle: candidate, [column]: owner.id })
    .onConflict((oc) => oc.column(column).doNothing())
    .execute();
  const row = await db
    .selectFrom('passkey_users')
    .select('handle')
    .where(column, '=', owner.id)
    .executeTakeFirstOrThrow();
  return row.handle;
}

// Passkeys ---------------------------------------------------------------------------------------------

const LISTED = ['id', 'name', 'created_at', 'last_used_at'] as const;

export function passkeysOf(db: Db, owner: Owner) {
  return db
    .selectFrom('passkeys')
    .select([...LISTED, 'transports'])
    .where(ownerColumn(owner.kind), '=', owner.id)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The new passkey, or undefined when its credential id is registered already. */
export function insertPasskey(
  db: Db,
  owner: Owner,
  passkey: { id: string; publicKey: Uint8Array; signCount: number; transports: string[]; name: string },
) {
  return db
    .insertInto('passkeys')
    .values({
      id: passkey.id,
      [ownerColumn(owner.kind)]: owner.id,
      public_key: passkey.publicKey,
      sign_count: passkey.signCount,
      transports: passkey.transports,
      name: passkey.name,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning(['id', 'name', 'created_at'])
    .executeTakeFirst();
}

/**
 * A passkey of a current person of `kind`, with its owner's handle: a removed staff member's passkeys
 * are deleted with them, and the join keeps a race with that removal out too.
 */
export function passkeyForSignIn(db: Db, kind: PasskeyKind, id: string) {
  const column = ownerColumn(kind);
  return db
    .selectFrom('passkeys')
    .innerJoin('passkey_users', `passkey_users.${column}`, `passkeys.${column}`)
    .select([
      'passkeys.id',
      `passkeys.${column} as owner_id`,
      'passkeys.public_key',
      'passkeys.transports',
      'passkey_users.handle',
    ])
    .where('passkeys.id', '=', id)
    .$narrowType<{ owner_id: number }>()
    .executeTakeFirst();
}

/**
 * Records a use with the authenticator's new sign count, atomically with the check that it is 0 or above
 * the stored one (anything else is a cloned authenticator); false when refused.
 */
export async function recordUse(db: Db, id: string, signCount: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('passkeys')
    .set((eb) => ({
      sign_count: eb.fn<number>('greatest', ['sign_count', eb.val(signCount)]),
      last_used_at: now,
    }))
    .where('id', '=', id)
    .where((eb) => eb.or([eb(eb.val(signCount), '=', 0), eb('sign_count', '<', signCount)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes one of the owner's passkeys: its name, or undefined when they have none of that id. */
export async function deletePasskey(db: Db, owner: Owner, id: string): Promise<string | undefined> {
  const row = await db
    .deleteFrom('passkeys')
    .where('id', '=', id)
    .where(ownerColumn(owner.kind), '=', owner.id)
    .returning('name')
    .executeTakeFirst();
  return row?.name;
}

/** Every passkey of a staff member, as they are removed (their row stays for the activity log). */
export async function deleteStaffPasskeys(trx: Db, staffId: number): Promise<void> {
  await trx.deleteFrom('passkeys').where('staff_id', '=', staffId).execute();
}

// Challenges -------------------------------------------------------------------------------------------

export interface ChallengeScope {
  purpose: PasskeyPurpose;
  kind: PasskeyKind;
  browserId: string;
  /** registration: whose passkey it will be */
  personId: number | null;
}

/** Stores a challenge, and drops the expired ones of everybody (so the table holds 5 minutes' worth). */
export async function insertChallenge(
  db: Db,
  challenge: string,
  scope: ChallengeScope,
  now: Date,
  expiresAt: Date,
): Promise<void> {
  await db.deleteFrom('passkey_challenges').where('expires_at', '<=', now).execute();
  await db
    .insertInto('passkey_challenges')
    .values({
      challenge,
      purpose: scope.purpose,
      kind: scope.kind,
      browser_id: scope.browserId,
      person_id: scope.personId,
      expires_at: expiresAt,
    })
    .execute();
}

/**
 * Uses up a live challenge of this scope: one delete, so two requests with it at once cannot both have it;
 * false when there is none (never given, used, expired, another browser's, purpose's or person's).
 */
export async function useChallenge(
  db: Db,
  challenge: string,
  scope: ChallengeScope,
  now: Date,
): Promise<boolean> {
  const result = await db
    .deleteFrom('passkey_challenges')
    .where('challenge', '=', challenge)
    .where('purpose', '=', scope.purpose)
    .where('kind', '=', scope.kind)
    .where('browser_id', '=', scope.browserId)
    .where((eb) =>
      scope.personId === null ? eb('person_id', 'is', null) : eb('person_id', '=', scope.personId),
    )
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
