import { FieldFrame, fieldErrorId } from './field-frame';
import type { ComponentProps } from 'react';
import { inputClasses } from './text-field';

/** Any textarea attribute, `ref` too (so a form library can register it). */
/** Any textarea attribute, `ref` too (so a form library can register it). */
type TextAreaFieldProps = Omit<ComponentProps<'textarea'>, 'id'> & {
  id: string;
  label: string;
  error?: string | undefined;
};

export function TextAreaField({ id, label, error, className = '', ...textareaProps }: TextAreaFieldProps) {
  const errorId = fieldErrorId(id);
  return (
    <FieldFrame id={id} label={label} error={error}>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`${inputClasses} min-h-28 ${className}`}
        {...textareaProps}
      />
    </FieldFrame>
  );
}
