/** Placeholder cards while the trips load; the status text is for screen readers. */
export function TripsSkeleton() {
  return (
    <div role="status" aria-label="Loading your trips" className="space-y-4">
      {[0, 1].map((key) => (
        <div
          key={key}
          aria-hidden="true"
          className="flex animate-pulse flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:flex-row"
        >
          <div className="aspect-[4/3] w-full rounded-xl bg-slate-200 sm:w-48" />
          <div className="flex-1 space-y-3">
            <div className="h-5 w-56 max-w-full rounded bg-slate-200" />
            <div className="h-4 w-40 rounded bg-slate-200" />
            <div className="h-4 w-64 max-w-full rounded bg-slate-200" />
            <div className="h-4 w-32 rounded bg-slate-200" />
          </div>
        </div>
      ))}
      <span className="sr-only">Loading your trips...</span>
    </div>
  );
}
