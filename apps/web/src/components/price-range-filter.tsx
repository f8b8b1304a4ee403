import { useId, useState } from 'react';
import { PRICE_STEP } from '@sokoni/contracts/catalog';
import { formatKES } from '@sokoni/contracts/money';
import { inputClasses } from '@/components/text-field';
import { applyPriceText, moveMaxThumb, moveMinThumb } from '@/lib/price-range';
import type { PriceRange } from '@/lib/price-range';

// Two range inputs share one track; only their thumbs take the pointer, so both stay draggable.
const thumbClasses = [
  'pointer-events-none absolute inset-x-0 top-1/2 h-6 w-full -translate-y-1/2 appearance-none bg-transparent',
  '[&::-webkit-slider-thumb]:pointer-events-auto [&::-webkit-slider-thumb]:size-6 [&::-webkit-slider-thumb]:cursor-grab',
  '[&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:border-4',
  '[&::-webkit-slider-thumb]:border-white [&::-webkit-slider-thumb]:bg-emerald-700 [&::-webkit-slider-thumb]:shadow',
  '[&::-moz-range-thumb]:pointer-events-auto [&::-moz-range-thumb]:size-5 [&::-moz-range-thumb]:rounded-full',
  '[&::-moz-range-thumb]:border-4 [&::-moz-range-thumb]:border-white [&::-moz-range-thumb]:bg-emerald-700',
  'focus-visible:outline-none focus-visible:[&::-webkit-slider-thumb]:ring-4 focus-visible:[&::-webkit-slider-thumb]:ring-emerald-300',
  'focus-visible:[&::-moz-range-thumb]:ring-4 focus-visible:[&::-moz-range-thumb]:ring-emerald-300',
].join(' ');

const toText = (range: PriceRange) => ({ min: String(range.min), max: String(range.max) });

type PriceRangeFilterProps = {
  bounds: PriceRange;
  value: PriceRange;
  onChange: (range: PriceRange) => void;
  /** The fieldset's legend: 'Price range' for products, 'Price per night' for stays. */
  label?: string;
  /** Shillings per slider step: the shop's 100, the stays' 500. */
  step?: number;
};

/** Spec §4/§5: the slider applies at once; typed prices only on 'Apply Price Filter'. */
export function PriceRangeFilter({
  bounds,
  value,
  onChange,
  label = 'Price range',
  step = PRICE_STEP,
}: PriceRangeFilterProps) {
  const id = useId();
  const [text, setText] = useState(() => toText(value));
  const [shownValue, setShownValue] = useState(value);
  // A new range (slider, Clear All, new bounds) replaces whatever was typed but not applied.
  if (shownValue.min !== value.min || shownValue.max !== value.max) {
    setShownValue(value);
    setText(toText(value));
  }

  const apply = () => {
    const applied = applyPriceText(value, text, bounds, step);
    // Re-show the applied values even when they equal the current range (ignored input).
    setText(toText(applied));
    onChange(applied);
  };

  const span = Math.max(bounds.max - bounds.min, 1);
  const left = ((value.min - bounds.min) / span) * 100;
  const right = 100 - ((value.max - bounds.min) / span) * 100;

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-slate-900">{label}</legend>
      <p className="text-sm text-slate-700" aria-live="polite" data-testid="price-range-label">
        {formatKES(value.min)} – {formatKES(value.max)}
      </p>
      <div className="relative h-6">
        <div className="absolute inset-x-0 top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-slate-200" />
        <div
          className="absolute top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-emerald-600"
          style={{ left: `${left}%`, right: `${right}%` }}
        />
        <input
          type="range"
          aria-label="Minimum price"
          aria-valuetext={formatKES(value.min)}
          min={bounds.min}
          max={bounds.max}
          step={step}
          value={value.min}
          onChange={(event) => onChange(moveMinThumb(value, Number(event.target.value), bounds, step))}
          className={thumbClasses}
        />
        <input
          type="range"
          aria-label="Maximum price"
          aria-valuetext={formatKES(value.max)}
          min={bounds.min}
          max={bounds.max}
          step={step}
          value={value.max}
          onChange={(event) => onChange(moveMaxThumb(value, Number(event.target.value), bounds, step))}
          className={thumbClasses}
        />
      </div>
      <div className="grid grid-cols-2 gap-2">
        <div>
          <label htmlFor={`${id}-min`} className="block text-xs font-medium text-slate-700">
            Min price (KES)
          </label>
          <input
            id={`${id}-min`}
            inputMode="numeric"
            value={text.min}
            onChange={(event) => setText({ ...text, min: event.target.value })}
            onKeyDown={(event) => {
              if (event.key === 'Enter') apply();
            }}
            className={`${inputClasses} mt-1 py-2 text-sm`}
          />
        </div>
        <div>
          <label htmlFor={`${id}-max`} className="block text-xs font-medium text-slate-700">
            Max price (KES)
          </label>
          <input
            id={`${id}-max`}
            inputMode="numeric"
            value={text.max}
            onChange={(event) => setText({ ...text, max: event.target.value })}
            onKeyDown={(event) => {
              if (event.key === 'Enter') apply();
            }}
            className={`${inputClasses} mt-1 py-2 text-sm`}
          />
        </div>
      </div>
      <button
        type="button"
        onClick={apply}
        className="min-h-10 w-full rounded-lg border border-emerald-700 px-3 text-sm font-semibold text-emerald-800 hover:bg-emerald-50"
      >
        Apply Price Filter
      </button>
    </fieldset>
  );
}
