import { FieldFrame, fieldErrorId } from './field-frame';
import type { ComponentProps, ReactNode } from 'react';

export const inputClasses =
  'block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-400 aria-invalid:border-red-600 border-slate-300';

/** Any input attribute, `ref` too (so a form library can register the input). */
type TextFieldProps = Omit<ComponentProps<'input'>, 'id'> & {
  id: string;
  label: string;
  error?: string | undefined;
  /** Content placed inside the input's frame, on the right (e.g. a show-password button). */
  trailing?: ReactNode;
  /** Extra description below the input, linked through aria-describedby. */
  hint?: ReactNode;
};

export function TextField({
  id,
  label,
  error,
  trailing,
  hint,
  className = '',
  ...inputProps
}: TextFieldProps) {
  const errorId = fieldErrorId(id);
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <FieldFrame id={id} label={label} error={error}>
      <div className="relative">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputClasses} ${trailing ? 'pr-12' : ''} ${className}`}
          {...inputProps}
        />
        {trailing ? (
          <div className="absolute inset-y-0 right-0 flex items-center pr-1">{trailing}</div>
        ) : null}
      </div>
      {hint ? <div id={hintId}>{hint}</div> : null}
    </FieldFrame>
  );
}
