import { createPortal } from 'react-dom';
import { Link, NavLink } from 'react-router';
import { buttonClasses } from '@/components/button';
import { CloseIcon, LogoutIcon, MenuIcon } from '@/components/icons';
import { useDisclosure } from '@/lib/use-disclosure';
import { useSignOut } from '@/lib/use-sign-out';
import { useAuthStore } from '@/stores/auth';
import { DataSaverSwitch } from './data-saver-switch';
import { Avatar, NavGroupList } from './nav-group';
import { accountGroupsFor, SECTION_LINKS } from './nav-links';

const sectionClasses = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2.5 text-base font-semibold ${
    isActive ? 'bg-emerald-50 text-emerald-800' : 'text-slate-900 hover:bg-slate-100'
  }`;

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2 text-[0.9375rem] font-medium ${
    isActive ? 'bg-emerald-50 text-emerald-800' : 'text-slate-700 hover:bg-slate-100'
  }`;

/** Who is signed in (their profile) and Logout; or Login and Sign up for a visitor. */
function MenuFooter() {
  const user = useAuthStore((state) => state.user);
  const signOut = useSignOut();
  if (!user) {
    return (
      <div className="grid grid-cols-2 gap-3">
        <Link to="/login" className={buttonClasses('primary')}>
          Login
        </Link>
        <Link to="/signup" className={buttonClasses('secondary')}>
          Sign up
        </Link>
      </div>
    );
  }
  return (
    <div className="flex items-center justify-between gap-3">
      <NavLink
        to="/profile"
        className={({ isActive }) =>
          `flex min-h-11 min-w-0 items-center gap-2 rounded-lg pr-2 font-semibold ${
            isActive ? 'text-emerald-800' : 'text-slate-900'
          }`
        }
      >
        <Avatar name={user.name || 'Profile'} />
        <span className="sr-only">Your profile: </span>
        <span className="truncate">{user.name || 'Profile'}</span>
      </NavLink>
      <button
        type="button"
        onClick={signOut}
        className="flex min-h-11 shrink-0 items-center gap-2 rounded-lg border border-red-200 px-4 font-semibold text-red-700 hover:bg-red-50"
      >
        <LogoutIcon />
        Logout
      </button>
    </div>
  );
}

/**
 * The header's menu on a phone or tablet: the sections, then a signed-in user's pages grouped by
 * section, and the data saver's switch, in a panel that scrolls under the header while its footer
 * (profile and Logout, or Login and Sign up) stays in view. A disclosure: it closes on Escape (focus
 * back on its button), on a press outside and on navigation.
 */
export function MobileMenu() {
  const user = useAuthStore((state) => state.user);
  const { open, toggle, menuId, rootRef, buttonRef } = useDisclosure();

  return (
    <div ref={rootRef} className="lg:hidden">
      <button
        ref={buttonRef}
        type="button"
        className="flex size-11 items-center justify-center rounded-lg text-2xl text-slate-700 hover:bg-slate-100"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={open ? 'Close menu' : 'Open menu'}
        onClick={toggle}
      >
        {open ? <CloseIcon /> : <MenuIcon />}
      </button>
      {open
        ? // The page under the header dims; a tap on it closes the menu (useDisclosure's press
          // outside). In <body>: the header's backdrop blur would make it the header's own box.
          createPortal(
            <div aria-hidden="true" className="fixed inset-0 z-30 bg-slate-900/40 lg:hidden" />,
            document.body,
          )
        : null}
      <nav
        id={menuId}
        aria-label="Mobile"
        hidden={!open}
        className="absolute inset-x-0 top-full border-t border-slate-200 bg-white shadow-xl"
      >
        <div className="mx-auto flex max-h-[calc(100dvh-4rem)] max-w-6xl flex-col">
          <div className="flex-1 overflow-y-auto overscroll-contain px-4 py-3">
            <ul className="grid grid-cols-2 gap-x-2 sm:grid-cols-3">
              {SECTION_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} className={sectionClasses}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            {user ? (
              <div className="mt-2 columns-2 gap-2 border-t border-slate-100 pt-1 sm:columns-3">
                {accountGroupsFor(user.role).map((group) => (
                  <NavGroupList
                    key={group.label}
                    group={group}
                    linkClassName={linkClasses}
                    className="break-inside-avoid"
                  />
                ))}
              </div>
            ) : null}
            <DataSaverSwitch className="mt-2 border-t border-slate-100 px-3 pt-2" />
          </div>
          <div className="border-t border-slate-200 bg-white px-4 py-3">
            <MenuFooter />
          </div>
        </div>
      </nav>
    </div>
  );
}
