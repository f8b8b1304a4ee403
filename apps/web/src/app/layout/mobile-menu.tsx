import { useEffect } from 'react';
import { NavLink } from 'react-router';
import { useAuthStore } from '@/stores/auth';
import { useSignOut } from '@/lib/use-sign-out';
import { accountLinksFor, SECTION_LINKS, SIGNED_IN_LINKS } from './nav-links';

type MobileMenuProps = { id: string; open: boolean; onClose: () => void };

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-3 text-base font-medium ${
    isActive ? 'bg-emerald-50 text-emerald-800' : 'text-slate-800 hover:bg-slate-100'
  }`;

/** The header's links on small screens; a disclosure that closes on Escape or navigation. */
export function MobileMenu({ id, open, onClose }: MobileMenuProps) {
  const user = useAuthStore((state) => state.user);
  const signOut = useSignOut();

  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      onClose();
      document.querySelector<HTMLButtonElement>(`[aria-controls="${id}"]`)?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open, onClose, id]);

  return (
    <nav id={id} aria-label="Mobile" hidden={!open} className="border-t border-slate-200 bg-white lg:hidden">
      <ul className="mx-auto max-w-6xl space-y-1 px-4 py-3">
        {SECTION_LINKS.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} className={linkClasses}>
              {link.label}
            </NavLink>
          </li>
        ))}
        {user ? (
          <>
            <li className="border-t border-slate-100 pt-1">
              <NavLink to="/profile" className={linkClasses}>
                <span className="sr-only">Your profile: </span>
                {user.name || 'Profile'}
              </NavLink>
            </li>
            {[...SIGNED_IN_LINKS, ...accountLinksFor(user.role)].map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={linkClasses}>
                  {link.label}
                </NavLink>
              </li>
            ))}
            <li className="border-t border-slate-100 pt-1">
              <button
                type="button"
                onClick={signOut}
                className="block w-full rounded-lg px-3 py-3 text-left text-base font-medium text-red-700 hover:bg-red-50"
              >
                Logout
              </button>
            </li>
          </>
        ) : (
          <>
            <li className="border-t border-slate-100 pt-1">
              <NavLink to="/login" className={linkClasses}>
                Login
              </NavLink>
            </li>
            <li>
              <NavLink to="/signup" className={linkClasses}>
                Sign up
              </NavLink>
            </li>
          </>
        )}
      </ul>
    </nav>
  );
}
