import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { Toaster } from 'react-hot-toast';
import { createQueryClient } from './query-client';
import { router } from './router';

export function AppProviders() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      {/* react-hot-toast's defaults are the spec's timings: 4000 ms, 2000 ms for success, 20 at most. */}
      <Toaster position="top-center" />
    </QueryClientProvider>
  );
}
