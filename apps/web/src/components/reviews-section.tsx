import { Suspense, useId, useState } from 'react';
import type { ReactNode } from 'react';
import { Button } from './button';
import { Spinner } from './spinner';

type ReviewsSectionProps = {
  headingId: string;
  title: string;
  /**
   * The review form; `close` folds it away again (after a review is sent). Forms are loaded when
   * first opened (React.lazy), so a page that shows reviews loads no form code until then.
   */
  renderForm: (close: () => void) => ReactNode;
  /** The list, or its loading and error states. */
  children: ReactNode;
};

/** A reviews heading with a 'Write a Review' toggle that unfolds the form above the reviews. */
export function ReviewsSection({ headingId, title, renderForm, children }: ReviewsSectionProps) {
  const [formOpen, setFormOpen] = useState(false);
  const formId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-xl font-bold text-slate-900">
          {title}
        </h2>
        <Button
          variant="secondary"
          aria-expanded={formOpen}
          aria-controls={formId}
          onClick={() => setFormOpen((open) => !open)}
        >
          Write a Review
        </Button>
      </div>
      <div id={formId} hidden={!formOpen}>
        {formOpen ? (
          <Suspense fallback={<Spinner className="size-6 text-emerald-700" />}>
            {renderForm(() => setFormOpen(false))}
          </Suspense>
        ) : null}
      </div>
      {children}
    </section>
  );
}
