import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../../contract/paths.ts';
import { ApiError, CONNECTION_PROBLEM } from '../../../shared/api/client.ts';
import { showAlert } from '../../../shared/components/Alert.tsx';
import { useReturnHere } from '../app/after-login.ts';

/**
 * How every screen meets a failed call (the spec's errors). A server error (500) is logged in the screen's
 * words and shows /error, here and nowhere else. What is left is the screen's to show: a lost session
 * (403; the client has already marked the shopper logged out), a refusal in the server's words, or no
 * answer at all. Other 5xx are refusals: the server's 502 asks the shopper to try again.
 */

/** a refused call (any status but 403 and 500), or one never answered */
export type Refusal = { kind: 'refused'; status: number; message: string } | { kind: 'unanswered' };
export type Failure = { kind: 'sessionLost' } | Refusal;

const SERVER_ERROR = 500;

/** The kind of a failed call; most callers want useFailure, which also deals with a server error. */
export function failureOf(error: unknown): Failure | { kind: 'serverError' } {
  if (!(error instanceof ApiError)) return { kind: 'unanswered' };
  if (error.status === SERVER_ERROR) return { kind: 'serverError' };
  if (error.status === 403) return { kind: 'sessionLost' };
  return { kind: 'refused', status: error.status, message: error.message };
}

/** The /error page, after logging why; for a failure that needs no more words. */
export function useErrorPage(): (logged: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (logged: string) => {
      console.error(logged);
      navigate(paths.error());
    },
    [navigate],
  );
}

/** The failure the screen shows, or undefined when a server error went to /error. */
export function useFailure(): (error: unknown, logged: string) => Failure | undefined {
  const errorPage = useErrorPage();
  return useCallback(
    (error: unknown, logged: string) => {
      const failure = failureOf(error);
      if (failure.kind !== 'serverError') return failure;
      errorPage(logged);
      return undefined;
    },
    [errorPage],
  );
}

/**
 * For a shopper's action that needs a login but has no not-logged-in state of its own (the product
 * page, the listing heart): a lost session goes to /login, other failures are alerts.
 * Undefined when a server error went to /error.
 */
export function useActionFailure(): (error: unknown, logged: string) => Failure | undefined {
  const fail = useFailure();
  const navigate = useNavigate();
  const back = useReturnHere();
  return useCallback(
    (error: unknown, logged: string) => {
      const failure = fail(error, logged);
      if (failure?.kind === 'sessionLost') navigate(paths.login(), { state: back });
      else if (failure) showAlert(failure.kind === 'refused' ? failure.message : CONNECTION_PROBLEM);
      return failure;
    },
    [fail, navigate, back],
  );
}
