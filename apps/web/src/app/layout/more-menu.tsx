import { NavLink, useLocation } from 'react-router';
import { useDisclosure } from '@/lib/use-disclosure';
import { useAuthStore } from '@/stores/auth';
import { accountLinksFor } from './nav-links';

const itemClasses = ({ isActive }: { isActive: boolean }) =>
  `block whitespace-nowrap rounded-lg px-3 py-2.5 text-sm font-medium ${
    isActive ? 'bg-emerald-50 text-emerald-800' : 'text-slate-700 hover:bg-slate-100'
  }`;

/**
 * The header's 'More' on a desktop: a disclosure with a signed-in user's own pages of each vertical
 * (tickets, events, trips, listings). It closes on Escape (focus back on its button), on a click
 * outside, and on navigation; 'More' is marked while one of its pages is open.
 */
export function MoreMenu({ buttonClassName }: { buttonClassName: (state: { isActive: boolean }) => string }) {
  const location = useLocation();
  const { open, toggle, menuId, rootRef, buttonRef } = useDisclosure();
  const links = accountLinksFor(useAuthStore((state) => state.user?.role));
  const current = links.some((link) => location.pathname.startsWith(link.to));

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        className={`flex items-center gap-1 ${buttonClassName({ isActive: current })}`}
        onClick={toggle}
      >
        More
        <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true" focusable="false">
          <path d="M5 7.5 10 12.5 15 7.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
      </button>
      <ul
        id={menuId}
        hidden={!open}
        className="absolute left-0 top-full z-50 mt-1 min-w-44 rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
      >
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} className={itemClasses}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
