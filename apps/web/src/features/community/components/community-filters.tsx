import { Link } from 'react-router';
import { THREAD_CATEGORIES } from '@sokoni/contracts/community-rules';
import type { Group } from '@sokoni/contracts/community';
import type { ThreadFilters } from '../api/get-threads';
import { communityHref } from '../hooks/use-community-filters';
import { categoryLabel } from '../lib/category-label';

type FilterLinkProps = { to: string; active: boolean; children: string };

/** A chip on phones (one scrolling row), a list entry beside the threads on wide screens. */
function FilterLink({ to, active, children }: FilterLinkProps) {
  return (
    <li className="shrink-0 lg:shrink">
      <Link
        to={to}
        aria-current={active ? 'true' : undefined}
        className={`flex min-h-10 items-center rounded-full border px-3.5 text-sm font-medium whitespace-nowrap lg:rounded-lg lg:border-transparent lg:whitespace-normal ${
          active
            ? 'border-emerald-700 bg-emerald-700 text-white lg:bg-emerald-50 lg:text-emerald-900'
            : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50 lg:bg-transparent'
        }`}
      >
        {children}
      </Link>
    </li>
  );
}

type CommunityFiltersProps = { filters: ThreadFilters; groups: Group[] | undefined };

export function CommunityFilters({ filters, groups }: CommunityFiltersProps) {
  const listClasses = '-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 lg:mx-0 lg:block lg:space-y-1 lg:px-0';
  return (
    <div className="space-y-4 lg:space-y-6">
      <nav aria-labelledby="community-groups-heading">
        <h2
          id="community-groups-heading"
          className="mb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase"
        >
          Groups
        </h2>
        <ul className={listClasses}>
          <FilterLink to={communityHref({ category: filters.category })} active={!filters.groupId}>
            All groups
          </FilterLink>
          {(groups ?? []).map((group) => (
            <FilterLink
              key={group.id}
              to={communityHref({ ...filters, groupId: group.id })}
              active={filters.groupId === group.id}
            >
              {group.name}
            </FilterLink>
          ))}
        </ul>
      </nav>
      <nav aria-labelledby="community-categories-heading">
        <h2
          id="community-categories-heading"
          className="mb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase"
        >
          Categories
        </h2>
        <ul className={listClasses}>
          <FilterLink to={communityHref({ groupId: filters.groupId })} active={!filters.category}>
            All categories
          </FilterLink>
          {THREAD_CATEGORIES.map((category) => (
            <FilterLink
              key={category}
              to={communityHref({ ...filters, category })}
              active={filters.category === category}
            >
              {categoryLabel(category)}
            </FilterLink>
          ))}
        </ul>
      </nav>
    </div>
  );
}
