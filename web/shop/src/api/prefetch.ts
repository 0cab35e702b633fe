import { api } from '../../../shared/api/client.ts';

/**
 * The first screen's API call, started at startup beside the screen's lazy code instead of after it:
 * the page's largest picture waits for this answer. The screen's hook takes it instead of making the same
 * request; the first take empties the registry, so an answer is never served to a later visit.
 */
const started = new Map<string, Promise<unknown>>();

const keyOf = (method: 'GET' | 'POST', path: string, body: unknown) =>
  `${method} ${path} ${JSON.stringify(body ?? null)}`;

export function prefetch(method: 'GET' | 'POST', path: string, body?: unknown): void {
  const request = method === 'GET' ? api.get(path) : api.post(path, body);
  // the hook that takes the request reports its failure (403, 500, no network) as its own call would
  request.catch(() => undefined);
  started.set(keyOf(method, path, body), request);
}

/** The prefetched request, or undefined: the caller then makes its own. */
export function takePrefetched<T>(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<T> | undefined {
  const request = started.get(keyOf(method, path, body));
  started.clear();
  return request as Promise<T> | undefined;
}
