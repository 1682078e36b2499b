import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { messages } from '@core/messages';
import type * as account from '@core/contracts/account';
import type * as auth from '@core/contracts/auth';
import { endpointAt, request } from './api';
import { routes } from '@core/routes';
import { showAppBadge } from './app-badge';

const getMe = endpointAt<typeof account.getMe>('GET', '/api/me');
const signOut = endpointAt<typeof auth.signOut>('POST', '/api/auth/sign-out');

export type { Me } from '@core/contracts/account';

/** The signed-in user, or null for a visitor. Every screen reads the auth state from here. */
export const meQueryOptions = queryOptions({
  queryKey: ['me'],
  queryFn: async ({ signal }) => (await request(getMe, { signal })).user,
  // The auth state refreshes itself every 30 s while the tab is open, and on focus
  // (docs/product/accounts.md#staying-signed-in).
  refetchInterval: 30_000,
});

export function useMe() {
  return useQuery(meQueryOptions);
}

// Logging out spans two screens: the request, then /login on screen. Until both are done, the screens that send
// a visitor elsewhere ('/' to the preview, a guarded page back to /login) hold still (useLoggingOut).
let loggingOut = false;
const loggingOutListeners = new Set<() => void>();
function setLoggingOut(value: boolean) {
  loggingOut = value;
  for (const listener of loggingOutListeners) listener();
}

/** Whether a log-out is on its way to /login: the signed-in state may read as gone a moment before it is there. */
export function useLoggingOut() {
  return useSyncExternalStore(
    (onChange) => {
      loggingOutListeners.add(onChange);
      return () => void loggingOutListeners.delete(onChange);
    },
    () => loggingOut,
    () => false,
  );
}

/** Logs out and lands on /login, which then says so (useFinishLogout). */
export function useLogout() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => {
      setLoggingOut(true);
      return request(signOut, { body: {} });
    },
    onSuccess: () => navigate(routes.login, { state: { loggedOut: true } }),
    onError: () => {
      setLoggingOut(false);
      toast.error(messages.toast.logoutError[0], { description: messages.toast.logoutError[1] });
    },
  });
}

/**
 * In the layout: once /login is on screen after a log-out, forget the user and say 'Logged out successfully'.
 * Only then: a navigation finishes in a React transition, and a user forgotten earlier would be seen by the
 * screen still showing ('/' would send the visitor to the preview, where there are no toasts).
 */
export function useFinishLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname, search, state } = useLocation();
  const arrived = (state as { loggedOut?: boolean } | null)?.loggedOut === true;
  useEffect(() => {
    if (!arrived) return;
    // A 'who am I' asked before the sign-out must not answer after it.
    void queryClient.cancelQueries({ queryKey: meQueryOptions.queryKey });
    queryClient.setQueryData(meQueryOptions.queryKey, null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
    showAppBadge(0); // nothing of theirs waits on this device's icon any more
    toast.success(messages.toast.loggedOut, { id: 'logged-out' });
    setLoggingOut(false);
    void navigate(`${pathname}${search}`, { replace: true, state: null });
  }, [arrived, pathname, search, navigate, queryClient]);
}
