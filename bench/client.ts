import { apiPaths } from '../contract/paths.ts';
import type { FireRequest } from './fire.ts';

/** A shopper's session as the web app holds it: the cookie and the CSRF token from GET /api/check. */
export interface Session {
  cookie: string;
  csrfToken: string;
}

export interface Captured {
  type: string;
  body: Buffer;
}

export async function startSession(base: string): Promise<Session> {
  const res = await fetch(`${base}${apiPaths.check()}`);
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  const cookie = res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { cookie, csrfToken };
}

/** A request as the web app sends it: the session cookie, and on POST the CSRF token and a JSON body. */
export function request(session: Session, method: 'GET' | 'POST', path: string, body?: unknown): FireRequest {
  if (method === 'GET') return { method, path, headers: { cookie: session.cookie } };
  return {
    method,
    path,
    headers: {
      cookie: session.cookie,
      'x-csrf-token': session.csrfToken,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  };
}

/** Sends it once; anything but a 200 stops the benchmark, since its figures would mean nothing. */
export async function call(base: string, r: FireRequest): Promise<Captured> {
  const res = await fetch(`${base}${r.path}`, { method: r.method, headers: r.headers, body: r.body ?? null });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) {
    throw new Error(`${r.method} ${r.path} answered ${res.status}: ${body.toString().slice(0, 200)}`);
  }
  return { type: res.headers.get('content-type') ?? 'application/json', body };
}
