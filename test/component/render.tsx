import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';

/** Paths the screen may navigate to, each rendering a marker the test can wait for. */
const landing = (path: string) => ({ path, element: <p>landed on {path}</p> });

/**
 * Renders one screen at `path` inside what the app gives every screen (a fresh query client, a router, the toaster),
 * with no retries so a failed request shows its error at once.
 */
export function renderScreen(element: ReactElement, { path = '/', route, others = [] }: { path?: string; route?: string; others?: string[] } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: route ?? path, element }, ...others.map(landing)], { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
