import { useCallback, useEffect, useState } from 'react';
import { showAlert } from '../../../src/components/Alert.tsx';
import { ApiError } from './client.ts';

/**
 * The back office's one data hook. A 401 has already sent the app to the sign-in screen (client.ts); a
 * 403 is the server's refusal ("Only the owner can do this"); a 5xx is logged and told as the server's
 * failure; no answer at all asks to check the connection.
 */

export type Loaded<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'failed'; message: string };

export const CONNECTION_PROBLEM = 'Please check your connection and try again';
export const SERVER_PROBLEM = 'The server could not do this. Please try again in a moment.';

/** What to tell the person about a failed call, in the server's words when it refused. */
export function failureMessage(error: unknown, logged: string): string {
  if (!(error instanceof ApiError)) return CONNECTION_PROBLEM;
  if (error.status >= 500) {
    console.error(logged, error.status, error.message);
    return SERVER_PROBLEM;
  }
  return error.message;
}

/** A failed action (ship, hide, ...) told in the alert region. */
export const alertFailure = (error: unknown, logged: string) => showAlert(failureMessage(error, logged));

/**
 * A screen's data: loaded when the screen opens, again when `request` changes (keep it in a useCallback)
 * and on retry; `reload` fetches it again keeping what is shown until the answer arrives. An answer that
 * arrives after the screen moved on is dropped.
 */
export function useLoad<T>(request: (signal?: AbortSignal) => Promise<T>, logged: string) {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const data = await request(signal);
        if (!signal?.aborted) setState({ status: 'ready', data });
      } catch (error) {
        if (!signal?.aborted) setState({ status: 'failed', message: failureMessage(error, logged) });
      }
    },
    [request, logged],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `attempt` re-runs a failed load
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    load(controller.signal);
    return () => controller.abort();
  }, [load, attempt]);

  return {
    state,
    retry: () => setAttempt((n) => n + 1),
    reload: () => load(),
    /** changes the shown data in place (e.g. with the line the server answered) */
    update: (change: (data: T) => T) =>
      setState((s) => (s.status === 'ready' ? { status: 'ready', data: change(s.data) } : s)),
  };
}
