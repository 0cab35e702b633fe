// first, so that the screens' own styles come after the base styles
import '../../shared/styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { csrf, onStatus } from '../../shared/api/client.ts';
import { loadShop } from '../../shared/api/shop.ts';
import { loadHome } from './app/catalogue.ts';
import { AppRoutes, prefetchScreenData } from './app/router.tsx';
import { markLoggedOut } from './app/session.tsx';

// any 403: the shopper's session is gone (logged out elsewhere, or expired)
onStatus(403, markLoggedOut);
// all needed by the first screen: start them while its code loads
csrf().catch(() => undefined);
loadHome().catch(() => undefined);
loadShop().catch(() => undefined);
prefetchScreenData(window.location);

/**
 * A product page arrives with its facts as server markup in #root (decision 021), after the test mode's
 * banner when there is one. It stays on screen, moved just before #root, while the app starts out of
 * sight, and gives way once the app shows a heading (the product, or why there is none) or leaves the
 * address: the photo painted first then stays the page's largest paint, rather than blinking out for a
 * spinner.
 */
function keepServerMarkup(root: HTMLElement): void {
  const served = [...root.children];
  if (!served.length) return;
  const address = window.location.pathname;
  root.before(...served);
  root.style.display = 'none';
  const observer = new MutationObserver(() => {
    if (!root.querySelector('h1') && window.location.pathname === address) return;
    observer.disconnect();
    for (const element of served) element.remove();
    root.style.removeProperty('display');
  });
  observer.observe(root, { childList: true, subtree: true });
}

const root = document.getElementById('root');
if (root) {
  keepServerMarkup(root);
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </StrictMode>,
  );
}
