import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { Answers } from './answers';
import { useDayMemory } from './api/memories';
import { BackToMemories } from './session-memory-page';
import { StarButton } from './star-button';
import { useLiveStars } from './use-live-stars';

/** /memories/days/:low/:high/:day: a daily question, both answers once both answered, its star. */
export function DayMemoryPage({ low, high, day }: { low: string; high: string; day: string }) {
  const memory = useDayMemory(low, high, day);
  useLiveStars();
  const m = memory.data?.memory;
  return (
    <Page width="medium" className="flex flex-col gap-5">
      <BackToMemories />
      {memory.isPending ? (
        <Spinner label="Loading this memory" className="py-16" />
      ) : memory.isError || !m ? (
        <ErrorState onRetry={() => void memory.refetch()} />
      ) : (
        <Card className="flex flex-col gap-3 p-5">
          <p className="text-sm font-semibold text-brand-strong">
            Daily question · {new Date(`${m.day}T12:00:00Z`).toLocaleDateString(undefined, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })}
          </p>
          <div className="flex items-start gap-2">
            <h1 className="flex-1 text-xl font-extrabold text-ink">{m.question}</h1>
            <StarButton target={{ kind: 'daily', low, high, day }} starred={m.starred} label="this question" />
          </div>
          <Answers
            mine={memory.data.mine}
            partner={memory.data.partner}
            partnerName={m.with?.username ?? 'Your partner'}
            partnerAnswered={m.both || memory.data.partner !== null}
            partnerRemoved={memory.data.partnerRemoved}
          />
        </Card>
      )}
    </Page>
  );
}
