import { apiPaths } from '../../../contract/paths.ts';
import type { CheckResponse } from '../../../contract/session.ts';

/**
 * The one API client of both web apps: credentials on every call, the CSRF token on writes, a refusal
 * as an ApiError in the server's words. Which answer means "the session is gone" is each app's to say
 * (onStatus): a 403 for the shop, a 401 for the back office.
 */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** the parsed answer, for errors that carry more than a message (429's retryAfter, 400's fields) */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

/** each listener with the status it hears */
const statusListeners = new Map<() => void, number>();

/** `listener` hears every call answered with `status`, before the caller sees the ApiError. */
export function onStatus(status: number, listener: () => void): () => void {
  statusListeners.set(listener, status);
  return () => statusListeners.delete(listener);
}

/** What either app says when a call got no answer at all. */
export const CONNECTION_PROBLEM = 'Please check your connection and try again';

let csrfToken: Promise<string> | undefined;

/** Fetched once at startup; writes (and listing calls) wait until it exists. */
export function csrf(): Promise<string> {
  if (!csrfToken) {
    csrfToken = request<CheckResponse>('GET', apiPaths.check()).then((r) => r.csrfToken);
    // a failed fetch is asked again by the next write, not kept
    csrfToken.catch(() => {
      csrfToken = undefined;
    });
  }
  return csrfToken;
}

interface Options {
  /** the spec's `key` header that selects the action of a shared path */
  key?: string;
  signal?: AbortSignal;
  /** the answer is a document to open (labels, a manifest): a Blob, not JSON */
  file?: boolean;
}

/** A call's answer, or an ApiError in the server's words unless 2xx. */
export async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  options: Options = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') headers['x-csrf-token'] = await csrf();
  if (options.key) headers.key = options.key;
  const init: RequestInit = { method, headers, credentials: 'include' };
  if (options.signal) init.signal = options.signal;
  if (body instanceof FormData) {
    // the browser writes the multipart boundary into the content type itself
    init.body = body;
  } else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const res = await fetch(path, init);
  if (res.ok) return (options.file ? res.blob() : json(res)) as Promise<T>;
  const data = await json(res);
  for (const [listener, status] of statusListeners) if (status === res.status) listener();
  const message = (data as { error?: string } | undefined)?.error ?? res.statusText;
  throw new ApiError(res.status, message, data);
}

/** The answer's JSON; undefined when it has none (an empty or non-JSON body). */
const json = (res: Response): Promise<unknown> =>
  res.text().then((text) => {
    try {
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  });

export const api = {
  get: <T>(path: string, options?: Options) => request<T>('GET', path, undefined, options),
  /** a JSON body, or a FormData one (a file upload) */
  post: <T>(path: string, body?: unknown, options?: Options) => request<T>('POST', path, body, options),
  delete: <T>(path: string, body?: unknown, options?: Options) => request<T>('DELETE', path, body, options),
};
