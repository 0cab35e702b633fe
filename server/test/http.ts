/** A shopper's browser, reduced to what the API sees: a cookie jar and the CSRF token. */
export class TestClient {
  private readonly cookies = new Map<string, string>();
  csrfToken: string | undefined;

  constructor(readonly baseUrl: string) {}

  /** Starts a session the way the web app does: GET /api/check, then send its token on writes. */
  async start(): Promise<this> {
    const res = await this.get<{ csrfToken: string }>('/api/check');
    this.csrfToken = res.body.csrfToken;
    return this;
  }

  /** As a cookie the server set (fixtures that log a client in straight through the database). */
  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  /** The session cookie's value, or undefined. */
  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  get<T = unknown>(path: string, headers: Record<string, string> = {}) {
    return this.request<T>('GET', path, undefined, headers);
  }

  post<T = unknown>(path: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.request<T>('POST', path, body, headers);
  }

  put<T = unknown>(path: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.request<T>('PUT', path, body, headers);
  }

  async request<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const init: RequestInit = { method, headers: { ...this.defaultHeaders(method, body), ...headers } };
    if (body !== undefined)
      init.body = typeof body === 'string' || body instanceof FormData ? body : JSON.stringify(body);
    const res = await fetch(`${this.baseUrl}${path}`, { ...init, redirect: 'manual' });
    this.keepCookies(res);
    const text = await res.text();
    const type = res.headers.get('content-type') ?? '';
    const parsed = type.includes('json') && text ? JSON.parse(text) : text;
    // text: the answer's bytes as sent, for tests of the exact JSON
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }

  private defaultHeaders(method: string, body: unknown): Record<string, string> {
    const headers: Record<string, string> = {};
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET' && this.csrfToken) headers['x-csrf-token'] = this.csrfToken;
    if (body !== undefined && !(body instanceof FormData) && typeof body !== 'string') {
      headers['content-type'] = 'application/json';
    }
    return headers;
  }

  private keepCookies(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}
