// first, so that the back office's own styles come after the shop's base styles
import '../../shared/styles/global.css';
import './admin.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { csrf } from '../../shared/api/client.ts';
import { AdminApp } from './app/router.tsx';
import { SessionProvider } from './app/session.tsx';

// every write needs the browser's token: fetch it while the first screen loads
csrf().catch(() => undefined);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <SessionProvider>
          <AdminApp />
        </SessionProvider>
      </BrowserRouter>
    </StrictMode>,
  );
}
