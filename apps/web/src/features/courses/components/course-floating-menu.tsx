import { Link } from 'react-router';
import { BookIcon, CloseIcon } from '@/components/icons';
import { useDisclosure } from '@/lib/use-disclosure';

const ITEMS = [
  { to: '/instructor/courses/new', label: 'Create Course', description: 'Start teaching' },
  { to: '/instructor/courses', label: 'My Dashboard', description: 'Manage courses' },
] as const;

/**
 * Spec §2: on a phone or tablet (below lg), a floating button opening a small menu for teaching:
 * Create Course and My Dashboard. It closes on Escape (focus back on the button) and on a tap
 * outside; on a desktop the hero's links do the same job.
 */
export function CourseFloatingMenu() {
  const { open, toggle, menuId, rootRef, buttonRef } = useDisclosure();

  return (
    <div
      ref={rootRef}
      className="fixed right-4 bottom-[max(1rem,env(safe-area-inset-bottom))] z-30 flex flex-col items-end gap-3 lg:hidden"
    >
      <ul
        id={menuId}
        hidden={!open}
        aria-label="Teach on Sokoni"
        className="w-56 rounded-2xl border border-slate-200 bg-white p-1.5 shadow-xl"
      >
        {ITEMS.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              className="flex min-h-11 flex-col justify-center rounded-xl px-3 py-2 hover:bg-emerald-50"
            >
              <span className="font-semibold text-slate-900">{item.label}</span>
              <span className="text-sm text-slate-600">{item.description}</span>
            </Link>
          </li>
        ))}
      </ul>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={open ? 'Close the teaching menu' : 'Open the teaching menu'}
        onClick={toggle}
        className="flex size-14 items-center justify-center rounded-full bg-emerald-700 text-2xl text-white shadow-lg hover:bg-emerald-800"
      >
        {open ? <CloseIcon /> : <BookIcon />}
      </button>
    </div>
  );
}
