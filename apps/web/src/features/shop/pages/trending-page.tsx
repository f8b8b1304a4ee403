import { FlameIcon } from '@/components/icons';
import { ProductBrowser } from '../components/product-browser';

/** 'Updated live': the list and its counts are asked for again every 30 seconds. */
const REFRESH_MS = 30_000;

export function TrendingPage() {
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8">
      <title>Trending Now — Sokoni</title>
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <h1 className="flex items-center gap-2 text-3xl font-extrabold tracking-tight text-slate-900">
          <FlameIcon className="text-orange-500" />
          Trending Now
        </h1>
        <span className="inline-flex items-center gap-2 rounded-full bg-emerald-50 px-3 py-1 text-sm font-semibold text-emerald-800">
          <span className="relative flex size-2.5">
            <span className="absolute inline-flex size-full rounded-full bg-emerald-500 opacity-75 motion-safe:animate-ping" />
            <span className="relative inline-flex size-2.5 rounded-full bg-emerald-600" />
          </span>
          Updated live
        </span>
      </div>
      <ProductBrowser
        scope={{ trending: true }}
        emptyMessage="No trending products found"
        searchPlaceholder="Search trending products..."
        refetchInterval={REFRESH_MS}
      />
    </section>
  );
}
