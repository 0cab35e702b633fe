import { Link, useNavigate } from 'react-router';
import { apiPaths, paths } from '../../../../../contract/paths.ts';
import { api } from '../../../../shared/api/client.ts';
import { CloseIcon, MenuIcon } from '../../app/icons.tsx';
import { logout } from '../../app/session.tsx';
import { useDrawer } from '../../components/useDrawer.ts';

/** Below this width the sidebar collapses behind a toggle (spec: below 1000 px). */
const NARROW = '(max-width: 999.98px)';

/** The sidebar: HELLO and the first name, then WISHLLIST, CART, ORDERS and LOGOUT. */
export function ProfileMenu({ name }: { name: string }) {
  const navigate = useNavigate();
  const { setOpen, drawerOpen, ref: panelRef, id: panelId, close } = useDrawer<HTMLElement>(NARROW);

  // spec sections 4 and 7: 200 clears the stored state and reloads; otherwise the session was gone already
  const logOut = async () => {
    try {
      await api.get(apiPaths.signOut());
    } catch {
      console.log('Logged out already');
      logout();
      navigate(paths.login());
      return;
    }
    logout();
    window.location.reload();
  };

  return (
    <div className={drawerOpen ? 'profile-side is-open' : 'profile-side'}>
      <button
        type="button"
        className="button profile-toggle"
        aria-expanded={drawerOpen}
        aria-controls={panelId}
        onClick={() => setOpen(true)}
      >
        <MenuIcon />
        Account menu
      </button>
      {drawerOpen && (
        // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: a pointer shortcut; Escape and the close button do the same by keyboard
        <div className="profile-overlay" onClick={close} />
      )}
      <nav id={panelId} ref={panelRef} className="profile-panel" aria-label="Your account">
        <div className="profile-panel-top">
          <p className="profile-hello">
            HELLO <span className="profile-hello-name">{name}</span>
          </p>
          <button type="button" className="round-button profile-close" onClick={close}>
            <CloseIcon />
            <span className="visually-hidden">Close account menu</span>
          </button>
        </div>
        <ul className="profile-links">
          <li>
            {/* sic: the spec's label */}
            <Link to={paths.wishlist()} className="button profile-link">
              WISHLLIST
            </Link>
          </li>
          <li>
            <Link to={paths.checkout()} className="button profile-link">
              CART
            </Link>
          </li>
          <li>
            <Link to={paths.orders()} className="button profile-link">
              ORDERS
            </Link>
          </li>
          <li>
            <button type="button" className="button button-primary profile-link" onClick={logOut}>
              LOGOUT
            </button>
          </li>
        </ul>
      </nav>
    </div>
  );
}
