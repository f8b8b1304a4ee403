import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/button';
import { useGoBack } from '@/lib/use-go-back';

export function NotFoundPage() {
  const goBack = useGoBack('/');
  return (
    <section className="mx-auto flex max-w-md flex-col items-center px-4 py-20 text-center">
      <title>Page not found — Sokoni</title>
      <p className="text-6xl font-bold text-emerald-700" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Oops! Page not found</h1>
      <p className="mt-2 text-slate-600">The page you are looking for does not exist or has moved.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClasses('primary')}>
          Back to Home
        </Link>
        <Button variant="secondary" onClick={goBack}>
          Go Back
        </Button>
      </div>
    </section>
  );
}
