import type { InputHTMLAttributes } from 'react';
import { CloseIcon, SearchIcon } from './icons';

type SearchFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'type'> & {
  id: string;
  label: string;
  /** Keep the label for screen readers only, when the placeholder and icon already say it. */
  hideLabel?: boolean;
  value: string;
  onValueChange: (value: string) => void;
  /** The inline clear button empties the box and calls this. */
  onClear: () => void;
};

/** A search input with a magnifier and an inline 'Clear search' button. */
export function SearchField({
  id,
  label,
  hideLabel = false,
  value,
  onValueChange,
  onClear,
  className = '',
  ...inputProps
}: SearchFieldProps) {
  return (
    <div className="w-full">
      <label
        htmlFor={id}
        className={hideLabel ? 'sr-only' : 'mb-1.5 block text-sm font-medium text-slate-800'}
      >
        {label}
      </label>
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-xl text-slate-500" />
        <input
          id={id}
          type="search"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          autoComplete="off"
          enterKeyHint="search"
          className={`block w-full rounded-xl border border-slate-300 bg-white py-3 pr-12 pl-10 text-base text-slate-900 placeholder:text-slate-500 [&::-webkit-search-cancel-button]:appearance-none ${className}`}
          {...inputProps}
        />
        {value ? (
          <button
            type="button"
            onClick={onClear}
            aria-label="Clear search"
            className="absolute top-1/2 right-1.5 flex size-9 -translate-y-1/2 items-center justify-center rounded-lg text-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          >
            <CloseIcon />
          </button>
        ) : null}
      </div>
    </div>
  );
}
