import { useParams } from 'react-router';
import { ErrorState } from '@/components/ui/error-state';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { isAccessDenied, useSession } from './api/get-session';
import { AccessDenied, SessionNotFound } from './access-denied';
import { SessionScreen } from './session-screen';

/**
 * /games/:gameType/host-session/:sessionId and /games/:gameType/session/:sessionId: one screen, the seat
 * (host or partner) comes from the server. Stages: loading, partner-only denial, waiting, the game, done.
 */
export function SessionPage() {
  const { sessionId = '' } = useParams();
  const query = useSession(sessionId);

  if (query.isPending) {
    return (
      <Page>
        <Spinner label="Loading the game" />
      </Page>
    );
  }
  // A denial wins even over data we had: the partner link may have just been removed.
  if (query.isError && isAccessDenied(query.error)) return <AccessDenied />;
  if (query.isError && query.error instanceof ApiError && query.error.status === 404) return <SessionNotFound />;
  if (!query.data) return <ErrorState title="Session Error" message="Could not load the game session. Please try again." onRetry={() => void query.refetch()} />;
  return <SessionScreen key={sessionId} snapshot={query.data} />;
}
