import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { Profile } from '../../../../../contract/accounts.ts';
import { apiPaths, paths } from '../../../../../contract/paths.ts';
import { api } from '../../../../shared/api/client.ts';
import { useLoad } from '../../api/useLoad.ts';

/** GET /api/profile; 403 (session lost) goes to /login, 500 to /error (spec sections 4 and 8). */
export function useProfile() {
  const navigate = useNavigate();
  const request = useCallback((signal?: AbortSignal) => api.get<Profile>(apiPaths.profile(), { signal }), []);
  const { state, retry, update } = useLoad(request, 'Something wrong happened when fetching user profile!');

  useEffect(() => {
    if (state.status === 'loggedOut') navigate(paths.login(), { replace: true });
  }, [state.status, navigate]);

  return { state, retry, saved: (profile: Profile) => update(() => profile) };
}
