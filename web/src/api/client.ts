import { apiPaths } from '../../../contract/paths.ts';
import type { CheckResponse } from '../../../contract/session.ts';

/** One client for the whole app: credentials on every call, the CSRF token on writes, 403 = session lost. */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** the parsed answer, for errors that carry more than a message (429's retryAfter) */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

type SessionLostListener = () => void;
const sessionLostListeners = new Set<SessionLostListener>();

/** Called on any 403: the shell refreshes the login state and each screen reacts as the spec's states say. */
export function onSessionLost(listener: SessionLostListener): () => void {
  sessionLostListeners.add(listener);
  return () => sessionLostListeners.delete(listener);
}

let csrfToken: Promise<string> | undefined;

/** Fetched once at startup; writes (and listing calls) wait until it exists. */
export function csrf(): Promise<string> {
  csrfToken ??= request<CheckResponse>('GET', apiPaths.check()).then((r) => r.csrfToken);
  csrfToken.catch(() => {
    csrfToken = undefined;
  });
  return csrfToken;
}

interface Options {
  /** the spec's `key` header that selects the action of a shared path */
  key?: string;
  signal?: AbortSignal;
}

async function request<T>(method: string, path: string, body?: unknown, options: Options = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') headers['x-csrf-token'] = await csrf();
  if (options.key) headers.key = options.key;
  const init: RequestInit = { method, headers, credentials: 'include' };
  if (options.signal) init.signal = options.signal;
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const res = await fetch(path, init);
  const text = await res.text();
  const data = text ? safeJson(text) : undefined;
  if (!res.ok) {
    if (res.status === 403) for (const listener of sessionLostListeners) listener();
    const message = (data as { error?: string } | undefined)?.error ?? res.statusText;
    throw new ApiError(res.status, message, data);
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export const api = {
  get: <T>(path: string, options?: Options) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: Options) => request<T>('POST', path, body, options),
  delete: <T>(path: string, body?: unknown, options?: Options) => request<T>('DELETE', path, body, options),
};
