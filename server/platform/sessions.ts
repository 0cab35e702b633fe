import type { FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { Db } from '../db/connect.ts';
import { hmacHex, randomToken } from './crypto.ts';
import { privateCookie } from './csrf.ts';
import { forbidden } from './errors.ts';

export const SESSION_COOKIE = 'haat_sid';
const IDLE_DAYS = 30;
const IDLE_MS = IDLE_DAYS * 24 * 3600 * 1000;
// last_seen_at is refreshed at most this often, so a busy shopper does not write on every request
const TOUCH_EVERY_MS = 3600 * 1000;

export interface Session {
  id: string;
  customerId: number | null;
  verifiedPhone: string | null;
  verifiedUntil: Date | null;
}

type SessionFields = Partial<Pick<Session, 'customerId' | 'verifiedPhone' | 'verifiedUntil'>>;

// bounds the session cache's memory; the oldest entries go first
const CACHE_MAX_ENTRIES = 50_000;

/**
 * Server-side sessions in the database, keyed by an HMAC of the cookie's random token. A session row is
 * written only when there is something to keep (a verified phone, a login): a visitor who only browses
 * has a browser cookie (see csrf.ts) and no row.
 *
 * Every change goes through this class, so this process's cache of recent lookups is always current;
 * another instance behind the same database sees a sign-out within `cacheMs` at the most.
 */
export class Sessions {
  private readonly loaded = new WeakMap<FastifyRequest, Promise<Session | null>>();
  private readonly cache = new Map<string, { session: Session; until: number }>();

  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly secureCookie: boolean,
    private readonly cacheMs = 0,
  ) {}

  /** The request's session, or null; read from the database once per request. */
  current(request: FastifyRequest): Promise<Session | null> {
    let session = this.loaded.get(request);
    if (!session) {
      session = this.load(request.cookies[SESSION_COOKIE]);
      this.loaded.set(request, session);
    }
    return session;
  }

  /** The session, started (with its cookie) when the request has none. */
  async ensure(request: FastifyRequest, reply: FastifyReply): Promise<Session> {
    const existing = await this.current(request);
    if (existing) return existing;
    const session = await this.start(reply, {});
    this.loaded.set(request, Promise.resolve(session));
    return session;
  }

  /** The logged-in customer's id; a 403 (session lost) otherwise. */
  async requireCustomer(request: FastifyRequest): Promise<number> {
    const session = await this.current(request);
    if (!session?.customerId) throw forbidden('Please log in to continue');
    return session.customerId;
  }

  /**
   * Replaces the session with one under a new id, as at login, so a cookie planted before never reaches
   * the logged-in session; what the old one held is kept unless `fields` says otherwise.
   */
  async rotate(request: FastifyRequest, reply: FastifyReply, fields: SessionFields): Promise<Session> {
    const old = await this.current(request);
    if (old) {
      this.cache.delete(old.id);
      await this.db.deleteFrom('sessions').where('id', '=', old.id).execute();
    }
    const kept = old && { verifiedPhone: old.verifiedPhone, verifiedUntil: old.verifiedUntil };
    const session = await this.start(reply, { ...kept, ...fields });
    this.loaded.set(request, Promise.resolve(session));
    return session;
  }

  /**
   * Gives the request's session a new id, with `fields` (one is started when there is none): what it held
   * (a visitor's bag, wishlist, coupon) stays with it under the new id and the old id ends, so a cookie
   * planted before never reaches what the session is given now.
   */
  async renew(request: FastifyRequest, reply: FastifyReply, fields: SessionFields): Promise<Session> {
    const old = await this.current(request);
    if (!old) return this.rotate(request, reply, fields);
    const token = randomToken();
    const session: Session = { ...old, ...fields, id: hmacHex(this.secret, token) };
    this.cache.delete(old.id);
    // the rows that belong to the session follow its id (ON UPDATE CASCADE, 031_signed_in_browsers.sql)
    const renamed = await this.db
      .updateTable('sessions')
      .set({
        id: session.id,
        customer_id: session.customerId,
        verified_phone: session.verifiedPhone,
        verified_until: session.verifiedUntil,
        last_seen_at: new Date(),
      })
      .where('id', '=', old.id)
      .executeTakeFirst();
    // ended meanwhile (a sign-out in another tab): a new session, as when there was none
    if (Number(renamed.numUpdatedRows) === 0) return this.rotate(request, reply, fields);
    reply.setCookie(SESSION_COOKIE, token, privateCookie(this.secureCookie, IDLE_DAYS));
    this.remember(session);
    this.loaded.set(request, Promise.resolve(session));
    return session;
  }

  async update(session: Session, fields: SessionFields): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({
        ...(fields.customerId !== undefined && { customer_id: fields.customerId }),
        ...(fields.verifiedPhone !== undefined && { verified_phone: fields.verifiedPhone }),
        ...(fields.verifiedUntil !== undefined && { verified_until: fields.verifiedUntil }),
      })
      .where('id', '=', session.id)
      .execute();
    Object.assign(session, fields);
  }

  async destroy(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const session = await this.current(request);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    if (!session) return false;
    this.cache.delete(session.id);
    await this.db.deleteFrom('sessions').where('id', '=', session.id).execute();
    this.loaded.set(request, Promise.resolve(null));
    return true;
  }

  private async start(reply: FastifyReply, fields: SessionFields): Promise<Session> {
    const token = randomToken();
    const session: Session = {
      id: hmacHex(this.secret, token),
      customerId: fields.customerId ?? null,
      verifiedPhone: fields.verifiedPhone ?? null,
      verifiedUntil: fields.verifiedUntil ?? null,
    };
    await this.db
      .insertInto('sessions')
      .values({
        id: session.id,
        customer_id: session.customerId,
        verified_phone: session.verifiedPhone,
        verified_until: session.verifiedUntil,
      })
      .execute();
    reply.setCookie(SESSION_COOKIE, token, privateCookie(this.secureCookie, IDLE_DAYS));
    this.remember(session);
    return session;
  }

  private async load(token: string | undefined): Promise<Session | null> {
    if (!token || token.length > 100) return null;
    const id = hmacHex(this.secret, token);
    const cached = this.cache.get(id);
    if (cached && cached.until > Date.now()) return cached.session;
    const session = await this.read(id);
    if (session) this.remember(session);
    else this.cache.delete(id);
    return session;
  }

  private remember(session: Session): void {
    if (this.cacheMs <= 0) return;
    this.cache.delete(session.id);
    this.cache.set(session.id, { session, until: Date.now() + this.cacheMs });
    if (this.cache.size > CACHE_MAX_ENTRIES) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
  }

  /** Deletes sessions idle past their expiry (a visitor who never returns leaves one behind); answers how many. */
  async sweep(): Promise<number> {
    const result = await this.db
      .deleteFrom('sessions')
      .where('last_seen_at', '<', new Date(Date.now() - IDLE_MS))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  private async read(id: string): Promise<Session | null> {
    const row = await this.db
      .selectFrom('sessions')
      .select(['id', 'customer_id', 'verified_phone', 'verified_until', 'last_seen_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    const idleFor = Date.now() - new Date(row.last_seen_at).getTime();
    if (idleFor > IDLE_MS) {
      await this.db.deleteFrom('sessions').where('id', '=', id).execute();
      return null;
    }
    if (idleFor > TOUCH_EVERY_MS) {
      await this.db.updateTable('sessions').set({ last_seen_at: new Date() }).where('id', '=', id).execute();
    }
    return {
      id: row.id,
      customerId: row.customer_id,
      verifiedPhone: row.verified_phone,
      verifiedUntil: row.verified_until ? new Date(row.verified_until) : null,
    };
  }
}

/**
 * The pre-handler of routes for logged-in shoppers only: a visitor gets 403 (session lost) before the
 * body is validated, whatever it says.
 */
export function customersOnly(sessions: Sessions): preValidationAsyncHookHandler {
  return async (request) => {
    await sessions.requireCustomer(request);
  };
}
