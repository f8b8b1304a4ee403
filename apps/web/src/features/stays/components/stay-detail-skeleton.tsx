const bar = 'rounded-lg bg-slate-200 motion-safe:animate-pulse';

/** The stay page's shape while it loads, so nothing jumps when it arrives. */
export function StayDetailSkeleton() {
  return (
    <div role="status" className="grid gap-6 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] md:gap-10">
      <span className="sr-only">Loading stay...</span>
      <div aria-hidden="true" className={`${bar} aspect-[3/2] w-full rounded-2xl`} />
      <div aria-hidden="true" className="space-y-4">
        <div className={`${bar} h-8 w-3/4`} />
        <div className={`${bar} h-5 w-56`} />
        <div className={`${bar} h-5 w-40`} />
        <div className={`${bar} h-24 w-full rounded-2xl`} />
        <div className={`${bar} h-7 w-32`} />
      </div>
    </div>
  );
}
