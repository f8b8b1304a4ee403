import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { ChevronRightIcon } from './icons';

type ScrollRowProps = {
  /** The group's accessible name, e.g. 'Category'. */
  label: string;
  /** The chips; each with `snap-start` so a swipe stops at a chip's edge. */
  children: ReactNode;
};

const FADE = 'pointer-events-none absolute inset-y-0 flex w-12 items-center transition-opacity sm:hidden';

/**
 * A row of chips that scrolls sideways on a phone and wraps from `sm` on. Where more chips hide
 * past an edge, that edge fades out (with a chevron on the right), so the row shows that it
 * scrolls; tabbing through the chips scrolls each into view clear of the fade.
 */
export function ScrollRow({ label, children }: ScrollRowProps) {
  const rowRef = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ before: false, after: false });

  useEffect(() => {
    const row = rowRef.current;
    if (!row) return;
    const measure = () => {
      const before = row.scrollLeft > 1;
      const after = row.scrollLeft + row.clientWidth < row.scrollWidth - 1;
      setMore((shown) => (shown.before === before && shown.after === after ? shown : { before, after }));
    };
    measure();
    row.addEventListener('scroll', measure, { passive: true });
    const resized = new ResizeObserver(measure);
    resized.observe(row);
    return () => {
      row.removeEventListener('scroll', measure);
      resized.disconnect();
    };
  }, []);

  return (
    <div className="relative -mx-4 sm:mx-0">
      <div
        ref={rowRef}
        role="group"
        aria-label={label}
        className="flex snap-x snap-proximity scroll-px-12 gap-2 overflow-x-auto px-4 pb-1 sm:flex-wrap sm:overflow-visible sm:px-0"
      >
        {children}
      </div>
      <div
        aria-hidden="true"
        data-testid="fade-before"
        className={`${FADE} left-0 bg-gradient-to-r from-slate-50 via-slate-50/80 to-transparent ${
          more.before ? 'opacity-100' : 'opacity-0'
        }`}
      />
      <div
        aria-hidden="true"
        data-testid="fade-after"
        className={`${FADE} right-0 justify-end bg-gradient-to-l from-slate-50 via-slate-50/80 to-transparent pr-1 text-lg text-slate-600 ${
          more.after ? 'opacity-100' : 'opacity-0'
        }`}
      >
        <ChevronRightIcon />
      </div>
    </div>
  );
}
