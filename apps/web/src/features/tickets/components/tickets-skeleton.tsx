/** Placeholder cards while the tickets load; the status text is for screen readers. */
export function TicketsSkeleton() {
  return (
    <div role="status" aria-label="Loading your tickets" className="space-y-4">
      {[0, 1].map((key) => (
        <div
          key={key}
          aria-hidden="true"
          className="flex animate-pulse flex-col items-center gap-5 rounded-2xl border border-slate-200 bg-white p-5 sm:flex-row sm:items-start"
        >
          <div className="w-full flex-1 space-y-3">
            <div className="h-5 w-48 rounded bg-slate-200" />
            <div className="h-4 w-40 rounded bg-slate-200" />
            <div className="h-4 w-32 rounded bg-slate-200" />
            <div className="h-11 w-40 rounded-lg bg-slate-200" />
          </div>
          <div className="size-64 rounded bg-slate-200" />
        </div>
      ))}
      <span className="sr-only">Loading your tickets...</span>
    </div>
  );
}
