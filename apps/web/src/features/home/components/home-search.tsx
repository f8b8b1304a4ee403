import { useEffect, useId, useRef, useState } from 'react';
import type { FocusEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { SearchField } from '@/components/search-field';
import { useTrendingProducts } from '../api/get-trending-products';
import { SAMPLE_SEARCHES, readRecentSearches, rememberSearch } from '../lib/recent-searches';

/** Spec §9: the dropdown closes 150 ms after the search box loses focus. */
const CLOSE_DELAY_MS = 150;

const itemClasses =
  'block w-full truncate rounded-lg px-3 py-2 text-left text-sm text-slate-800 hover:bg-emerald-50 hover:text-emerald-900';

export function HomeSearch() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [recent, setRecent] = useState(readRecentSearches);
  const closeTimer = useRef<number | undefined>(undefined);
  const trending = useTrendingProducts();
  const hintId = useId();
  const dropdownId = useId();

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const search = (term: string) => {
    const trimmed = term.trim();
    if (trimmed) setRecent(rememberSearch(trimmed));
    setOpen(false);
    navigate(trimmed ? `/shop?${new URLSearchParams({ q: trimmed })}` : '/shop');
  };

  const handleFocus = () => {
    window.clearTimeout(closeTimer.current);
    setOpen(true);
  };
  const handleBlur = (event: FocusEvent<HTMLDivElement>) => {
    // Moving between the box and its suggestions keeps the dropdown open.
    if (event.currentTarget.contains(event.relatedTarget)) return;
    closeTimer.current = window.setTimeout(() => setOpen(false), CLOSE_DELAY_MS);
  };

  const suggestions = recent.length ? recent : [...SAMPLE_SEARCHES];

  return (
    <div
      className="relative w-full max-w-2xl"
      onFocus={handleFocus}
      onBlur={handleBlur}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
    >
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          search(text);
        }}
      >
        <SearchField
          id="home-search"
          label="Search products"
          hideLabel
          placeholder="Search for phones, kitenge, furniture..."
          value={text}
          onValueChange={setText}
          onClear={() => setText('')}
          aria-describedby={hintId}
          aria-controls={open ? dropdownId : undefined}
          className="border-transparent shadow-lg"
        />
      </form>
      <p id={hintId} className="mt-2 flex flex-wrap gap-x-3 text-sm text-emerald-50">
        <span>1000+ products available</span>
        <span aria-hidden="true">·</span>
        <span>Press Enter to search</span>
      </p>
      {open ? (
        <div
          id={dropdownId}
          className="absolute inset-x-0 top-14 z-30 grid gap-4 rounded-xl border border-slate-200 bg-white p-3 text-slate-900 shadow-xl sm:grid-cols-2"
          data-testid="search-dropdown"
        >
          <section aria-labelledby={`${dropdownId}-trending`}>
            <h2
              id={`${dropdownId}-trending`}
              className="px-3 pb-1 text-xs font-bold text-slate-600 uppercase"
            >
              Trending Now
            </h2>
            {trending.data?.length ? (
              <ul>
                {trending.data.map((product) => (
                  <li key={product.id}>
                    <Link to={`/products/${product.id}`} className={itemClasses}>
                      {product.title}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="px-3 py-2 text-sm text-slate-600">
                {trending.isPending ? 'Loading...' : 'No trending products'}
              </p>
            )}
          </section>
          <section aria-labelledby={`${dropdownId}-recent`}>
            <h2 id={`${dropdownId}-recent`} className="px-3 pb-1 text-xs font-bold text-slate-600 uppercase">
              Recent Searches
            </h2>
            {recent.length ? null : <p className="px-3 pb-1 text-xs text-slate-600">No searches yet. Try:</p>}
            <ul>
              {suggestions.map((term) => (
                <li key={term}>
                  <button type="button" className={itemClasses} onClick={() => search(term)}>
                    {term}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        </div>
      ) : null}
    </div>
  );
}
