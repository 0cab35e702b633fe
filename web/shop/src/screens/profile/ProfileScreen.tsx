import { Spinner } from '../../../../shared/components/Spinner.tsx';
import { usePageTitle } from '../../../../shared/components/usePageTitle.ts';
import { useSession } from '../../app/session.tsx';
import { ProfileForm } from './ProfileForm.tsx';
import { ProfileMenu } from './ProfileMenu.tsx';
import { ProfilePasskeys } from './ProfilePasskeys.tsx';
import { useProfile } from './useProfile.ts';
import './profile.css';

/** Profile (spec sections 2 and 4): the account sidebar and the PERSONAL INFORMATION form. */
export function ProfileScreen() {
  usePageTitle('Profile');
  const { uname } = useSession();
  const { state, retry, saved } = useProfile();
  const name = state.status === 'ready' ? state.data.fname : uname;

  return (
    <div className="container profile">
      <ProfileMenu name={name} />
      <section className="profile-main">
        {state.status === 'loading' && <Spinner />}
        {state.status === 'failed' && (
          <div className="profile-failed" role="alert">
            <p>Your profile could not be loaded.</p>
            <button type="button" className="button" onClick={retry}>
              Try again
            </button>
          </div>
        )}
        {state.status === 'ready' && (
          <>
            <ProfileForm profile={state.data} onSaved={saved} />
            <ProfilePasskeys />
          </>
        )}
      </section>
    </div>
  );
}
