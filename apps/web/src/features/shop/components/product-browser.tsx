import { useRef, useState } from 'react';
import type { CategoryId } from '@sokoni/contracts/catalog';
import { SlidersIcon } from '@/components/icons';
import { SearchForm } from '@/components/search-form';
import { useFacets } from '../api/get-facets';
import { useProducts } from '../api/get-products';
import { useUrlFilters } from '../hooks/use-url-filters';
import { activeFilterCount, clearFilters, toProductFilters } from '../lib/filter-state';
import type { ProductFilters } from '../lib/filter-state';
import { priceBounds } from '@/lib/price-range';
import { FilterDrawer } from './filter-drawer';
import { FilterPanel } from './filter-panel';
import { ProductResults } from './product-results';

type ProductBrowserProps = {
  /** Filters the page itself fixes: the category page's category, the trending list. */
  scope?: { category?: CategoryId; trending?: boolean };
  emptyMessage: string;
  searchPlaceholder: string;
  /** Re-ask the server this often (ms); the trending list is 'Updated live'. */
  refetchInterval?: number;
};

function ActiveFilters({ count, onClear }: { count: number; onClear: () => void }) {
  if (!count) return null;
  return (
    <div className="flex items-center gap-2 text-sm">
      <span className="text-slate-700" data-testid="active-filter-count">
        {count} active {count === 1 ? 'filter' : 'filters'}
      </span>
      <button
        type="button"
        onClick={onClear}
        className="rounded-lg px-2 py-1.5 font-semibold text-emerald-800 hover:bg-emerald-50"
      >
        Clear All
      </button>
    </div>
  );
}

/** Search, filters and results of a product list, with the filter state kept in the URL. */
export function ProductBrowser({
  scope = {},
  emptyMessage,
  searchPlaceholder,
  refetchInterval,
}: ProductBrowserProps) {
  const [urlFilters, setFilters] = useUrlFilters();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const filtersButton = useRef<HTMLButtonElement>(null);
  const showCategories = !scope.category;
  const filters = showCategories ? urlFilters : { ...urlFilters, categories: [] };

  const apiFilters: ProductFilters = {
    ...toProductFilters(filters),
    ...(scope.category ? { category: [scope.category] } : {}),
    ...(scope.trending ? { trending: true } : {}),
  };
  const { sort: _sort, ...facetFilters } = apiFilters;
  const facets = useFacets(facetFilters, { refetchInterval });
  const products = useProducts(apiFilters, { refetchInterval });
  const bounds = priceBounds(facets.data);
  const count = activeFilterCount(filters, bounds);
  const total = products.data?.pages.at(-1)?.total;
  const clearAll = () => setFilters(clearFilters(filters));
  const panelProps = { bounds, facets: facets.data, showCategories };

  return (
    <div className="lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-8">
      <aside aria-labelledby="filters-title" className="hidden lg:block">
        <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
          <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
            <h2 id="filters-title" className="text-lg font-bold text-slate-900">
              Filters
            </h2>
            <ActiveFilters count={count} onClear={clearAll} />
          </div>
          <FilterPanel value={filters} onChange={setFilters} {...panelProps} />
        </div>
      </aside>

      <div className="min-w-0 space-y-4">
        <SearchForm
          id="product-search"
          label="Search products"
          query={filters.q}
          placeholder={searchPlaceholder}
          onSearch={(q) => setFilters({ ...filters, q })}
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="font-semibold text-slate-800" aria-live="polite" data-testid="result-count">
            {total === undefined ? '' : `${total} ${total === 1 ? 'product' : 'products'}`}
          </p>
          <div className="flex items-center gap-2 lg:hidden">
            <ActiveFilters count={count} onClear={clearAll} />
            <button
              ref={filtersButton}
              type="button"
              onClick={() => setDrawerOpen(true)}
              aria-haspopup="dialog"
              className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:bg-slate-50"
            >
              <SlidersIcon className="text-lg" />
              Filters
              {count ? (
                <span className="rounded-full bg-emerald-700 px-2 py-0.5 text-xs text-white">{count}</span>
              ) : null}
            </button>
          </div>
        </div>
        <h2 className="sr-only">Products</h2>
        <ProductResults query={products} emptyMessage={emptyMessage} />
      </div>

      <FilterDrawer
        open={drawerOpen}
        filters={filters}
        onApply={setFilters}
        onClose={() => {
          setDrawerOpen(false);
          filtersButton.current?.focus();
        }}
        {...panelProps}
      />
    </div>
  );
}
