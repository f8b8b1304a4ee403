import { Suspense, useId, useState } from 'react';
import type { ReactNode } from 'react';
import type { ReviewStanding } from '@sokoni/contracts/reviews';
import { Button } from './button';
import { SignInPrompt, noteClasses } from './sign-in-prompt';
import { Spinner } from './spinner';

/**
 * What a reviews section offers (#28): a visitor is asked to log in; a signed-in caller gets the
 * form when their standing says they may, else its reason, and nothing while it loads. Should their
 * standing fail to load, the form is offered: the server has the last word.
 */
export function reviewOffer(
  signInMessage: string,
  reviewer: { signedIn: boolean; standing: ReviewStanding | undefined; failed: boolean },
): Pick<ReviewsSectionProps, 'canReview' | 'why'> {
  if (!reviewer.signedIn) return { canReview: false, why: <SignInPrompt message={signInMessage} /> };
  if (reviewer.failed) return { canReview: true };
  if (!reviewer.standing) return { canReview: false };
  const { canReview, message } = reviewer.standing;
  return {
    canReview,
    why: message ? (
      <p data-testid="review-refusal" className={noteClasses}>
        {message}
      </p>
    ) : null,
  };
}

type ReviewsSectionProps = {
  headingId: string;
  title: string;
  /**
   * The review form; `close` folds it away again (after a review is sent). Forms are loaded when
   * first opened (React.lazy), so a page that shows reviews loads no form code until then.
   */
  renderForm: (close: () => void) => ReactNode;
  /**
   * Whether the caller may review now (#28: only what can be done is offered). When not, `why`
   * stands in place of the toggle and the form (nothing while the answer is on its way).
   */
  canReview: boolean;
  why?: ReactNode;
  /** The list, or its loading and error states. */
  children: ReactNode;
};

/**
 * A reviews heading with a 'Write a Review' toggle that unfolds the form above the reviews, for
 * someone who may review; anyone else is told why not instead.
 */
export function ReviewsSection({
  headingId,
  title,
  renderForm,
  canReview,
  why,
  children,
}: ReviewsSectionProps) {
  const [formOpen, setFormOpen] = useState(false);
  const formId = useId();
  const open = canReview && formOpen;
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-xl font-bold text-slate-900">
          {title}
        </h2>
        {canReview ? (
          <Button
            variant="secondary"
            aria-expanded={open}
            aria-controls={formId}
            onClick={() => setFormOpen((wasOpen) => !wasOpen)}
          >
            Write a Review
          </Button>
        ) : null}
      </div>
      {canReview ? (
        <div id={formId} hidden={!open}>
          {open ? (
            <Suspense fallback={<Spinner className="size-6 text-emerald-700" />}>
              {renderForm(() => setFormOpen(false))}
            </Suspense>
          ) : null}
        </div>
      ) : (
        why
      )}
      {children}
    </section>
  );
}
