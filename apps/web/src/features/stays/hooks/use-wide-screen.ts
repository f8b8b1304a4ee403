import { useCallback, useSyncExternalStore } from 'react';

/** Tailwind's `md`: from here on the date picker shows two months side by side. */
const WIDE = '(min-width: 768px)';
/** Tailwind's `lg`: from here on the filters stand beside the stays instead of in a sheet. */
const DESKTOP = '(min-width: 1024px)';

function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}

/** True on a tablet or desktop, false on a phone; follows rotation and resizing. */
export function useWideScreen(): boolean {
  return useMediaQuery(WIDE);
}

/** True on a desktop (or a wide tablet held sideways), false on a phone or an upright tablet. */
export function useDesktop(): boolean {
  return useMediaQuery(DESKTOP);
}
