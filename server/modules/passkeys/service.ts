import { randomBytes } from 'node:crypto';
import { verifyAuthenticationResponse, verifyRegistrationResponse } from '@simplewebauthn/server';
import type {
  NewPasskey,
  NewPasskeyBody,
  Passkey,
  PasskeyCreationOptions,
  PasskeyRequestOptions,
  PasskeySignInBody,
} from '../../../contract/passkeys.ts';
import type { StaffMember } from '../../../contract/staff.ts';
import type { Db } from '../../db/connect.ts';
import type { PasskeyKind } from '../../db/schema.ts';
import { recordAudit } from '../../platform/audit.ts';
import { badRequest, conflict, notFound, unauthorized } from '../../platform/errors.ts';
import type { StaffDirectory } from '../staff/service.ts';
import type { Owner } from './store.ts';
import * as store from './store.ts';

export const NEEDS_PUBLIC_URL =
  'Passkeys need PUBLIC_URL: set it to the address the shop is served at, such as https://haat.in';
export const NOT_VERIFIED = 'That passkey could not be checked: please try adding it again';
export const NOT_SIGNED_IN = 'That passkey did not sign you in: please try again, or sign in with a code';
export const REGISTERED_ALREADY = 'This passkey is added already';
export const NO_SUCH_PASSKEY = 'No such passkey';
export const DEFAULT_NAME = 'Passkey';

const CHALLENGE_MS = 5 * 60 * 1000;
// what the browser waits for the person; shorter than the challenge lives
const TIMEOUT_MS = 2 * 60 * 1000;
// ES256 (P-256) is what every platform authenticator offers; RS256 for older Windows Hello
const ALGORITHMS = [-7, -257];
const TRANSPORTS = new Set<string>(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);

/** The relying party: the host of PUBLIC_URL (no port), and its origin, the only one accepted. */
interface RelyingParty {
  id: string;
  origin: string;
}

/** Who a new passkey is for, as their authenticator will show it. */
export interface Registrant extends Owner {
  /** e.g. the phone; it tells a back-office passkey from the same person's shop one */
  userName: string;
  displayName: string;
}

export interface PasskeysDeps {
  db: Db;
  /** unset (development only): every passkey route answers 409 */
  publicUrl: string | undefined;
  /** the shop's name, which authenticators show beside the passkey */
  shopName: () => Promise<string>;
  directory: StaffDirectory;
  now: () => Date;
}

/**
 * Passkeys (WebAuthn Level 2, through @simplewebauthn/server) for staff and shoppers: registration while
 * signed in, and sign-in with a discoverable passkey. Challenges live in the database (any instance may
 * answer the second call), used once, by the browser and for the purpose they were given for.
 */
export class Passkeys {
  private readonly rp: RelyingParty | undefined;

  constructor(private readonly deps: PasskeysDeps) {
    const url = deps.publicUrl === undefined ? undefined : new URL(deps.publicUrl);
    this.rp = url && { id: url.hostname, origin: url.origin };
  }

  /** Deletes a staff member's passkeys as they are removed, in the removal's transaction. */
  static forgetStaff(trx: Db, staffId: number): Promise<void> {
    return store.deleteStaffPasskeys(trx, staffId);
  }

  /** 409 without PUBLIC_URL: a passkey is bound to the one origin it was made on. */
  relyingParty(): RelyingParty {
    if (!this.rp) throw conflict(NEEDS_PUBLIC_URL);
    return this.rp;
  }

  /** PublicKeyCredentialCreationOptionsJSON for the person, with a challenge kept for this browser. */
  async registrationOptions(registrant: Registrant, browserId: string): Promise<PasskeyCreationOptions> {
    const { db } = this.deps;
    const rp = this.relyingParty();
    const handle = await store.userHandle(db, registrant, randomBytes(32).toString('base64url'));
    const existing = await store.passkeysOf(db, registrant);
    const challenge = randomBytes(32).toString('base64url');
    await this.keepChallenge(challenge, registrant.kind, 'register', browserId, registrant.id);
    return {
      challenge,
      rp: { id: rp.id, name: await this.deps.shopName() },
      user: { id: handle, name: registrant.userName, displayName: registrant.displayName },
      pubKeyCredParams: ALGORITHMS.map((alg) => ({ type: 'public-key' as const, alg })),
      timeout: TIMEOUT_MS,
      attestation: 'none',
      // the browser refuses to make a second passkey for the person on an authenticator that has one
      excludeCredentials: existing.map(({ id, transports }) => ({
        type: 'public-key' as const,
        id,
        transports,
      })),
      authenticatorSelection: {
        residentKey: 'required',
        requireResidentKey: true,
        userVerification: 'preferred',
      },
    };
  }

  /** Checks the authenticator's answer to a registration challenge and keeps the passkey; 400 otherwise. */
  async register(owner: Owner, browserId: string, body: NewPasskeyBody): Promise<NewPasskey> {
    const { db } = this.deps;
    const rp = this.relyingParty();
    const scope = { purpose: 'register', kind: owner.kind, browserId, personId: owner.id } as const;
    const verification = await verifyRegistrationResponse({
      response: {
        id: body.id,
        rawId: body.rawId,
        type: body.type,
        response: {
          clientDataJSON: body.response.clientDataJSON,
          attestationObject: body.response.attestationObject,
        },
        clientExtensionResults: {},
      },
      expectedChallenge: (challenge) => this.useChallenge(challenge, scope),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
      supportedAlgorithmIDs: ALGORITHMS,
    }).catch(() => undefined);
    const credential = verification?.verified ? verification.registrationInfo.credential : undefined;
    if (!credential || credential.id !== body.id) throw badRequest(NOT_VERIFIED);
    const added = await db.transaction().execute(async (trx) => {
      const row = await store.insertPasskey(trx, owner, {
        id: credential.id,
        publicKey: credential.publicKey,
        signCount: credential.counter,
        transports: (body.response.transports ?? []).filter((t) => TRANSPORTS.has(t)),
        name: body.name?.trim() || DEFAULT_NAME,
      });
      if (!row) throw conflict(REGISTERED_ALREADY);
      await auditStaff(trx, owner, 'passkey.add', row.name);
      return row;
    });
    return { id: added.id, name: added.name, createdAt: added.created_at.toISOString() };
  }

  async list(owner: Owner): Promise<Passkey[]> {
    return (await store.passkeysOf(this.deps.db, owner)).map((row) => ({
      id: row.id,
      name: row.name,
      createdAt: row.created_at.toISOString(),
      lastUsedAt: row.last_used_at?.toISOString() ?? null,
    }));
  }

  /** Removes one of the owner's own passkeys; 404 for any other id. */
  async remove(owner: Owner, id: string): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const name = await store.deletePasskey(trx, owner, id);
      if (name === undefined) throw notFound(NO_SUCH_PASSKEY);
      await auditStaff(trx, owner, 'passkey.remove', name);
    });
  }

  /** The same for everyone: no list of passkeys, so the answer tells nothing about who has one. */
  async signInOptions(kind: PasskeyKind, browserId: string): Promise<PasskeyRequestOptions> {
    const rp = this.relyingParty();
    const challenge = randomBytes(32).toString('base64url');
    await this.keepChallenge(challenge, kind, 'sign-in', browserId, null);
    return {
      challenge,
      rpId: rp.id,
      timeout: TIMEOUT_MS,
      userVerification: 'preferred',
      allowCredentials: [],
    };
  }

  /**
   * A back-office sign-in with a passkey: the current staff member it belongs to; 401 when anything does
   * not verify.
   */
  async signInStaff(browserId: string, body: PasskeySignInBody): Promise<StaffMember> {
    const person = await this.deps.directory.find({ id: await this.signIn('staff', browserId, body) });
    if (!person) throw unauthorized(NOT_SIGNED_IN);
    return person;
  }

  /** A shop sign-in with a passkey: the customer's id; 401 when anything does not verify. */
  signInShopper(browserId: string, body: PasskeySignInBody): Promise<number> {
    return this.signIn('shopper', browserId, body);
  }

  /** Verifies an assertion (WebAuthn L2 7.2) and records the use; the owner's id. */
  private async signIn(kind: PasskeyKind, browserId: string, body: PasskeySignInBody): Promise<number> {
    const { db } = this.deps;
    const rp = this.relyingParty();
    const passkey = await store.passkeyForSignIn(db, kind, body.id);
    if (!passkey) throw unauthorized(NOT_SIGNED_IN);
    const { userHandle } = body.response;
    if (userHandle && userHandle !== passkey.handle) throw unauthorized(NOT_SIGNED_IN);
    const scope = { purpose: 'sign-in', kind, browserId, personId: null } as const;
    const verification = await verifyAuthenticationResponse({
      response: {
        id: body.id,
        rawId: body.rawId,
        type: body.type,
        response: {
          clientDataJSON: body.response.clientDataJSON,
          authenticatorData: body.response.authenticatorData,
          signature: body.response.signature,
        },
        clientExtensionResults: {},
      },
      expectedChallenge: (challenge) => this.useChallenge(challenge, scope),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      // the stored count is checked below, atomically with its update; 0 lets the library check nothing
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(passkey.public_key),
        counter: 0,
        transports: passkey.transports,
      },
      requireUserVerification: false,
    }).catch(() => undefined);
    if (!verification?.verified) throw unauthorized(NOT_SIGNED_IN);
    const counted = await store.recordUse(
      db,
      passkey.id,
      verification.authenticationInfo.newCounter,
      this.deps.now(),
    );
    if (!counted) throw unauthorized(NOT_SIGNED_IN);
    return passkey.owner_id;
  }

  private async keepChallenge(
    challenge: string,
    kind: PasskeyKind,
    purpose: store.ChallengeScope['purpose'],
    browserId: string,
    personId: number | null,
  ): Promise<void> {
    const now = this.deps.now();
    const expires = new Date(now.getTime() + CHALLENGE_MS);
    await store.insertChallenge(
      this.deps.db,
      challenge,
      { purpose, kind, browserId, personId },
      now,
      expires,
    );
  }

  private useChallenge(challenge: string, scope: store.ChallengeScope): Promise<boolean> {
    return store.useChallenge(this.deps.db, challenge, scope, this.deps.now());
  }
}

/** A back-office person's passkeys are in the activity log (a shopper's are their own business). */
async function auditStaff(trx: Db, owner: Owner, action: string, name: string): Promise<void> {
  if (owner.kind !== 'staff') return;
  const who = `staff:${owner.id}`;
  await recordAudit(trx, { actor: who, action, subject: who, details: { name } });
}
