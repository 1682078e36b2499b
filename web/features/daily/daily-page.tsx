import { answeredTogetherText } from '@core/daily';
import { ErrorState } from '@/components/ui/error-state';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { useDaily } from './api/get-daily';
import { DailyDayCard, type DailyNudgeSlot } from './daily-day-card';
import { useLiveDaily } from './use-live-daily';

/** /daily: the last 7 days' questions, each answerable until both answered (docs/product/daily-question.md#answering). */
export function DailyPage({ hasPartner, nudge }: { hasPartner: boolean; nudge?: DailyNudgeSlot }) {
  const daily = useDaily({ enabled: hasPartner });
  useLiveDaily();
  return (
    <Page width="medium" className="flex flex-col gap-5">
      <header>
        <h1 className="text-3xl font-extrabold text-ink">Daily questions</h1>
        <p className="mt-1 text-ink-muted">
          {hasPartner
            ? (daily.data && answeredTogetherText(daily.data.answeredTogether)) || 'One question a day, for the two of you.'
            : 'Link with your partner to get a question every day.'}
        </p>
      </header>
      {!hasPartner ? null : daily.isPending ? (
        <Spinner label="Loading your questions" className="py-16" />
      ) : daily.isError ? (
        <ErrorState onRetry={() => void daily.refetch()} />
      ) : (
        daily.data.days.map((day) => <DailyDayCard key={day.day} day={day} today={daily.data.today} partnerName={daily.data.partner.username} nudge={nudge} />)
      )}
    </Page>
  );
}
