import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the element has come within `margin` (a CSS margin, as IntersectionObserver's
 * `rootMargin`) of the screen, and from then on. The browser reports it after the page has painted,
 * so what waits for it never delays the first paint. True at once where there is no
 * IntersectionObserver.
 */
export function useNearView(ref: RefObject<Element | null>, margin: string): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}
