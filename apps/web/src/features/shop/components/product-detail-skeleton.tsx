const bar = 'animate-pulse rounded-lg bg-slate-200';

/** The product page's shape while it loads, so nothing jumps when it arrives. */
export function ProductDetailSkeleton() {
  return (
    <div role="status" className="grid gap-6 md:grid-cols-2 md:gap-10">
      <span className="sr-only">Loading product...</span>
      <div aria-hidden="true" className={`${bar} aspect-square w-full rounded-2xl`} />
      <div aria-hidden="true" className="space-y-4">
        <div className={`${bar} h-8 w-3/4`} />
        <div className={`${bar} h-5 w-40`} />
        <div className={`${bar} h-9 w-48`} />
        <div className={`${bar} h-11 w-full sm:w-48`} />
        <div className={`${bar} h-24 w-full`} />
        <div className={`${bar} h-40 w-full rounded-2xl`} />
      </div>
    </div>
  );
}
