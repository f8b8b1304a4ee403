import { registerSW } from 'virtual:pwa-register';
import { releaseHandlers } from './pwa-update';

/**
 * Registers the service worker the build makes (main.tsx, production builds only), once the page has
 * loaded; a new release takes over at the next navigation (pwa-update.ts).
 */
export function registerServiceWorker() {
  const updateSW = registerSW(releaseHandlers(() => updateSW(true)));
}
