import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hmacHex, randomToken, safeEqual } from './crypto.ts';
import { forbidden } from './errors.ts';

/** The browser's own random id: its CSRF token is derived from it, and per-browser limits count by it. */
export const BROWSER_COOKIE = 'haat_bid';
// as long as browsers keep a cookie (Chrome caps at 400 days); GET /api/check renews it
const BROWSER_COOKIE_DAYS = 400;
const BROWSER_ID = /^[\w-]{43}$/;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false on routes that authenticate otherwise (webhooks, back office) */
    csrf?: boolean;
  }
}

/** The shop's cookies: for the server only (httpOnly), sent with same-site navigations, https in production. */
export function privateCookie(secure: boolean, days: number) {
  return { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: days * 24 * 3600 } as const;
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF tokens bound to the browser, not to its session (decision 009): the token that `GET /api/check`
 * hands out stays valid across sign-up, login, sign-out and login again, while the session id itself
 * changes at each of them. The token is an HMAC of the browser's httpOnly cookie, so it is checked
 * without a database read, and a token from another browser never matches.
 */
export class BrowserTokens {
  constructor(
    private readonly secret: string,
    private readonly secureCookie: boolean,
  ) {}

  /** The browser's id, or undefined when it has no (well-formed) browser cookie. */
  browserId(request: FastifyRequest): string | undefined {
    const id = request.cookies[BROWSER_COOKIE];
    return id && BROWSER_ID.test(id) ? id : undefined;
  }

  /** The browser's CSRF token; gives the browser its id first when it has none. */
  token(request: FastifyRequest, reply: FastifyReply): string {
    const id = this.browserId(request) ?? randomToken();
    reply.setCookie(BROWSER_COOKIE, id, privateCookie(this.secureCookie, BROWSER_COOKIE_DAYS));
    return this.tokenOf(id);
  }

  verify(request: FastifyRequest): void {
    const header = request.headers['x-csrf-token'];
    const id = this.browserId(request);
    if (!id || typeof header !== 'string' || !safeEqual(header, this.tokenOf(id))) {
      throw forbidden('Missing or invalid CSRF token');
    }
  }

  private tokenOf(browserId: string): string {
    return hmacHex(this.secret, `csrf:${browserId}`);
  }
}

/** Every unsafe request carries its browser's CSRF token, unless its route authenticates otherwise. */
export function registerCsrfCheck(app: FastifyInstance, tokens: BrowserTokens): void {
  // onRequest: before the body is parsed or validated, so a forged request learns nothing more
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE_METHODS.has(request.method) || request.is404) return;
    if (request.routeOptions.config?.csrf === false) return;
    tokens.verify(request);
  });
}
