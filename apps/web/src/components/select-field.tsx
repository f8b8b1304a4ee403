import { FieldFrame, fieldErrorId } from './field-frame';
import type { ReactNode, SelectHTMLAttributes } from 'react';
import { inputClasses } from './text-field';

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
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
