/** Grey blocks in the course page's shape while it loads. */
export function CourseDetailSkeleton() {
  return (
    <div className="space-y-6">
      <p role="status" className="sr-only">
        Loading course...
      </p>
      <div
        aria-hidden="true"
        className="grid gap-8 motion-safe:animate-pulse lg:grid-cols-[minmax(0,1fr)_22rem]"
      >
        <div className="space-y-4">
          <div className="h-4 w-24 rounded bg-slate-200" />
          <div className="h-9 w-4/5 rounded bg-slate-200" />
          <div className="h-4 w-full rounded bg-slate-200" />
          <div className="h-4 w-3/4 rounded bg-slate-200" />
          <div className="aspect-video w-full rounded-2xl bg-slate-200" />
        </div>
        <div className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5">
          <div className="aspect-video w-full rounded-xl bg-slate-200" />
          <div className="h-8 w-1/2 rounded bg-slate-200" />
          <div className="h-11 w-full rounded-lg bg-slate-200" />
        </div>
      </div>
    </div>
  );
}
