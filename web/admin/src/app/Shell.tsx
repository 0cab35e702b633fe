import { NavLink, Outlet } from 'react-router';
import { useShop } from '../../../shared/api/shop.ts';
import { AlertRegion } from '../../../shared/components/Alert.tsx';
import { paths } from '../api/paths.ts';
import { alertFailure } from '../api/useLoad.ts';
import { PasskeySuggestion } from '../components/PasskeySuggestion.tsx';
import { useSession, useStaff } from './session.tsx';
import './Shell.css';

interface NavItem {
  label: string;
  to: string;
  ownerOnly?: boolean;
}

/** The back office's sections, the day's work first. Reports, Delivery, Staff, Activity and Settings are the owner's. */
const NAV: NavItem[] = [
  { label: 'Dashboard', to: paths.dashboard() },
  { label: 'Orders', to: paths.orders() },
  { label: 'Returns', to: paths.returns() },
  { label: 'Refunds', to: paths.refunds() },
  { label: 'Cash on delivery', to: paths.cod() },
  { label: 'Reviews', to: paths.reviews() },
  { label: 'Products', to: paths.products() },
  { label: 'Categories', to: paths.categories() },
  { label: 'Low stock', to: paths.lowStock() },
  { label: 'Offers', to: paths.offers() },
  { label: 'Sellers', to: paths.sellers() },
  { label: 'Size charts', to: paths.sizeCharts() },
  { label: 'Home page', to: paths.shopWindow() },
  { label: 'Reports', to: paths.reports(), ownerOnly: true },
  { label: 'Delivery', to: paths.delivery(), ownerOnly: true },
  { label: 'Staff', to: paths.staff(), ownerOnly: true },
  { label: 'Passkeys', to: paths.passkeys() },
  { label: 'Activity', to: paths.activity(), ownerOnly: true },
  { label: 'GST returns', to: paths.gstReturns(), ownerOnly: true },
  { label: 'Settlements', to: paths.settlements(), ownerOnly: true },
  { label: 'Settings', to: paths.settings(), ownerOnly: true },
];

/** The frame of every signed-in screen: who is signed in, the sections, Sign out, the alert region. */
export function Shell() {
  const staff = useStaff();
  const { signOut, state } = useSession();
  // the shop as its owner named it (GET /api/shop), not the software's name
  const shop = useShop();
  const items = NAV.filter((item) => !item.ownerOnly || staff.role === 'owner');
  return (
    <>
      <a className="admin-skip" href="#admin-main">
        Skip to content
      </a>
      <header className="admin-header">
        <p className="admin-brand">{shop ? `${shop.name} back office` : 'Back office'}</p>
        <nav aria-label="Back office" className="admin-nav">
          <ul>
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === paths.dashboard()}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="admin-who">
          <span>
            {staff.name} <span className="admin-role">({staff.role})</span>
          </span>
          <button
            type="button"
            className="button admin-sign-out"
            onClick={() => signOut().catch((error) => alertFailure(error, 'Signing out failed'))}
          >
            Sign out
          </button>
        </div>
      </header>
      <main id="admin-main" className="admin-main" tabIndex={-1}>
        {state.status === 'signedIn' && state.byCode && <PasskeySuggestion />}
        <Outlet />
      </main>
      <AlertRegion />
    </>
  );
}
