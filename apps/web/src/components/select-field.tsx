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
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`${inputClasses} ${className}`}
        {...selectProps}
      >
        {children}
      </select>
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
