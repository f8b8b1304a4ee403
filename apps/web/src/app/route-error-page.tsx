import { Button } from '@/components/button';

/** Shown when a screen fails to render or its code cannot be downloaded (e.g. after a deploy). */
export function RouteErrorPage() {
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center px-4 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Something went wrong</h1>
      <p className="mt-2 text-slate-600">Please check your connection and reload the page.</p>
      <Button className="mt-6" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </main>
  );
}
