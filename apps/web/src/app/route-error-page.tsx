import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
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

type BoundaryProps = { path: string; children: ReactNode };
type BoundaryState = { path: string; failed: boolean };

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { path: this.props.path, failed: false };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  // Another address is another screen: it gets its own chance to render.
  static getDerivedStateFromProps({ path }: BoundaryProps, state: BoundaryState): BoundaryState | null {
    return path === state.path ? null : { path, failed: false };
  }

  override render() {
    return this.state.failed ? <RouteErrorPage /> : this.props.children;
  }
}

/** Shows RouteErrorPage in place of a screen that throws while it renders, until the address changes. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary path={pathname}>{children}</ErrorBoundary>;
}
