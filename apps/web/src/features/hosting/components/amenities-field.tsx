import type { UseFormRegisterReturn } from 'react-hook-form';
import { STAY_AMENITIES } from '@sokoni/contracts/stays-rules';
import { fieldErrorId } from '@/components/field-frame';

type AmenitiesFieldProps = {
  id: string;
  /** The form's registration of `amenities`: each box adds its amenity to the list. */
  registration: UseFormRegisterReturn<'amenities'>;
  error: string | undefined;
  disabled: boolean;
};

/** The spec's amenities as checkboxes, in the order the guests' filter lists them. */
export function AmenitiesField({ id, registration, error, disabled }: AmenitiesFieldProps) {
  const errorId = fieldErrorId(id);
  return (
    <fieldset className="space-y-2" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-800">Amenities</legend>
      <div className="grid grid-cols-1 gap-x-4 min-[360px]:grid-cols-2 sm:grid-cols-3">
        {STAY_AMENITIES.map((amenity, index) => (
          <label
            key={amenity}
            htmlFor={`${id}-${index}`}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-1 text-slate-800 hover:bg-slate-50"
          >
            <input
              id={`${id}-${index}`}
              type="checkbox"
              value={amenity}
              disabled={disabled}
              className="size-5 shrink-0 accent-emerald-700"
              {...registration}
            />
            {amenity}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
