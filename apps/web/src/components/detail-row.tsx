import type { ReactNode } from 'react';

/** One fact of a record's details list (a `<dl>`): its name on the left, its value on the right. */
export function DetailRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2.5">
      <dt className="text-sm font-medium text-slate-600">{term}</dt>
      <dd className="min-w-0 text-right break-words text-slate-900">{children}</dd>
    </div>
  );
}
