import type { ReactNode } from 'react';

export const fieldErrorId = (id: string) => `${id}-error`;

type FieldFrameProps = {
  id: string;
  label: string;
  error?: string | undefined;
  /** The control, and anything that belongs between it and the error (a hint). */
  children: ReactNode;
};

/** Label above, the control, then the error linked to the control through aria-describedby. */
export function FieldFrame({ id, label, error, children }: FieldFrameProps) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {error ? (
        <p id={fieldErrorId(id)} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A field's hint (what to type, what happens when it is left empty), for a field's `hint`. */
export function FieldHint({ children }: { children: ReactNode }) {
  return <p className="text-sm text-slate-600">{children}</p>;
}
