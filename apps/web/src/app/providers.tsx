import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { InstallOffer } from './pwa-install';
import { AppUpdates } from './pwa-update';
import { RouteErrorBoundary } from './route-error-page';
import { AppRoutes } from './router';
import { AppToaster } from './toaster';

export function AppProviders({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <RouteErrorBoundary>
          <AppRoutes />
        </RouteErrorBoundary>
        <AppUpdates />
      </BrowserRouter>
      <AppToaster />
      <InstallOffer />
    </QueryClientProvider>
  );
}
