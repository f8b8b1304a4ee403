import { Link, useLocation } from 'react-router';

/** A line standing in for something the reader may not do, and why (no alert: nothing happened). */
export const noteClasses = 'rounded-xl border border-slate-200 bg-white px-4 py-3 text-slate-700';

const toneClasses = {
  note: noteClasses,
  alert: 'rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900',
};

type SignInPromptProps = {
  message: string;
  /**
   * 'note' stands in for a form a visitor may not use (nothing happened, so nothing is announced);
   * 'alert' answers an action the visitor just tried (Pay & Book, Buy Tickets) and is announced.
   */
  tone?: keyof typeof toneClasses;
};

/** Why a visitor must sign in, and a Log in link that brings them back here afterwards. */
export function SignInPrompt({ message, tone = 'note' }: SignInPromptProps) {
  const location = useLocation();
  return (
    <p role={tone === 'alert' ? 'alert' : undefined} className={toneClasses[tone]}>
      {message}{' '}
      <Link
        to="/login"
        state={{ from: location }}
        className="font-semibold text-emerald-800 underline underline-offset-2"
      >
        Log in
      </Link>
    </p>
  );
}
