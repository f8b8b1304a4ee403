import { useId } from 'react';
import {
  STAY_AMENITIES,
  STAY_MESSAGES,
  STAY_PRICE_FILTER,
  STAY_SORTS,
  STAY_SORT_LABELS,
} from '@sokoni/contracts/stays-rules';
import { PriceRangeFilter } from '@/components/price-range-filter';
import { inputClasses } from '@/components/text-field';
import {
  STAY_PRICE_BOUNDS,
  selectedStayPriceRange,
  toggleAmenity,
  withStayPriceRange,
} from '../lib/stay-filters';
import type { StayFilters } from '../lib/stay-filters';
import { StayDatesFilter } from './stay-dates-filter';

/** The guest counts offered; a shared link asking for another count adds its own option. */
const GUEST_OPTIONS = [2, 3, 4, 5, 6, 8, 10, 12, 16];

type StayFilterPanelProps = {
  value: StayFilters;
  onChange: (next: StayFilters) => void;
};

/** Sort, price per night, guests, dates and amenities; every change applies at once. */
export function StayFilterPanel({ value, onChange }: StayFilterPanelProps) {
  const id = useId();
  const guestOptions =
    value.guests === null || GUEST_OPTIONS.includes(value.guests)
      ? GUEST_OPTIONS
      : [...GUEST_OPTIONS, value.guests].sort((a, b) => a - b);

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
            const sort = STAY_SORTS.find((option) => option === event.target.value);
            onChange({ ...value, sort: sort ?? null });
          }}
          className={`${inputClasses} mt-1.5 min-h-11 py-2 text-sm`}
        >
          <option value="">Newest listings</option>
          {STAY_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {STAY_SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </div>

      <PriceRangeFilter
        label="Price per night"
        bounds={STAY_PRICE_BOUNDS}
        step={STAY_PRICE_FILTER.step}
        value={selectedStayPriceRange(value)}
        onChange={(range) => onChange(withStayPriceRange(value, range))}
      />

      <div>
        <label htmlFor={`${id}-guests`} className="block text-sm font-semibold text-slate-900">
          Guests
        </label>
        <select
          id={`${id}-guests`}
          value={value.guests ?? ''}
          onChange={(event) =>
            onChange({ ...value, guests: event.target.value ? Number(event.target.value) : null })
          }
          className={`${inputClasses} mt-1.5 min-h-11 py-2 text-sm`}
        >
          <option value="">Any number</option>
          {guestOptions.map((guests) => (
            <option key={guests} value={guests}>
              {STAY_MESSAGES.guestCount(guests)} or more
            </option>
          ))}
        </select>
      </div>

      <StayDatesFilter
        value={{ from: value.from, to: value.to }}
        onChange={(dates) => onChange({ ...value, ...dates })}
      />

      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">Amenities</legend>
        <ul className="mt-2 grid grid-cols-2 gap-x-2 lg:grid-cols-1">
          {STAY_AMENITIES.map((amenity) => (
            <li key={amenity}>
              <label className="flex min-h-11 cursor-pointer items-center gap-2.5 rounded-lg px-1.5 text-sm text-slate-800 hover:bg-slate-100 lg:min-h-9">
                <input
                  type="checkbox"
                  checked={value.amenities.includes(amenity)}
                  onChange={() => onChange(toggleAmenity(value, amenity))}
                  className="size-4 accent-emerald-700"
                />
                {amenity}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    </div>
  );
}
