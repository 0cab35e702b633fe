import { ApiError, csrf } from '../../../shared/api/client.ts';

/**
 * The back office's one client: the staff cookie on every call, the shop's browser-bound CSRF token on
 * writes. A 401 means no staff session (never signed in, signed out elsewhere, or 12 hours idle): every
 * listener hears it and the app shows the sign-in screen.
 */

export { ApiError };

const signedOutListeners = new Set<() => void>();

export function onSignedOut(listener: () => void): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

/** A call's answer as the server sent it, turned into an ApiError (in the server's words) unless 2xx. */
async function send(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') headers['x-csrf-token'] = await csrf();
  const init: RequestInit = { method, headers, credentials: 'include' };
  if (signal) init.signal = signal;
  if (body instanceof FormData) {
    // the browser writes the multipart boundary into the content type itself
    init.body = body;
  } else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const res = await fetch(path, init);
  if (res.ok) return res;
  const text = await res.text();
  const data = text ? parseJson(text) : undefined;
  if (res.status === 401) for (const listener of signedOutListeners) listener();
  const message = (data as { error?: string } | undefined)?.error ?? res.statusText;
  throw new ApiError(res.status, message, data);
}

async function request<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const text = await (await send(method, path, body, signal)).text();
  return (text ? parseJson(text) : undefined) as T;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => request<T>('GET', path, undefined, signal),
  /** a JSON body, or a FormData one (a file upload) */
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body),
  put: <T>(path: string, body: unknown) => request<T>('PUT', path, body),
  delete: (path: string) => request<void>('DELETE', path),
  /** a document the server makes from a JSON body (labels, a manifest), as a file to open */
  postForFile: async (path: string, body: unknown) => (await send('POST', path, body)).blob(),
};
