import { useCallback } from 'react';
import { showAlert } from '../components/Alert.tsx';
import { type LoadState, useLoader } from './loader.ts';
import { type Failure, failureOf, type Refusal, useFailure } from './useFailure.ts';

/** The one way a screen loads its data; a failure is met as useFailure.ts says. */

type Shown =
  /** 403: the screen shows its not-logged-in state, or sends the shopper to log in */
  { status: 'loggedOut' } | { status: 'failed'; refusal: Refusal };

export type Loaded<T> = LoadState<T, Shown>;

/** The state with "what the address names does not exist (404), or cannot (400)" told apart. */
export function withNotFound<T>(state: Loaded<T>): Loaded<T> | { status: 'notFound' } {
  if (state.status !== 'failed' || state.refusal.kind !== 'refused') return state;
  return state.refusal.status === 404 || state.refusal.status === 400 ? { status: 'notFound' } : state;
}

const shown = (failure: Failure): Shown =>
  failure.kind === 'sessionLost' ? { status: 'loggedOut' } : { status: 'failed', refusal: failure };

/**
 * A screen's data (loader.ts's mechanics). `show` puts a later call's failure on the screen; a 403 shows
 * the screen's not-logged-in state.
 */
export function useLoad<T>(request: (signal?: AbortSignal) => Promise<T>, logged: string) {
  const fail = useFailure();
  const shownFor = useCallback(
    (error: unknown) => {
      const failure = fail(error, logged);
      return failure ? shown(failure) : undefined;
    },
    [fail, logged],
  );
  const loader = useLoader<T, Shown>(request, shownFor);
  return {
    ...loader,
    show: (failure: Failure) => loader.show(shown(failure)),
    /**
     * A later call's failure told in an alert, where the spec's errors have one even for a server error
     * (orders, reviews): the server's words for a refusal, else `fallback`; a 403 shows the screen's
     * not-logged-in state.
     */
    alertFailure: (error: unknown, fallback: string) => {
      const failure = failureOf(error);
      if (failure.kind === 'sessionLost') loader.show(shown(failure));
      else showAlert(failure.kind === 'refused' ? failure.message : fallback);
    },
  };
}
