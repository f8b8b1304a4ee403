import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from '@/app/providers';
import { listenForInstall } from '@/app/pwa-install';
import { createQueryClient } from '@/app/query-client';
import { loadPageAt } from '@/app/router';
import { useAuthStore } from '@/stores/auth';
import './index.css';

// Spec §2: the stored login token is checked for expiry when the app starts.
useAuthStore.getState().checkTokenExpiry();

// The installable app (#29): its install offer, and its service worker in a built app only (none
// while developing, where it would serve yesterday's code). The worker, its code and what it keeps of
// the app shell are fetched once the page has loaded and a few quiet seconds have passed: on a slow
// link the first page's own pictures and answers go first.
listenForInstall();
if (import.meta.env.PROD) {
  const register = () =>
    void import('@/app/pwa-register').then(({ registerServiceWorker }) => registerServiceWorker());
  const later = () => setTimeout(() => requestIdleCallback(register, { timeout: 5_000 }), 3_000);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The page's chunk (fetched with the page, see apps/api/src/web.ts), and its first data when the
// server sent it inside the page, are loaded before the first render, so the page shows at once
// rather than after a loading state. A chunk that fails to load is left to the page's own render,
// which shows the error page.
const queryClient = createQueryClient();
await loadPageAt(window.location.pathname, queryClient).catch(() => undefined);

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient} />
  </StrictMode>,
);
