import { Link } from 'react-router';
import { CreateGroupForm } from '../components/create-group-form';

export function CreateGroupPage() {
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-8">
      <title>Create Group — Sokoni Community</title>
      <Link to="/community" className="rounded text-sm font-semibold text-emerald-800 hover:underline">
        ← Back to the community
      </Link>
      <h1 className="mt-3 mb-2 text-3xl font-extrabold tracking-tight text-slate-900">Create Group</h1>
      <p className="mb-6 text-slate-600">Bring people together around a topic, a town or a trade.</p>
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <CreateGroupForm />
      </div>
    </div>
  );
}
