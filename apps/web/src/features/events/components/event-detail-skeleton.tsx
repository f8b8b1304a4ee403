const bar = 'rounded-lg bg-slate-200 motion-safe:animate-pulse';

/** The event page's shape while it loads, so nothing jumps when it arrives. */
export function EventDetailSkeleton() {
  return (
    <div role="status" className="grid gap-6 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] md:gap-10">
      <span className="sr-only">Loading event...</span>
      <div aria-hidden="true" className={`${bar} aspect-video w-full rounded-2xl`} />
      <div aria-hidden="true" className="space-y-4">
        <div className={`${bar} h-5 w-24 rounded-full`} />
        <div className={`${bar} h-8 w-3/4`} />
        <div className={`${bar} h-5 w-56`} />
        <div className={`${bar} h-5 w-40`} />
        <div className={`${bar} h-32 w-full rounded-2xl`} />
        <div className={`${bar} h-11 w-full`} />
      </div>
    </div>
  );
}
