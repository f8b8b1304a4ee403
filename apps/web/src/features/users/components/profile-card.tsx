import type { UserProfile } from '@sokoni/contracts/auth';
import { Button } from '@/components/button';

const joinDateFormat = new Intl.DateTimeFormat('en-KE', { day: 'numeric', month: 'long', year: 'numeric' });

type ProfileCardProps = { profile: UserProfile; fallbackEmail: string; onSignOut: () => void };

export function ProfileCard({ profile, fallbackEmail, onSignOut }: ProfileCardProps) {
  const joined = new Date(profile.createdAt);
  const initial = profile.name.trim().charAt(0).toUpperCase() || '?';
  return (
    <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="flex items-center gap-4 bg-emerald-700 px-6 py-8 text-white">
        <span
          aria-hidden="true"
          className="flex size-16 shrink-0 items-center justify-center rounded-full bg-white text-2xl font-bold text-emerald-800"
        >
          {initial}
        </span>
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-bold">{profile.name}</h1>
          <p className="text-emerald-50">Member since {joined.getFullYear()}</p>
        </div>
      </div>
      <dl className="divide-y divide-slate-100 px-6">
        <div className="flex flex-col gap-1 py-4 sm:flex-row sm:justify-between">
          <dt className="text-sm font-medium text-slate-600">Name</dt>
          <dd className="text-slate-900">{profile.name}</dd>
        </div>
        <div className="flex flex-col gap-1 py-4 sm:flex-row sm:justify-between">
          <dt className="text-sm font-medium text-slate-600">Email</dt>
          <dd className="break-all text-slate-900">{profile.email ?? fallbackEmail}</dd>
        </div>
        <div className="flex flex-col gap-1 py-4 sm:flex-row sm:justify-between">
          <dt className="text-sm font-medium text-slate-600">Joined</dt>
          <dd className="text-slate-900">
            <time dateTime={profile.createdAt}>{joinDateFormat.format(joined)}</time>
          </dd>
        </div>
      </dl>
      <div className="border-t border-slate-100 px-6 py-4">
        <Button variant="secondary" onClick={onSignOut}>
          Log out
        </Button>
      </div>
    </div>
  );
}
