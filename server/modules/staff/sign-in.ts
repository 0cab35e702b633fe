import type { StaffMember } from '../../../contract/staff.ts';
import type { Db } from '../../db/connect.ts';
import { STAFF_IDLE_MS, type StaffCaller, type StaffSessionLookup } from '../../platform/admin-auth.ts';
import { recordAudit } from '../../platform/audit.ts';
import { hmacHex, randomToken } from '../../platform/crypto.ts';
import { unauthorized } from '../../platform/errors.ts';
import { type AccountsService, type Asker, INCORRECT_OTP } from '../accounts/service.ts';
import type { StaffDirectory } from './service.ts';
import * as store from './store.ts';

// last_seen_at is written at most this often: the idle expiry slides without a write on every call
const TOUCH_EVERY_MS = 60 * 1000;

export interface StaffSignInDeps {
  db: Db;
  directory: StaffDirectory;
  /** the shop's one-time codes: the outbox and checks shoppers' use, with limits and a budget of staff's own */
  accounts: AccountsService;
  /** key of the session ids' HMAC */
  secret: string;
  now: () => Date;
}

/**
 * Staff sign in with their phone and a one-time code, into a session of their own (never a shopper's).
 * Sessions are read from the database on every call, uncached, so removing a person ends theirs at once
 * on every instance.
 */
export class StaffSignIn implements StaffSessionLookup {
  constructor(private readonly deps: StaffSignInDeps) {}

  /**
   * Sends a code to a current person's phone; to any other number nothing, with the same answer in the
   * same time (see `AccountsService.sendStaffCode`).
   */
  async sendCode(phone: string, asker: Asker): Promise<void> {
    const { directory, accounts } = this.deps;
    await accounts.sendStaffCode(phone, asker, async () => (await directory.find({ phone })) !== undefined);
  }

  /** Starts a session for the person whose phone the code (asked by this browser) is for; 401 otherwise. */
  async signIn(
    phone: string,
    code: string,
    browserId: string,
  ): Promise<{ person: StaffMember; token: string }> {
    const { directory, accounts } = this.deps;
    // a code stored for a number that is not staff's is neither used up nor worth anything here
    const person = await directory.find({ phone });
    if (!person) throw unauthorized(INCORRECT_OTP);
    await accounts.checkCode('staff', phone, code, browserId);
    return { person, token: await this.startSession(person, browserId) };
  }

  /**
   * Starts a session for a person who has proved who they are (by code, or `details.by` a passkey). The
   * browser has then signed in with the person's phone: it keeps a code allowance for it.
   */
  async startSession(
    person: StaffMember,
    browserId: string,
    details: Record<string, string> = {},
  ): Promise<string> {
    await this.deps.accounts.rememberSignIn('staff', browserId, person.phone);
    const token = randomToken();
    await this.deps.db.transaction().execute(async (trx) => {
      await store.insertSession(trx, this.sessionId(token), person.id, this.deps.now());
      await recordAudit(trx, { ...sessionAudit('staff.sign-in', person.id), details });
    });
    return token;
  }

  async caller(token: string): Promise<StaffCaller | null> {
    const { db } = this.deps;
    const id = this.sessionId(token);
    const session = await store.sessionPerson(db, id);
    if (!session) return null;
    const now = this.deps.now();
    const idleFor = now.getTime() - new Date(session.last_seen_at).getTime();
    if (idleFor > STAFF_IDLE_MS) {
      await store.deleteSession(db, id);
      return null;
    }
    if (idleFor > TOUCH_EVERY_MS) await store.touchSession(db, id, now);
    return { id: session.id, name: session.name, role: session.role, actor: `staff:${session.id}` };
  }

  /** Ends the cookie's session, if it is one. */
  async signOut(token: string): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const staffId = await store.deleteSession(trx, this.sessionId(token));
      if (staffId !== undefined) await recordAudit(trx, sessionAudit('staff.sign-out', staffId));
    });
  }

  /** Sessions idle past their expiry, left by people who never came back; answers how many. */
  sweep(): Promise<number> {
    return store.deleteSessionsIdleSince(this.deps.db, new Date(this.deps.now().getTime() - STAFF_IDLE_MS));
  }

  private sessionId(token: string): string {
    return hmacHex(this.deps.secret, `staff:${token}`);
  }
}

const sessionAudit = (action: string, staffId: number) => ({
  actor: `staff:${staffId}`,
  action,
  subject: `staff:${staffId}`,
  details: {},
});
