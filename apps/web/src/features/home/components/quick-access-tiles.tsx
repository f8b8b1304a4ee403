import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import { BagIcon, BookIcon, HomeIcon, TicketIcon } from '@/components/icons';

type Tile = {
  to: string;
  title: string;
  description: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  tint: string;
};

const TILES: Tile[] = [
  {
    to: '/shop',
    title: 'Shop',
    description: 'New and used goods',
    Icon: BagIcon,
    tint: 'bg-emerald-100 text-emerald-800',
  },
  {
    to: '/events',
    title: 'Tickets',
    description: 'Concerts and events',
    Icon: TicketIcon,
    tint: 'bg-orange-100 text-orange-800',
  },
  {
    to: '/courses',
    title: 'Courses',
    description: 'Learn online',
    Icon: BookIcon,
    tint: 'bg-sky-100 text-sky-800',
  },
  {
    to: '/stays',
    title: 'Stays',
    description: 'Book a place to stay',
    Icon: HomeIcon,
    tint: 'bg-violet-100 text-violet-800',
  },
];

export function QuickAccessTiles() {
  return (
    <section aria-labelledby="quick-access-title" className="mx-auto max-w-6xl px-4 py-10">
      <h2 id="quick-access-title" className="text-xl font-bold text-slate-900">
        What are you looking for?
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {TILES.map(({ to, title, description, Icon, tint }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex h-full flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition hover:-translate-y-0.5 hover:border-emerald-300 hover:shadow-md sm:p-5"
            >
              <span className={`flex size-12 items-center justify-center rounded-xl text-2xl ${tint}`}>
                <Icon />
              </span>
              <span>
                <span className="block font-semibold text-slate-900">{title}</span>
                <span className="block text-sm text-slate-600">{description}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
