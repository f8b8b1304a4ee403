import { FieldFrame, fieldErrorId } from './field-frame';
import type { ComponentProps, ReactNode } from 'react';
import { inputClasses } from './text-field';

/** Any select attribute, `ref` too (so a form library can register it). */
/** Any select attribute, `ref` too (so a form library can register it). */
type SelectFieldProps = Omit<ComponentProps<'select'>, 'id'> & {
  id: string;
  label: string;
  error?: string | undefined;
  children: ReactNode;
};

export function SelectField({
  id,
  label,
  error,
  className = '',
  children,
  ...selectProps
}: SelectFieldProps) {
  const errorId = fieldErrorId(id);
  return (
    <FieldFrame id={id} label={label} error={error}>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`${inputClasses} ${className}`}
        {...selectProps}
      >
        {children}
      </select>
    </FieldFrame>
  );
}
