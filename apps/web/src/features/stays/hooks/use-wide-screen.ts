import { useSyncExternalStore } from 'react';

/** Tailwind's `md`: from here on the date picker shows two months side by side. */
const WIDE = '(min-width: 768px)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** True on a tablet or desktop, false on a phone; follows rotation and resizing. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(WIDE).matches);
}
