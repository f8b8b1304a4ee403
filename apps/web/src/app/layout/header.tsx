import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { buttonClasses } from '@/components/button';
import { MenuIcon, CloseIcon, UserIcon } from '@/components/icons';
import { useAuthStore } from '@/stores/auth';
import { CartLink } from './cart-link';
import { MobileMenu } from './mobile-menu';
import { MoreMenu } from './more-menu';
import { SECTION_LINKS, SIGNED_IN_LINKS } from './nav-links';

const MOBILE_MENU_ID = 'mobile-menu';

const desktopLinkClasses = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap rounded-lg px-2.5 py-2 text-sm font-medium ${
    isActive ? 'bg-emerald-50 text-emerald-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
  }`;

function Logo() {
  return (
    <Link
      to="/"
      className="flex items-center gap-2 rounded-lg text-xl font-extrabold tracking-tight text-emerald-800"
    >
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path d="M9 12h14l-1.5 11a2 2 0 0 1-2 1.7h-7a2 2 0 0 1-2-1.7z" fill="#fff" />
        <path d="M12.5 12V10a3.5 3.5 0 0 1 7 0v2" fill="none" stroke="#fff" strokeWidth="2" />
      </svg>
      Sokoni
    </Link>
  );
}

export function Header() {
  const user = useAuthStore((state) => state.user);
  const location = useLocation();
  // The menu belongs to the location it was opened on, so any navigation closes it.
  const [menuOpenedAt, setMenuOpenedAt] = useState<string | null>(null);
  const menuOpen = menuOpenedAt === location.key;

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">
        <Logo />
        <nav aria-label="Main" className="ml-4 hidden items-center gap-0.5 lg:flex">
          {[...SECTION_LINKS, ...(user ? SIGNED_IN_LINKS : [])].map((link) => (
            <NavLink key={link.to} to={link.to} className={desktopLinkClasses}>
              {link.label}
            </NavLink>
          ))}
          {user && <MoreMenu buttonClassName={desktopLinkClasses} />}
        </nav>
        <div className="ml-auto flex items-center gap-1">
          <CartLink />
          {user ? (
            <NavLink
              to="/profile"
              className={(state) => `hidden items-center gap-2 lg:flex ${desktopLinkClasses(state)}`}
            >
              <UserIcon className="text-lg" />
              <span className="sr-only">Your profile: </span>
              {/* Between lg and xl the header has no room for the name beside every section's link:
                  the icon stands for it, and screen readers still hear the name. */}
              <span className="sr-only xl:not-sr-only xl:max-w-40 xl:truncate">{user.name || 'Profile'}</span>
            </NavLink>
          ) : (
            <Link to="/login" className={buttonClasses('primary', 'ml-1 min-h-10 px-3 md:px-4')}>
              Login
            </Link>
          )}
          <button
            type="button"
            className="flex size-11 items-center justify-center rounded-lg text-2xl text-slate-700 hover:bg-slate-100 lg:hidden"
            aria-expanded={menuOpen}
            aria-controls={MOBILE_MENU_ID}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpenedAt(menuOpen ? null : location.key)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>
      <MobileMenu id={MOBILE_MENU_ID} open={menuOpen} onClose={() => setMenuOpenedAt(null)} />
    </header>
  );
}
