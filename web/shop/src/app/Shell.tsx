import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { AlertRegion } from '../../../shared/components/Alert.tsx';
import { Spinner } from '../../../shared/components/Spinner.tsx';
import { TestModeBanner } from '../../../shared/components/TestModeBanner.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { RouteErrorBoundary } from './RouteError.tsx';
import './Shell.css';

/** A new address starts at the top of the page; back and forward keep the browser's own restoring. */
function useScrollReset(pathname: string) {
  const navigationType = useNavigationType();
  const last = useRef(pathname);
  useEffect(() => {
    if (last.current === pathname) return;
    last.current = pathname;
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}

/** Header, main content and footer around every screen; the test mode's banner above them. */
export function Shell() {
  const { pathname } = useLocation();
  useScrollReset(pathname);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <TestModeBanner />
      <Header />
      <AlertRegion />
      <main id="main" tabIndex={-1}>
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Footer />
    </>
  );
}
