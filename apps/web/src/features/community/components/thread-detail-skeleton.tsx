export function ThreadDetailSkeleton() {
  return (
    <div role="status" aria-label="Loading the thread" className="space-y-4">
      <div
        aria-hidden="true"
        className="space-y-3 rounded-2xl border border-slate-200 bg-white p-6 motion-safe:animate-pulse"
      >
        <span className="block h-7 w-3/4 rounded bg-slate-200" />
        <span className="block h-3.5 w-1/3 rounded bg-slate-200" />
        <span className="block h-3.5 w-full rounded bg-slate-200" />
        <span className="block h-3.5 w-5/6 rounded bg-slate-200" />
      </div>
      {Array.from({ length: 3 }, (_, index) => (
        <div
          key={index}
          aria-hidden="true"
          className="h-24 rounded-xl border border-slate-200 bg-white motion-safe:animate-pulse"
        />
      ))}
    </div>
  );
}
