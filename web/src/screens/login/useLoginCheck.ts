import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { login } from '../../app/session.tsx';
import { paths } from '../../config/paths.ts';
import { checkLogin } from './accounts.ts';

/** Login and sign-up: a shopper who is logged in already goes to /profile; a 500 goes to /error. */
export function useRedirectIfLoggedIn() {
  const navigate = useNavigate();
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
        if (!controller.signal.aborted && error instanceof ApiError && error.status === 500) {
          navigate(paths.error());
        }
      });
    return () => controller.abort();
  }, [navigate]);
}
