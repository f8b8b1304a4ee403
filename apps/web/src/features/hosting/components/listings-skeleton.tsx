/** Placeholder cards while the listings load; the status text is for screen readers. */
export function ListingsSkeleton() {
  return (
    <div role="status" aria-label="Loading your listings" className="space-y-6">
      {[0, 1].map((key) => (
        <div
          key={key}
          aria-hidden="true"
          className="animate-pulse space-y-4 rounded-2xl border border-slate-200 bg-white p-4"
        >
          <div className="flex flex-col gap-4 sm:flex-row">
            <div className="aspect-[4/3] w-full rounded-xl bg-slate-200 sm:w-56" />
            <div className="flex-1 space-y-3">
              <div className="h-5 w-56 max-w-full rounded bg-slate-200" />
              <div className="h-4 w-40 rounded bg-slate-200" />
              <div className="h-4 w-32 rounded bg-slate-200" />
              <div className="h-14 w-full max-w-sm rounded-xl bg-slate-200" />
            </div>
          </div>
          <div className="h-72 rounded-xl bg-slate-200" />
        </div>
      ))}
      <span className="sr-only">Loading your listings...</span>
    </div>
  );
}
