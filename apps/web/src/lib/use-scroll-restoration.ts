import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'scroll-positions';
/** How many history entries' positions a tab keeps. */
const KEPT = 50;

function storedPositions(): Map<string, number> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return new Map(Array.isArray(stored) ? (stored as [string, number][]) : []);
  } catch {
    return new Map();
  }
}

const positions = storedPositions();

/** The element id a `#hash` names; a hash that is not valid percent-encoding names itself. */
function idOfHash(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

/**
 * A new screen opens at its top (or at the element its `#hash` names); going back or forward returns
 * to where the reader was on that entry, also after a reload of the tab.
 */
export function useScrollRestoration() {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();
  // The entry a scroll belongs to: set as the screen is committed, before the browser reports any
  // scroll of it (a scroll reported later never lands on the entry the reader left).
  const shown = useRef(key);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const remember = () => {
      positions.delete(shown.current);
      positions.set(shown.current, window.scrollY);
      if (positions.size > KEPT) positions.delete(positions.keys().next().value!);
    };
    const save = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions]));
      } catch {
        // A full or blocked storage only loses the positions across a reload.
      }
    };
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', save);
    };
  }, []);

  useLayoutEffect(() => {
    shown.current = key;
    const saved = navigationType === 'POP' ? positions.get(key) : undefined;
    const target = hash ? document.getElementById(idOfHash(hash)) : null;
    if (saved !== undefined) window.scrollTo(0, saved);
    else if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [key, hash, navigationType]);
}
