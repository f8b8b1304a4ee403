import type { ReactNode } from 'react';
import { formatKES } from '@sokoni/contracts/money';
import type { Order } from '@sokoni/contracts/orders';
import { LineItem } from './line-item';

type OrderFrameProps = {
  /** Names the test ids: `{kind}-card`, `{kind}-status`, `{kind}-total`, `{kind}-item`. */
  kind: 'order' | 'sale';
  headingId: string;
  /** The order's number, as text or a link to its page. */
  title: ReactNode;
  orderNumber: string;
  /** When it was placed or paid. */
  when: ReactNode;
  status: { label: string; className: string };
  total: number;
  items: Order['items'];
  /** What can be done with one line (Cancel), shown under it. */
  lineAction?: (item: Order['items'][number]) => ReactNode;
  /** The parts below the lines: delivery, shipping, the next step. */
  children?: ReactNode;
};

/** An order as a card: its number, when, its status and total, and its lines; the rest is the caller's. */
export function OrderFrame({
  kind,
  headingId,
  title,
  orderNumber,
  when,
  status,
  total,
  items,
  lineAction,
  children,
}: OrderFrameProps) {
  return (
    <article
      aria-labelledby={headingId}
      data-testid={`${kind}-card`}
      className="rounded-2xl border border-slate-200 bg-white"
    >
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 p-4 sm:p-5">
        <div>
          <h2 id={headingId} className="text-lg font-bold text-slate-900">
            {title}
          </h2>
          <p className="text-sm text-slate-600">{when}</p>
        </div>
        <div className="ml-auto flex flex-col items-end gap-1">
          <span
            data-testid={`${kind}-status`}
            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${status.className}`}
          >
            {status.label}
          </span>
          <p className="text-lg font-extrabold text-slate-900 tabular-nums" data-testid={`${kind}-total`}>
            {formatKES(total)}
          </p>
        </div>
      </header>
      <ul aria-label={`Items in ${orderNumber}`} className="divide-y divide-slate-100 px-4 sm:px-5">
        {items.map((item) => (
          <LineItem
            key={item.id}
            testId={`${kind}-item`}
            image={item.product.image ?? undefined}
            name={item.product.name}
            quantity={item.quantity}
            price={item.price}
            quantityPrefix="Qty "
            cancelled={item.cancelledAt !== null}
          >
            {lineAction?.(item)}
          </LineItem>
        ))}
      </ul>
      {children}
    </article>
  );
}

/** Placeholder cards while orders or sales load; the status text is for screen readers. */
export function OrderFramesSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="space-y-4">
      {[0, 1, 2].map((key) => (
        <div
          key={key}
          aria-hidden="true"
          className="animate-pulse space-y-4 rounded-2xl border border-slate-200 bg-white p-5"
        >
          <div className="flex justify-between gap-4">
            <div className="h-5 w-32 rounded bg-slate-200" />
            <div className="h-5 w-24 rounded bg-slate-200" />
          </div>
          <div className="flex items-center gap-3">
            <div className="size-14 rounded-lg bg-slate-200" />
            <div className="h-4 flex-1 rounded bg-slate-200" />
          </div>
        </div>
      ))}
      <span className="sr-only">{label}...</span>
    </div>
  );
}
