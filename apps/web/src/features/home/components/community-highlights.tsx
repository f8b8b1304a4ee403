import { Link } from 'react-router';
import { buttonClasses } from '@/components/button';
import { ChatIcon } from '@/components/icons';

/** The way into the forum from home; the latest threads join it with the community screens. */
export function CommunityHighlights({ headingId }: { headingId: string }) {
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <ChatIcon className="text-sky-600" />
        Community Highlights
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        Ask questions, share deals and meet buyers and sellers from across Kenya.
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Link to="/community" className={buttonClasses('primary', 'min-h-10')}>
          Enter the Community
        </Link>
        <Link to="/community/new" className={buttonClasses('secondary', 'min-h-10')}>
          Start a Discussion
        </Link>
      </div>
    </section>
  );
}
