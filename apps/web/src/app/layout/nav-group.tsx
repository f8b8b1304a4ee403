import { useId } from 'react';
import { NavLink } from 'react-router';
import type { NavGroup } from './nav-links';

type NavGroupListProps = {
  group: NavGroup;
  linkClassName: (state: { isActive: boolean }) => string;
  className?: string;
};

/**
 * One section's links in an account menu, under the section's name. A group named by its label
 * rather than a heading: the header comes before the page's h1, and headings there would break the
 * page's outline.
 */
export function NavGroupList({ group, linkClassName, className = '' }: NavGroupListProps) {
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className={className}>
      <p id={labelId} className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {group.label}
      </p>
      <ul>
        {group.links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} className={linkClassName}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The signed-in user's initial in a circle, beside their name. */
export function Avatar({ name }: { name: string }) {
  return (
    <span
      aria-hidden="true"
      className="flex size-8 shrink-0 items-center justify-center rounded-full bg-emerald-700 text-sm font-bold text-white"
    >
      {(name.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}
