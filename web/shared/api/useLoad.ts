import { useCallback, useEffect, useState } from 'react';

type Ready<T> = { status: 'ready'; data: T };

/** What a screen's data is: loading, ready, or `Shown` (the app's own ways of showing a failure). */
export type LoadState<T, Shown> = { status: 'loading' } | Ready<T> | Shown;

const isReady = <T>(state: { status: string }): state is Ready<T> => state.status === 'ready';

/**
 * The one data hook of both web apps, each app wrapping it with how it shows a failure: load when the
 * screen opens, again when `request` changes (keep it in a useCallback) and on retry; `reload` fetches
 * again keeping what is shown until the answer arrives; an answer that arrives after the screen moved on
 * is dropped. `shownFor` turns a failure into what the screen shows, or undefined when it was already
 * dealt with.
 */
export function useLoad<T, Shown extends { status: 'failed' | 'loggedOut' }>(
  request: (signal?: AbortSignal) => Promise<T>,
  shownFor: (error: unknown) => Shown | undefined,
) {
  const [state, setState] = useState<LoadState<T, Shown>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const data = await request(signal);
        if (!signal?.aborted) setState({ status: 'ready', data });
      } catch (error) {
        if (signal?.aborted) return;
        const shown = shownFor(error);
        if (shown) setState(shown);
      }
    },
    [request, shownFor],
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
    /** puts a later call's failure on the screen */
    show: (failure: Shown) => setState(failure),
    retry: () => setAttempt((n) => n + 1),
    reload: () => load(),
    /** changes the shown data in place (e.g. with what the server answered to an action) */
    update: (change: (data: T) => T) =>
      setState((s) => (isReady<T>(s) ? { status: 'ready', data: change(s.data) } : s)),
  };
}
