import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { answeredTogetherText } from '@core/daily';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/lib/api';
import { useDaily } from './api/get-daily';
import { DailyDayCard, type DailyNudgeSlot } from './daily-day-card';
import { useLiveDaily } from './use-live-daily';
import { routes } from '@core/routes';

/**
 * The dashboard's first card (docs/product/daily-question.md#on-the-dashboard-and-in-the-bell): today's question with
 * its state, the month's gentle count, and the way to earlier days. Only for a couple: the home screen composes it so.
 */
export function DailyToday({ nudge }: { nudge?: DailyNudgeSlot } = {}) {
  const daily = useDaily();
  useLiveDaily();
  if (daily.isPending)
    return (
      <Card aria-busy="true" className="h-56 animate-pulse bg-surface-soft p-5">
        <span className="sr-only">Loading today's question</span>
      </Card>
    );
  if (daily.isError)
    return (
      <Card role="alert" className="flex flex-wrap items-center justify-between gap-3 p-5">
        <p className="text-ink-muted">{errorMessage(daily.error, "We could not load today's question.")}</p>
        <Button variant="secondary" size="sm" className="min-h-11" loading={daily.isFetching} onClick={() => void daily.refetch()}>
          Try again
        </Button>
      </Card>
    );
  const { today, days, partner, answeredTogether } = daily.data;
  const todays = days.find((d) => d.day === today);
  const earlier = days.filter((d) => d.day !== today);
  const together = answeredTogetherText(answeredTogether);
  return (
    <div className="flex flex-col gap-2">
      {todays && <DailyDayCard day={todays} today={today} partnerName={partner.username} nudge={nudge} />}
      {(together || earlier.length > 0) && (
        <div className="flex flex-wrap items-center justify-between gap-x-3 px-1 text-sm text-ink-muted">
          {together && <p>{together}</p>}
          {earlier.length > 0 && (
            <Link to={routes.daily} className="ml-auto inline-flex min-h-11 items-center gap-1 rounded-full px-2 font-semibold text-brand-strong hover:bg-brand-soft">
              Earlier days
              <ChevronRight className="size-4" aria-hidden />
            </Link>
          )}
        </div>
      )}
    </div>
  );
}
