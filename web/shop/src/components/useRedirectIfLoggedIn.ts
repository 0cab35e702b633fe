import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../../contract/paths.ts';
import { checkLogin } from '../api/accounts.ts';
import { useFailure } from '../api/useFailure.ts';
import { login } from '../app/session.tsx';

/** Login and sign-up: a shopper who is logged in already goes to /profile; a 500 goes to /error. */
export function useRedirectIfLoggedIn() {
  const navigate = useNavigate();
  const fail = useFailure();
  useEffect(() => {
    const controller = new AbortController();
    checkLogin(controller.signal)
      .then(({ fname }) => {
        // the server knows best: this browser's stored state may have been cleared
        login(fname);
        navigate(paths.profile(), { replace: true });
      })
      .catch((error: unknown) => {
        // a 403 is the expected answer for a visitor (and the API client marks the state logged out)
        if (!controller.signal.aborted) fail(error, 'Error occurred while checking the login');
      });
    return () => controller.abort();
  }, [navigate, fail]);
}
