import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { Button } from './button';

type ReviewsSectionProps = {
  headingId: string;
  title: string;
  /** The review form; `close` folds it away again (after a review is sent). */
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
        {formOpen ? renderForm(() => setFormOpen(false)) : null}
      </div>
      {children}
    </section>
  );
}
