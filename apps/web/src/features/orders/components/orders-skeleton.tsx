/** Placeholder cards while the orders load; the status text is for screen readers. */
export function OrdersSkeleton() {
  return (
    <div role="status" aria-label="Loading your orders" className="space-y-4">
      {[0, 1, 2].map((key) => (
        <div
          key={key}
          aria-hidden="true"
          className="animate-pulse space-y-4 rounded-2xl border border-slate-200 bg-white p-5"
        >
          <div className="flex justify-between gap-4">
            <div className="h-5 w-32 rounded bg-slate-200" />
            <div className="h-5 w-24 rounded bg-slate-200" />
          </div>
          <div className="flex items-center gap-3">
            <div className="size-14 rounded-lg bg-slate-200" />
            <div className="h-4 flex-1 rounded bg-slate-200" />
          </div>
        </div>
      ))}
      <span className="sr-only">Loading your orders...</span>
    </div>
  );
}
