import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { toast } from 'sonner';
import { routes } from '@core/routes';

/**
 * A session address without a session id is a toast and the way back to the games, not a 404
 * (docs/product/sessions-and-games.md#addresses).
 */
export function InvalidSession() {
  useEffect(() => {
    toast.error('Invalid Session', { id: 'invalid-session', description: 'No session ID provided. Redirecting to games page.' });
  }, []);
  return <Navigate to={routes.games} replace />;
}
