import { useCallback } from 'react';
import { CONNECTION_PROBLEM } from '../../../shared/api/client.ts';
import * as shared from '../../../shared/api/useLoad.ts';
import { showAlert } from '../../../shared/components/Alert.tsx';
import { ApiError } from './client.ts';

/**
 * The back office's one data hook. A 401 has already sent the app to the sign-in screen (client.ts); a
 * 403 is the server's refusal ("Only the owner can do this"); a 5xx is logged and told as the server's
 * failure; no answer at all asks to check the connection.
 */

export type Loaded<T> = shared.LoadState<T, { status: 'failed'; message: string }>;

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

/** A screen's data (the shared useLoad's mechanics), a failure shown in words on the screen. */
export function useLoad<T>(request: (signal?: AbortSignal) => Promise<T>, logged: string) {
  const shownFor = useCallback(
    (error: unknown) => ({ status: 'failed' as const, message: failureMessage(error, logged) }),
    [logged],
  );
  return shared.useLoad(request, shownFor);
}
