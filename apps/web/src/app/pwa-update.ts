import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { useLocation } from 'react-router';

/** Set in sessionStorage just before the page reloads into a new release, for the notice after it. */
export const UPDATED_KEY = 'app-updated';

let takeOver: (() => void) | null = null;

/**
 * `apply` runs at the next navigation to another page, never while a page is in use: a half-filled
 * form is never lost to a reload. A later call replaces an earlier one.
 */
function updateAtNextNavigation(apply: () => void) {
  takeOver = apply;
}

/**
 * What the service worker's registration (pwa-register.ts) does as a new release arrives. Its worker
 * waits; at the next navigation it is let take over (`update`: skip waiting), and once it controls
 * the page, the page reloads into it at the address it was going to. A worker that another tab let
 * take over reloads this one at its own next navigation, not in the middle of what it shows.
 */
export function releaseHandlers(update: () => Promise<void>, reload = () => window.location.reload()) {
  let asked = false;
  const reloadIntoIt = () => {
    sessionStorage.setItem(UPDATED_KEY, '1');
    reload();
  };
  return {
    onNeedRefresh: () =>
      updateAtNextNavigation(() => {
        asked = true;
        void update();
      }),
    onNeedReload: () => (asked ? reloadIntoIt() : updateAtNextNavigation(reloadIntoIt)),
  };
}

/**
 * Applies a waiting release when the app goes to another page (a new path: a page's own filters and
 * tabs change only its query), and after the reload into it says 'Updated', quietly.
 */
export function AppUpdates() {
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);

  useEffect(() => {
    if (pathname === shownPath.current) return;
    shownPath.current = pathname;
    const apply = takeOver;
    takeOver = null;
    apply?.();
  }, [pathname]);

  useEffect(() => {
    if (!sessionStorage.getItem(UPDATED_KEY)) return;
    sessionStorage.removeItem(UPDATED_KEY);
    toast.success('Updated', { id: UPDATED_KEY });
  }, []);

  return null;
}
