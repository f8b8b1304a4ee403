import { Link } from 'react-router';
import { buttonClasses } from '@/components/button';
import { useGroups } from '../api/get-groups';
import { CommunityFilters } from '../components/community-filters';
import { ThreadList } from '../components/thread-list';
import { useCommunityFilters } from '../hooks/use-community-filters';
import { categoryLabel } from '../lib/category-label';

export function CommunityPage() {
  const filters = useCommunityFilters();
  const groups = useGroups();
  const group = groups.data?.find((candidate) => candidate.id === filters.groupId);
  const newThreadHref = filters.groupId
    ? `/community/new?groupId=${encodeURIComponent(filters.groupId)}`
    : '/community/new';
  const heading = [group?.name, filters.category ? categoryLabel(filters.category) : null]
    .filter(Boolean)
    .join(' · ');

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8">
      <title>Community — Sokoni</title>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">Community</h1>
          <p className="mt-1 text-slate-600">Ask, share and promote with buyers and sellers across Kenya.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={newThreadHref} className={buttonClasses('primary')}>
            New Thread
          </Link>
          <Link to="/community/groups/new" className={buttonClasses('secondary')}>
            Create Group
          </Link>
        </div>
      </div>
      <div className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-8">
        <aside aria-label="Filter threads" className="mb-6 lg:mb-0">
          <div className="lg:sticky lg:top-20">
            <CommunityFilters filters={filters} groups={groups.data} />
          </div>
        </aside>
        <section aria-labelledby="community-threads-heading" className="min-w-0 space-y-4">
          <div>
            <h2 id="community-threads-heading" className="text-xl font-bold text-slate-900">
              {heading || 'Latest threads'}
            </h2>
            {group?.description ? <p className="mt-1 text-sm text-slate-600">{group.description}</p> : null}
          </div>
          <ThreadList filters={filters} />
        </section>
      </div>
    </div>
  );
}
