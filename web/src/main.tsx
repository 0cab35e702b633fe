// first, so that the screens' own styles come after the base styles
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { csrf, onSessionLost } from './api/client.ts';
import { loadHome } from './app/catalog.ts';
import { AppRoutes, prefetchScreenData } from './app/router.tsx';
import { markLoggedOut } from './app/session.tsx';

onSessionLost(markLoggedOut);
// all needed by the first screen: start them while its code loads
csrf().catch(() => undefined);
loadHome().catch(() => undefined);
prefetchScreenData(window.location);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </StrictMode>,
  );
}
