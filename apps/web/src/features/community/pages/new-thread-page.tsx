import { Link, useSearchParams } from 'react-router';
import { NewThreadForm } from '../components/new-thread-form';

export function NewThreadPage() {
  const [params] = useSearchParams();
  const groupId = params.get('groupId') || undefined;
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8">
      <title>New Thread — Sokoni Community</title>
      <Link
        to={groupId ? `/community?groupId=${encodeURIComponent(groupId)}` : '/community'}
        className="rounded text-sm font-semibold text-emerald-800 hover:underline"
      >
        ← Back to the community
      </Link>
      <h1 className="mt-3 mb-6 text-3xl font-extrabold tracking-tight text-slate-900">Start a Thread</h1>
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <NewThreadForm initialGroupId={groupId} />
      </div>
    </div>
  );
}
