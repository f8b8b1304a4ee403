import { Link } from 'react-router';
import { buttonClasses } from '@/components/button';
import { useAuthStore } from '@/stores/auth';
import { HomeSearch } from './home-search';

export function HomeHero() {
  const user = useAuthStore((state) => state.user);
  const firstName = user?.name.trim().split(/\s+/)[0];
  return (
    <section
      aria-labelledby="home-hero-title"
      className="bg-gradient-to-br from-emerald-800 to-emerald-600 text-white"
    >
      <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
        {user ? (
          <p
            className="text-sm font-semibold tracking-wide text-emerald-100 uppercase"
            data-testid="home-greeting"
          >
            {firstName ? `Good to see you, ${firstName}` : 'Good to see you'}
          </p>
        ) : null}
        <h1 id="home-hero-title" className="mt-2 text-4xl font-extrabold tracking-tight sm:text-5xl">
          Karibu Sokoni
        </h1>
        <p className="mt-4 max-w-xl text-lg text-emerald-50">
          Buy and sell across Kenya — shop local goods, get event tickets, book stays and learn new skills,
          all priced in shillings.
        </p>
        <div className="mt-6">
          <HomeSearch />
        </div>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link
            to="/shop"
            className={buttonClasses('secondary', 'border-transparent text-emerald-900 hover:bg-emerald-50')}
          >
            Start shopping
          </Link>
          <Link
            to={user ? '/sell' : '/signup'}
            className={buttonClasses('ghost', 'border border-white/70 text-white hover:bg-white/10')}
          >
            {user ? 'Sell an item' : 'Create a free account'}
          </Link>
        </div>
      </div>
    </section>
  );
}
