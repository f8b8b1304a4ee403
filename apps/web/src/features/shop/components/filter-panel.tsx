import { useId } from 'react';
import { CATEGORIES, CONDITIONS } from '@sokoni/contracts/catalog';
import type { ProductSort } from '@sokoni/contracts/catalog';
import type { ProductFacets } from '@sokoni/contracts/shop';
import { inputClasses } from '@/components/text-field';
import { chooseCondition, selectedPriceRange, toggleCategory, withPriceRange } from '../lib/filter-state';
import type { FilterState } from '../lib/filter-state';
import type { PriceRange } from '@/lib/price-range';
import { PriceRangeFilter } from '@/components/price-range-filter';

const SORT_OPTIONS: { value: ProductSort | ''; label: string }[] = [
  { value: '', label: 'Default order' },
  { value: 'price-asc', label: 'Price: Low to High' },
  { value: 'price-desc', label: 'Price: High to Low' },
];

type FilterPanelProps = {
  value: FilterState;
  onChange: (next: FilterState) => void;
  bounds: PriceRange;
  facets: ProductFacets | undefined;
  /** The category page fixes its category, so it hides this choice. */
  showCategories: boolean;
};

/** Sort, categories, price and condition; the same panel serves the sidebar and the mobile drawer. */
export function FilterPanel({ value, onChange, bounds, facets, showCategories }: FilterPanelProps) {
  const id = useId();
  const categoryCount = new Map(facets?.categories.map((entry) => [entry.id, entry.count]));
  const conditionCount = new Map(facets?.conditions.map((entry) => [entry.condition, entry.count]));

  return (
    <div className="space-y-6">
      <div>
        <label htmlFor={`${id}-sort`} className="block text-sm font-semibold text-slate-900">
          Sort by
        </label>
        <select
          id={`${id}-sort`}
          value={value.sort ?? ''}
          onChange={(event) => {
            const sort = SORT_OPTIONS.find((option) => option.value === event.target.value)?.value;
            onChange({ ...value, sort: sort || null });
          }}
          className={`${inputClasses} mt-1.5 py-2 text-sm`}
        >
          {SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>

      {showCategories ? (
        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">Categories</legend>
          <ul className="mt-2 max-h-72 space-y-0.5 overflow-y-auto pr-1">
            {CATEGORIES.map((category) => {
              const count = categoryCount.get(category.id) ?? 0;
              return (
                <li key={category.id}>
                  <label className="flex min-h-9 cursor-pointer items-center gap-2.5 rounded-lg px-1.5 text-sm text-slate-800 hover:bg-slate-100">
                    <input
                      type="checkbox"
                      checked={value.categories.includes(category.id)}
                      onChange={() => onChange(toggleCategory(value, category.id))}
                      className="size-4 accent-emerald-700"
                    />
                    <span className="flex-1">{category.name}</span>
                    <span className="text-xs text-slate-600">{facets ? count : ''}</span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ) : null}

      <PriceRangeFilter
        bounds={bounds}
        value={selectedPriceRange(value, bounds)}
        onChange={(range) => onChange(withPriceRange(value, range, bounds))}
      />

      <div role="group" aria-labelledby={`${id}-condition`}>
        <p id={`${id}-condition`} className="text-sm font-semibold text-slate-900">
          Condition
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          {CONDITIONS.map((condition) => {
            const selected = value.condition === condition;
            const count = facets ? (conditionCount.get(condition) ?? 0) : undefined;
            return (
              <button
                key={condition}
                type="button"
                aria-pressed={selected}
                onClick={() => onChange(chooseCondition(value, condition))}
                className={`min-h-9 rounded-full border px-3 text-sm font-medium ${
                  selected
                    ? 'border-emerald-700 bg-emerald-700 text-white'
                    : 'border-slate-300 bg-white text-slate-800 hover:border-emerald-600'
                }`}
              >
                {condition}
                {count === undefined ? null : <span className="ml-1">({count})</span>}
              </button>
            );
          })}
        </div>
      </div>
    </div>
  );
}
