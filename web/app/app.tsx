import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { createQueryClient } from '@/lib/query-client';
import { meQueryOptions } from '@/lib/me';
import { router } from './router';

export function App() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    // Who is signed in is needed by nearly every screen: ask while the screen's code is still loading.
    void client.prefetchQuery(meQueryOptions);
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
