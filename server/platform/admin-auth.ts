import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ONLY_THE_OWNER, type StaffRole } from '../../contract/staff.ts';
import type { ShopControl } from './control.ts';
import { safeEqual } from './crypto.ts';
import type { BrowserTokens } from './csrf.ts';
import { AppError, forbidden } from './errors.ts';

/** Who calls the back office; `actor` is what the audit log keeps (`staff:<id>`, or `admin` for the token). */
export interface StaffCaller {
  id: number | null;
  name: string;
  role: StaffRole;
  actor: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the back office's caller: set by `AdminAuth.guard` on every /admin/api/ route it guards */
    staff: StaffCaller;
  }
}

/** The staff session's cookie: apart from the shopper's haat_sid, sent to the back office's paths only. */
export const STAFF_COOKIE = 'haat_staff';
/** a staff session ends after this long without a call */
export const STAFF_IDLE_MS = 12 * 3600 * 1000;

/**
 * No Max-Age: the browser keeps it while it runs, and the server ends it after 12 idle hours. Strict, so
 * no other site's link or form ever carries it.
 */
export const staffCookie = (secure: boolean) =>
  ({ path: '/admin', httpOnly: true, sameSite: 'strict', secure }) as const;

/** ADMIN_TOKEN's bearer: automation, acting as an owner. */
export const AUTOMATION: StaffCaller = { id: null, name: 'Automation', role: 'owner', actor: 'admin' };
/** `npm run staff`, reaching a running shop with the control token of its DATA_DIR (platform/control.ts). */
export const COMMAND_LINE: StaffCaller = { id: null, name: 'Command line', role: 'owner', actor: 'cli' };

/** What the guard asks the staff module: the caller behind a session cookie's token, or null. */
export interface StaffSessionLookup {
  caller(token: string): Promise<StaffCaller | null>;
}

export interface AdminAuthDeps {
  /** unset: the bearer way is off, staff sign-in still works */
  adminToken: string | undefined;
  browser: BrowserTokens;
  sessions: StaffSessionLookup;
  /** on PGlite: the running shop's token for `npm run staff` */
  control: ShopControl | undefined;
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const SIGN_IN = 'Please sign in to the back office';
const unauthorised = (message: string) => new AppError(401, message, { 'www-authenticate': 'Bearer' });

/** The back office's two ways in: ADMIN_TOKEN's bearer (automation) or a staff member's session cookie. */
export class AdminAuth {
  constructor(private readonly deps: AdminAuthDeps) {}

  /**
   * onRequest of every /admin/api/ route (whose `config.csrf` is false): an unknown caller is turned away
   * before its body is read. A cookie-signed-in write must carry the browser's CSRF token, checked here
   * after the session, so a stranger learns nothing from a 403; the bearer needs none, as no browser
   * sends it by itself.
   */
  readonly guard = async (request: FastifyRequest): Promise<void> => {
    const authorization = request.headers.authorization;
    if (authorization !== undefined) {
      request.staff = this.bearer(request, authorization);
      return;
    }
    const token = request.cookies[STAFF_COOKIE];
    const caller = token && token.length <= 100 ? await this.deps.sessions.caller(token) : null;
    if (!caller) throw unauthorised(SIGN_IN);
    if (UNSAFE_METHODS.has(request.method)) this.deps.browser.verify(request);
    request.staff = caller;
  };

  private bearer(request: FastifyRequest, authorization: string): StaffCaller {
    const { adminToken, control } = this.deps;
    const token = /^Bearer (.+)$/.exec(authorization)?.[1];
    if (token && adminToken && safeEqual(token, adminToken)) return AUTOMATION;
    if (token && control?.admits(request, token)) return COMMAND_LINE;
    throw unauthorised('A valid back-office token is required');
  }
}

/** preHandler of the owner's routes (staff, activity, refunds' retry): staff get 403. */
export async function ownerOnly(request: FastifyRequest): Promise<void> {
  if (request.staff.role !== 'owner') throw forbidden(ONLY_THE_OWNER);
}

/**
 * Every back-office answer may name shoppers (orders, returns, reviews, activity, staff, sellers…): no
 * browser or proxy keeps a copy, as with the shopper's own answers.
 */
export function registerAdminNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/admin/api/')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
