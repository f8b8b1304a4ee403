import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/button';
import { SlidersIcon } from '@/components/icons';
import { SearchForm } from '@/components/search-form';
import { useStays } from '../api/get-stays';
import { StayFilterPanel } from '../components/stay-filter-panel';
import { StayFilterSheet } from '../components/stay-filter-sheet';
import { StayResults } from '../components/stay-results';
import { useStayFilters } from '../hooks/use-stay-filters';
import { useDesktop } from '../hooks/use-wide-screen';
import { activeStayFilterCount, clearStayFilters, isFiltered } from '../lib/stay-filters';

function ClearAll({ count, onClear }: { count: number; onClear: () => void }) {
  if (!count) return null;
  return (
    <div className="flex items-center gap-2 text-sm">
      <span className="text-slate-700" data-testid="active-filter-count">
        {count} active {count === 1 ? 'filter' : 'filters'}
      </span>
      <button
        type="button"
        onClick={onClear}
        className="min-h-11 rounded-lg px-2 font-semibold text-emerald-800 hover:bg-emerald-50"
      >
        Clear All
      </button>
    </div>
  );
}

/**
 * 'Discover Amazing Stays': search over titles and places, then price, guests, dates, sort and
 * amenities, all kept in the URL. On a desktop the filters stand beside the stays and apply at
 * once; on a phone they open in a bottom sheet, applied with 'Show N stays'.
 */
export function StaysPage() {
  const [filters, setFilters] = useStayFilters();
  const stays = useStays(filters);
  const desktop = useDesktop();
  const [sheetOpen, setSheetOpen] = useState(false);
  const filtersButton = useRef<HTMLButtonElement>(null);
  const total = stays.data?.pages.at(-1)?.total;
  const count = activeStayFilterCount(filters);
  const clearAll = () => setFilters(clearStayFilters(filters));

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8">
      <title>Stays — Sokoni</title>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">Discover Amazing Stays</h1>
          <p className="mt-1 text-slate-600">
            Cottages, apartments and beach houses across Kenya, by the night.
          </p>
        </div>
        <Link to="/host/stays/new" className={buttonClasses('primary')}>
          Become a Host
        </Link>
      </div>

      <div className="mb-4">
        <SearchForm
          id="stay-search"
          label="Search stays"
          query={filters.q}
          placeholder="Search by name or place, e.g. Diani"
          onSearch={(q) => setFilters({ ...filters, q })}
        />
      </div>
      <div className="lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-8">
        {desktop ? (
          <aside aria-labelledby="stay-filters-title">
            <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
              <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
                <h2 id="stay-filters-title" className="text-lg font-bold text-slate-900">
                  Filters
                </h2>
                <ClearAll count={count} onClear={clearAll} />
              </div>
              <StayFilterPanel value={filters} onChange={setFilters} />
            </div>
          </aside>
        ) : null}

        <div className="min-w-0 space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="font-semibold text-slate-800" aria-live="polite" data-testid="result-count">
              {total === undefined ? '' : `${total} ${total === 1 ? 'stay' : 'stays'}`}
            </p>
            {desktop ? null : (
              <div className="flex items-center gap-2">
                <ClearAll count={count} onClear={clearAll} />
                <button
                  ref={filtersButton}
                  type="button"
                  aria-haspopup="dialog"
                  onClick={() => setSheetOpen(true)}
                  className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:bg-slate-50"
                >
                  <SlidersIcon className="text-lg" />
                  Filters
                  {count ? (
                    <span className="rounded-full bg-emerald-700 px-2 py-0.5 text-xs text-white">
                      {count}
                    </span>
                  ) : null}
                </button>
              </div>
            )}
          </div>
          <h2 className="sr-only">Stays</h2>
          <StayResults query={stays} filtered={isFiltered(filters)} />
        </div>
      </div>
      {desktop ? null : (
        <StayFilterSheet
          open={sheetOpen}
          filters={filters}
          onApply={setFilters}
          onClose={() => {
            setSheetOpen(false);
            filtersButton.current?.focus();
          }}
        />
      )}
    </section>
  );
}
