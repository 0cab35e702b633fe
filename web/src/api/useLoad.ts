import { useCallback, useEffect, useState } from 'react';
import { showAlert } from '../components/Alert.tsx';
import { type Failure, failureOf, type Refusal, useFailure } from './useFailure.ts';

/** The one way a screen loads its data; a failure is met as useFailure.ts says. */

export type Loaded<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  /** 403: the screen shows its not-logged-in state, or sends the shopper to log in */
  | { status: 'loggedOut' }
  | { status: 'failed'; refusal: Refusal };

/** The state with "what the address names does not exist (404), or cannot (400)" told apart. */
export function withNotFound<T>(state: Loaded<T>): Loaded<T> | { status: 'notFound' } {
  if (state.status !== 'failed' || state.refusal.kind !== 'refused') return state;
  return state.refusal.status === 404 || state.refusal.status === 400 ? { status: 'notFound' } : state;
}

const shown = <T>(failure: Failure): Loaded<T> =>
  failure.kind === 'sessionLost' ? { status: 'loggedOut' } : { status: 'failed', refusal: failure };

/**
 * A screen's data: loaded when the screen opens, again when `request` changes (keep it in a useCallback)
 * and on retry. `reload` fetches it again keeping what is shown until the answer; `show` puts a later
 * call's failure on the screen. An answer that arrives after the screen moved on is dropped.
 */
export function useLoad<T>(request: (signal?: AbortSignal) => Promise<T>, logged: string) {
  const fail = useFailure();
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const data = await request(signal);
        if (!signal?.aborted) setState({ status: 'ready', data });
      } catch (error) {
        if (signal?.aborted) return;
        const failure = fail(error, logged);
        if (failure) setState(shown(failure));
      }
    },
    [request, fail, logged],
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
    /** changes the shown data in place (e.g. after a removal the server confirmed) */
    update: (change: (data: T) => T) =>
      setState((s) => (s.status === 'ready' ? { status: 'ready', data: change(s.data) } : s)),
    show: (failure: Failure) => setState(shown(failure)),
    /**
     * A later call's failure told in an alert, where spec section 8 has one even for a server error
     * (orders, reviews): the server's words for a refusal, else `fallback`; a 403 shows the screen's
     * not-logged-in state.
     */
    alertFailure: (error: unknown, fallback: string) => {
      const failure = failureOf(error);
      if (failure.kind === 'sessionLost') setState(shown(failure));
      else showAlert(failure.kind === 'refused' ? failure.message : fallback);
    },
  };
}
