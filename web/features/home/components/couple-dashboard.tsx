import { daysTogether } from '@core/dates';
import type { ReactNode } from 'react';
import type { Me } from '@core/contracts/account';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { useDashboard } from '../api/get-dashboard';
import { CountCards } from './count-cards';
import { DashboardSkeleton } from './dashboard-skeleton';
import { GreetingCard } from './greeting-card';
import { LoveStoryCard } from './love-story-card';
import { RecentMoments } from './recent-moments';
import { YourTurnList } from './your-turn-list';
import { useNow } from '@/lib/use-now';

type Partner = NonNullable<Me['partner']>;

/**
 * Home with a partner (docs/product/home-and-shell.md#the-couples-dashboard): first what waits for them (`first`, the
 * daily question, then "your turn"), the greeting, the four counts, recent moments and the love story.
 */
export function CoupleDashboard({ username, partner, first }: { username: string; partner: Partner; first?: ReactNode }) {
  const dashboard = useDashboard();
  const now = useNow();
  // A dashboard cached for an earlier partner (unlinked, then linked again) is not this couple's.
  const data = dashboard.data?.partner?.id === partner.id ? dashboard.data : undefined;
  // Calendar days in this browser's time zone (docs/product/partners.md#days-together); the greeting needs no request,
  // `me` knows when they linked.
  const days = daysTogether(data?.linkedAt ?? partner.linkedAt, now);

  return (
    <>
      {first}
      {data && <YourTurnList entries={data.yourTurn} partnerName={partner.username} />}
      <GreetingCard username={username} partnerName={partner.username} days={days} />
      {data ? (
        <div className="flex flex-col gap-6 animate-fade-up">
          <CountCards counts={data.counts} />
          <div className="grid gap-6 lg:grid-cols-2">
            <RecentMoments recent={data.recent} />
            <LoveStoryCard dashboard={data} days={days} />
          </div>
        </div>
      ) : dashboard.isError ? (
        <Alert tone="error" title="We could not load your dashboard">
          <p>{errorMessage(dashboard.error, 'Something went wrong. Please try again.')}</p>
          <Button variant="secondary" size="sm" className="mt-2" loading={dashboard.isFetching} onClick={() => void dashboard.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <DashboardSkeleton />
      )}
    </>
  );
}
