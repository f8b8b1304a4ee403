import { NavLink, useLocation } from 'react-router';
import { ChevronDownIcon, LogoutIcon } from '@/components/icons';
import { useDisclosure } from '@/lib/use-disclosure';
import { useSignOut } from '@/lib/use-sign-out';
import type { AuthUser } from '@/stores/auth';
import { Avatar, NavGroupList } from './nav-group';
import { accountGroupsFor, isWithin } from './nav-links';

const itemClasses = ({ isActive }: { isActive: boolean }) =>
  `block whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium ${
    isActive ? 'bg-emerald-50 text-emerald-800' : 'text-slate-700 hover:bg-slate-100'
  }`;

/**
 * The signed-in user's one menu on a desktop: a button with their name that shows their profile,
 * their pages of every section under its name, and Logout. It closes on Escape (focus back on the
 * button), on a press outside it and on navigation; the button is marked while one of its pages
 * is open.
 */
export function AccountMenu({ user }: { user: AuthUser }) {
  const { pathname } = useLocation();
  const { open, toggle, menuId, rootRef, buttonRef } = useDisclosure();
  const signOut = useSignOut();
  const groups = accountGroupsFor(user.role);
  const current = pathname === '/profile' || isWithin(groups, pathname);
  const name = user.name || 'Your account';

  return (
    <div ref={rootRef} className="relative hidden lg:block">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={toggle}
        className={`flex min-h-11 items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium ${
          current || open ? 'bg-emerald-50 text-emerald-800' : 'text-slate-700 hover:bg-slate-100'
        }`}
      >
        <Avatar name={name} />
        <span className="sr-only">Your account: </span>
        <span className="max-w-40 truncate">{name}</span>
        <ChevronDownIcon className={`text-base transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      {/* Rendered only while open: the page holds no hidden copy of its links, name and e-mail. */}
      {open ? (
        <nav
          id={menuId}
          aria-label="Account"
          className="absolute top-full right-0 z-50 mt-2 w-[30rem] rounded-2xl border border-slate-200 bg-white p-2 shadow-xl"
        >
          <NavLink to="/profile" className={itemClasses}>
            <span className="block text-slate-900">Your profile</span>
            <span className="block truncate text-xs font-normal text-slate-600">{user.email}</span>
          </NavLink>
          <div className="mt-1 columns-2 gap-2 border-t border-slate-100 pt-1">
            {groups.map((group) => (
              <NavGroupList
                key={group.label}
                group={group}
                linkClassName={itemClasses}
                className="break-inside-avoid"
              />
            ))}
          </div>
          <div className="mt-1 border-t border-slate-100 pt-1">
            <button
              type="button"
              onClick={signOut}
              className="flex w-full items-center gap-2 rounded-lg px-3 py-2.5 text-left text-sm font-semibold text-red-700 hover:bg-red-50"
            >
              <LogoutIcon className="text-base" />
              Logout
            </button>
          </div>
        </nav>
      ) : null}
    </div>
  );
}
