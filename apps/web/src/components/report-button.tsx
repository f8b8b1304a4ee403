import { Suspense, lazy, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ReportSubject } from '@sokoni/contracts/moderation-rules';
import { useAuthStore } from '@/stores/auth';
import { FlagIcon } from './icons';

// The dialog's form (react-hook-form, zod) loads when someone opens it, not with the page it is on.
const ReportDialog = lazy(() =>
  import('./report-dialog').then((module) => ({ default: module.ReportDialog })),
);

const LOOKS = {
  /** Beside Share on a listing's page. */
  button:
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50',
  /** Under a post or a review, beside Reply. */
  inline:
    'inline-flex min-h-9 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-slate-700 hover:bg-slate-100',
};
const REPORTED =
  'aria-disabled:cursor-default aria-disabled:text-slate-600 aria-disabled:hover:bg-transparent';

type ReportButtonProps = {
  subject: ReportSubject;
  subjectId: string;
  /** Who owns it, when the page knows: they get no Report button. */
  ownerId?: string | null;
  /** What it is, for screen readers when a page holds many ('reply by Amina Wanjiru'). */
  itemName?: string;
  look?: keyof typeof LOOKS;
};

/**
 * 'Report' on what other people list or write (#28): a visitor is sent to sign in and back, a
 * signed-in user picks a reason in a dialog; then it says 'Reported'. Its owner sees none.
 */
export function ReportButton({ subject, subjectId, ownerId, itemName, look = 'button' }: ReportButtonProps) {
  const userId = useAuthStore((state) => state.user?.id ?? null);
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [reported, setReported] = useState(false);
  if (userId !== null && userId === ownerId) return null;

  const onClick = () => {
    if (reported) return;
    if (userId === null) {
      navigate('/login', { state: { from: location } });
      return;
    }
    setOpen(true);
  };

  return (
    <>
      {/* Still focusable once reported: focus comes back to it when the dialog closes. */}
      <button
        type="button"
        aria-disabled={reported || undefined}
        aria-haspopup={reported ? undefined : 'dialog'}
        onClick={onClick}
        className={`${LOOKS[look]} ${REPORTED}`}
      >
        <FlagIcon className="shrink-0 text-base" />
        {reported ? 'Reported' : 'Report'}
        {itemName ? <span className="sr-only"> {itemName}</span> : null}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ReportDialog
            subject={subject}
            subjectId={subjectId}
            onReported={() => setReported(true)}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
