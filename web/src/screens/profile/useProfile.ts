import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Profile } from '../../../../contract/accounts.ts';
import { ApiError, api } from '../../api/client.ts';
import { apiPaths, paths } from '../../config/paths.ts';

export type ProfileState =
  | { status: 'loading' }
  | { status: 'ready'; profile: Profile }
  | { status: 'failed' };

/** GET /api/profile; 403 (session lost) goes to /login, 500 to /error (spec sections 4 and 8). */
export function useProfile() {
  const navigate = useNavigate();
  const [state, setState] = useState<ProfileState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `attempt` re-runs a failed load
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    api
      .get<Profile>(apiPaths.profile(), { signal: controller.signal })
      .then((profile) => setState({ status: 'ready', profile }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 403) {
          // the API client has already marked the shopper logged out
          navigate(paths.login(), { replace: true });
        } else if (error instanceof ApiError && error.status === 500) {
          console.error('Something wrong happened when fetching user profile!');
          navigate(paths.error());
        } else {
          setState({ status: 'failed' });
        }
      });
    return () => controller.abort();
  }, [attempt, navigate]);

  return {
    state,
    retry: () => setAttempt((n) => n + 1),
    saved: (profile: Profile) => setState({ status: 'ready', profile }),
  };
}
