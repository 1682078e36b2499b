import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { MeDto } from '@core/contracts';
import { api } from './api';

export type { MeDto as Me } from '@core/contracts';

/** The signed-in user, or null for a visitor. Every screen reads the auth state from here. */
export const meQueryOptions = queryOptions({
  queryKey: ['me'],
  queryFn: async ({ signal }) => (await api<{ user: MeDto | null }>('/api/me', { signal })).user,
  // The auth state refreshes itself every 30 s while the tab is open (spec 000 §9), and on focus.
  refetchInterval: 30_000,
});

export function useMe() {
  return useQuery(meQueryOptions);
}

/** Logs out and lands on /login. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api('/api/auth/sign-out', { body: {} }),
    onSuccess: async () => {
      // /login is a lazy route: wait until it is on screen, or '/' would see no user and redirect first.
      await navigate('/login');
      queryClient.setQueryData(meQueryOptions.queryKey, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
    },
  });
}
