import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingState } from '@/components/spinner';
import { useScrollRestoration } from '@/lib/use-scroll-restoration';
import { Footer } from './footer';
import { Header } from './header';
import { OfflineBanner } from './offline-banner';

export function RootLayout() {
  useScrollRestoration();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-emerald-800 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      <Header />
      <OfflineBanner />
      {/* At least a screen tall (less the 4rem header): while a page loads, the footer waits below
          the fold instead of showing and then jumping down when the content arrives. */}
      <main id="main-content" tabIndex={-1} className="min-h-[calc(100svh-4rem)] flex-1 focus:outline-none">
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
