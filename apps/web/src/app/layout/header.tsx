import { Link, NavLink } from 'react-router';
import { buttonClasses } from '@/components/button';
import { useAuthStore } from '@/stores/auth';
import { AccountMenu } from './account-menu';
import { CartLink } from './cart-link';
import { MobileMenu } from './mobile-menu';
import { SECTION_LINKS } from './nav-links';

const desktopLinkClasses = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium ${
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

/**
 * The five sections, the cart and one account menu on a desktop (Login and Sign up for a visitor);
 * on a phone the cart, Login for a visitor, and a menu with the rest.
 */
export function Header() {
  const user = useAuthStore((state) => state.user);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">
        <Logo />
        <nav aria-label="Main" className="ml-6 hidden items-center gap-1 lg:flex">
          {SECTION_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} className={desktopLinkClasses}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-1">
          <CartLink />
          {user ? (
            <AccountMenu user={user} />
          ) : (
            <>
              <Link to="/login" className={buttonClasses('primary', 'ml-1 min-h-10 px-3 md:px-4')}>
                Login
              </Link>
              <Link to="/signup" className={buttonClasses('ghost', 'min-h-10 max-lg:hidden')}>
                Sign up
              </Link>
            </>
          )}
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
