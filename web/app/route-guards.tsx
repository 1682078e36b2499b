import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { rememberRedirect } from '@/lib/auth-redirect';
import { useLoggingOut, useMe } from '@/lib/me';
import { routes } from '@core/routes';

/** Login required: a visitor goes to /login, and the path they asked for is remembered. */
export function RequireAuth() {
  const me = useMe();
  const location = useLocation();
  // Logging out is going to /login anyway: this page is not one to come back to after the next login.
  const loggingOut = useLoggingOut();
  if (me.isPending || (!me.data && loggingOut)) return <Spinner label="Checking your session" />;
  if (me.isError) return <ErrorState onRetry={() => void me.refetch()} />;
  if (!me.data) {
    const path = `${location.pathname}${location.search}`;
    rememberRedirect(path);
    return <Navigate to={routes.login} replace state={{ from: path }} />;
  }
  return <Outlet />;
}

/** Pages only for visitors (the preview): a signed-in user goes home. */
export function VisitorOnly({ children }: { children: ReactNode }) {
  const me = useMe();
  if (me.isPending) return <Spinner />;
  if (me.isError) return <ErrorState onRetry={() => void me.refetch()} />;
  if (me.data) return <Navigate to={routes.home} replace />;
  return <>{children}</>;
}
