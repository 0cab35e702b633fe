import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import type { StaffSession } from '../../../../contract/staff.ts';
import { api, onSignedOut } from '../api/client.ts';
import { apiPaths } from '../api/paths.ts';

/** The person signed in to the back office; the ADMIN_TOKEN's "Automation" has no id or phone. */
export type { StaffSession };

type SessionState =
  | { status: 'checking' }
  | { status: 'unanswered' }
  | { status: 'signedOut' }
  /** `byCode`: signed in just now with a code, so the back office suggests adding a passkey */
  | { status: 'signedIn'; staff: StaffSession; byCode?: boolean };

interface Session {
  state: SessionState;
  signedIn: (staff: StaffSession, how: { byCode: boolean }) => void;
  signOut: () => Promise<void>;
  recheck: () => void;
}

const SessionContext = createContext<Session | undefined>(undefined);

/** Asks once who is signed in; any 401 later (12 hours idle, removed staff) signs the app out. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>({ status: 'checking' });

  const recheck = useCallback(() => {
    setState({ status: 'checking' });
    api
      .get<StaffSession>(apiPaths.session())
      .then((staff) => setState({ status: 'signedIn', staff }))
      // a 401 has signed the app out already (onSignedOut); anything else left the question open
      .catch(() => setState((s) => (s.status === 'signedOut' ? s : { status: 'unanswered' })));
  }, []);

  useEffect(() => {
    const stop = onSignedOut(() => setState({ status: 'signedOut' }));
    recheck();
    return () => {
      stop();
    };
  }, [recheck]);

  const session: Session = {
    state,
    recheck,
    signedIn: (staff, { byCode }) => setState({ status: 'signedIn', staff, byCode }),
    signOut: async () => {
      await api.delete(apiPaths.session());
      setState({ status: 'signedOut' });
    },
  };
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

/** The signed-in person; only screens shown after sign-in ask. */
export function useStaff(): StaffSession {
  const { state } = useSession();
  if (state.status !== 'signedIn') throw new Error('useStaff before sign-in');
  return state.staff;
}
