import { useState } from 'react';

const STAR_PATH = 'M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9L12 2.8z';
const RATINGS = [1, 2, 3, 4, 5] as const;

export const ratingLabel = (rating: number) => (rating === 1 ? '1 star' : `${rating} stars`);

type RatingPickerProps = {
  name: string;
  value: number | null;
  onChange: (rating: number) => void;
  disabled?: boolean;
};

/** Five native radio buttons drawn as stars: arrow keys move between them, labels read '1 star'…'5 stars'. */
export function RatingPicker({ name, value, onChange, disabled = false }: RatingPickerProps) {
  const [hovered, setHovered] = useState<number | null>(null);
  const shown = hovered ?? value ?? 0;
  return (
    <fieldset disabled={disabled}>
      <legend className="text-sm font-medium text-slate-800">Your rating</legend>
      <div className="mt-1 flex items-center gap-3">
        <div className="flex" onMouseLeave={() => setHovered(null)}>
          {RATINGS.map((rating) => (
            <label
              key={rating}
              onMouseEnter={() => setHovered(rating)}
              className="flex size-11 cursor-pointer items-center justify-center rounded-lg has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-0 has-[:focus-visible]:outline-emerald-600"
            >
              <input
                type="radio"
                name={name}
                value={rating}
                checked={value === rating}
                onChange={() => onChange(rating)}
                className="sr-only"
              />
              <svg
                viewBox="0 0 24 24"
                className={`size-8 ${rating <= shown ? 'text-amber-500' : 'text-slate-300'}`}
                aria-hidden="true"
                focusable="false"
              >
                <path d={STAR_PATH} fill="currentColor" />
              </svg>
              <span className="sr-only">{ratingLabel(rating)}</span>
            </label>
          ))}
        </div>
        <span className="text-sm text-slate-700" aria-hidden="true">
          {value ? ratingLabel(value) : 'Choose a rating'}
        </span>
      </div>
    </fieldset>
  );
}
