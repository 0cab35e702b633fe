/**
 * A client of haat's HTTP contract, written from the spec (section 7) and the design alone, as any
 * other client of the API would be: it knows nothing of the server's code or of the web app.
 *
 * It behaves like one browser tab of the spec: one cookie jar, and the anti-forgery token read ONCE
 * from `GET /api/check` at startup and sent as `X-CSRF-Token` on every write until the end. The design
 * promises that token stays valid for the life of the browser's cookie (across sign-up, login, sign-out
 * and login again), so the client refuses to ask for another and fails loudly if the server hands one out.
 * Every answer it gets must be one the API's OpenAPI document describes (status and body).
 */

import { DescribedAnswers } from './described-answers.ts';

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  /** parsed JSON when the answer says it is JSON, otherwise the text */
  body: T;
}

export interface UploadFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

const CHECK_PATH = '/api/check';

/** The API's description, read once per server: every answer the clients get is held to it. */
const descriptions = new Map<string, Promise<DescribedAnswers>>();
function describedAnswers(baseUrl: string): Promise<DescribedAnswers> {
  let loading = descriptions.get(baseUrl);
  if (!loading) {
    loading = DescribedAnswers.load(baseUrl);
    descriptions.set(baseUrl, loading);
  }
  return loading;
}

/** Reads the answer's body and checks the answer against the document (which throws, naming the call). */
async function describedAnswer<T>(
  baseUrl: string,
  method: string,
  path: string,
  key: string | undefined,
  res: Response,
): Promise<Answer<T>> {
  const body = await readBody(res);
  const contentType = res.headers.get('content-type') ?? '';
  (await describedAnswers(baseUrl)).check({ method, path, key, status: res.status, contentType, body });
  return { status: res.status, headers: res.headers, body: body as T };
}

/** name -> value; one host, so domain and path are not tracked */
type CookieJar = Map<string, string>;

export class ContractClient {
  private constructor(
    readonly baseUrl: string,
    /** the token read at startup: never replaced */
    readonly csrfToken: string,
    private readonly cookies: CookieJar,
  ) {}

  /** Opens the session the way the spec's client does at startup: the token, once. */
  static async start(baseUrl: string): Promise<ContractClient> {
    const cookies: CookieJar = new Map();
    const answer = await send<{ csrfToken?: unknown }>(baseUrl, cookies, 'GET', CHECK_PATH);
    const token = answer.body.csrfToken;
    if (answer.status !== 200 || typeof token !== 'string' || !token) {
      throw new Error(`GET ${CHECK_PATH} gave no csrfToken: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    return new ContractClient(baseUrl, token, cookies);
  }

  get<T = unknown>(path: string, headers: Record<string, string> = {}): Promise<Answer<T>> {
    return this.call<T>('GET', path, undefined, headers);
  }

  /** A write with a JSON body; `key` is the spec's header that selects what a keyed route does. */
  post<T = unknown>(path: string, body: unknown = {}, key?: string): Promise<Answer<T>> {
    return this.call<T>('POST', path, JSON.stringify(body), {
      'content-type': 'application/json',
      ...(key ? { key } : {}),
    });
  }

  /** A multipart write with the file in `field`; fetch sets the multipart boundary itself. */
  upload<T = unknown>(path: string, field: string, file: UploadFile): Promise<Answer<T>> {
    const form = new FormData();
    // a copy: Blob wants bytes over a plain ArrayBuffer, and a Node Buffer may sit on a shared one
    form.append(field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    return this.call<T>('POST', path, form);
  }

  private async call<T>(
    method: string,
    path: string,
    body?: string | FormData,
    headers: Record<string, string> = {},
  ): Promise<Answer<T>> {
    if (path.startsWith(CHECK_PATH)) {
      throw new Error(`${CHECK_PATH} is called once at startup; the token must not be fetched again`);
    }
    const all = method === 'GET' ? headers : { ...headers, 'x-csrf-token': this.csrfToken };
    const answer = await send<T>(this.baseUrl, this.cookies, method, path, body, all);
    this.refuseNewToken(method, path, answer.body);
    return answer;
  }

  /** An answer that carries a different token means the server re-issued it: the contract forbids that. */
  private refuseNewToken(method: string, path: string, body: unknown): void {
    if (typeof body !== 'object' || body === null || !('csrfToken' in body)) return;
    if (body.csrfToken !== this.csrfToken) {
      throw new Error(`${method} ${path} handed out a new CSRF token; the one from startup must stay valid`);
    }
  }
}

/** One request with the jar's cookies; the answer's Set-Cookie lines go back into the jar. */
async function send<T>(
  baseUrl: string,
  cookies: CookieJar,
  method: string,
  path: string,
  body?: string | FormData,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const all: Record<string, string> = { accept: 'application/json', ...headers };
  if (cookies.size) all.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const res = await fetch(`${baseUrl}${path}`, { method, headers: all, body, redirect: 'manual' });
  keepCookies(cookies, res.headers.getSetCookie());
  return describedAnswer<T>(baseUrl, method, path, headers.key, res);
}

/** Honours Set-Cookie as a browser does: a cookie that has expired (Max-Age <= 0, Expires past) goes. */
function keepCookies(cookies: CookieJar, lines: string[]): void {
  for (const line of lines) {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const eq = pair.indexOf('=');
    if (eq <= 0) continue;
    const name = pair.slice(0, eq);
    if (isExpired(attributes)) cookies.delete(name);
    else cookies.set(name, pair.slice(eq + 1));
  }
}

function isExpired(attributes: string[]): boolean {
  for (const attribute of attributes) {
    const [name = '', value = ''] = attribute.split('=', 2).map((part) => part.trim());
    if (/^max-age$/i.test(name) && Number(value) <= 0) return true;
    if (/^expires$/i.test(name) && Date.parse(value) <= Date.now()) return true;
  }
  return false;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  return /\bjson\b/i.test(type) && text ? JSON.parse(text) : text;
}

/**
 * The back office's API as an operator's script calls it: `Authorization: Bearer <token>`, no cookies and
 * no CSRF token (bearer calls of /admin/api/… need none: a script holds no browser cookie to forge).
 */
export class BackOfficeClient {
  constructor(
    readonly baseUrl: string,
    private readonly adminToken: string,
  ) {}

  get<T = unknown>(path: string): Promise<Answer<T>> {
    return this.call<T>('GET', path);
  }

  post<T = unknown>(path: string, body: unknown = {}): Promise<Answer<T>> {
    return this.call<T>('POST', path, JSON.stringify(body));
  }

  put<T = unknown>(path: string, body: unknown): Promise<Answer<T>> {
    return this.call<T>('PUT', path, JSON.stringify(body));
  }

  /** A multipart write with the file in `field`, as the back office's uploads and imports take it. */
  upload<T = unknown>(path: string, field: string, file: UploadFile): Promise<Answer<T>> {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    return this.call<T>('POST', path, form);
  }

  private async call<T>(method: string, path: string, body?: string | FormData): Promise<Answer<T>> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.adminToken}`,
      accept: 'application/json',
    };
    if (typeof body === 'string') headers['content-type'] = 'application/json';
    const res = await fetch(`${this.baseUrl}${path}`, { method, headers, body });
    return describedAnswer<T>(this.baseUrl, method, path, undefined, res);
  }
}
