import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { gameDefinitions } from '@core/game-definitions';
import { routes } from '@core/routes';
import { screens } from '@core/screens';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { usePageTitle } from '@/lib/page-title';
import { Answers, GuessAnswers } from './answers';
import { useSessionMemory } from './api/memories';
import { StarButton } from './star-button';
import { useLiveStars } from './use-live-stars';

const longDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/** /memories/sessions/:id: each item the viewer answered, both answers, the date, a star each. */
export function SessionMemoryPage({ sessionId }: { sessionId: string }) {
  const memory = useSessionMemory(sessionId);
  useLiveStars();
  const m = memory.data?.memory;
  usePageTitle(m ? `${gameDefinitions[m.game].displayName} · ${m.level}` : undefined);
  return (
    <Page width="medium" className="flex flex-col gap-5">
      <BackToMemories />
      {memory.isPending ? (
        <Spinner label="Loading this memory" className="py-16" />
      ) : memory.isError || !m ? (
        <ErrorState onRetry={() => void memory.refetch()} />
      ) : (
        <>
          <header>
            <p className="text-sm font-semibold text-brand-strong">{gameDefinitions[m.game].displayName}</p>
            <h1 className="text-2xl font-extrabold text-ink">{m.level}</h1>
            <p className="mt-1 text-ink-muted">
              {longDate(m.at)} · with {m.with?.username ?? 'your partner'}
              {m.completedAt ? '' : ' · still going'}
            </p>
          </header>
          {/* Still going: play on. Finished: the game's own screen, with its completion dialog and scores. */}
          <Button asChild variant={m.completedAt ? 'secondary' : 'primary'} className="self-start">
            <Link to={routes.session(m.game, m.id)}>Open the session</Link>
          </Button>
          {memory.data.items.length === 0 && <Card className="p-6 text-center text-ink-muted">Nothing answered yet: your answers will be here once you play.</Card>}
          <ol className="flex flex-col gap-3">
            {memory.data.items.map((item, i) => (
              <li key={item.itemId}>
                <Card className="flex flex-col gap-3 p-4">
                  <div className="flex items-start gap-2">
                    <p className="flex-1 font-semibold text-ink">
                      <span className="sr-only">Question {i + 1}: </span>
                      {item.prompt}
                    </p>
                    <StarButton target={{ kind: 'item', sessionId: m.id, itemId: item.itemId }} starred={item.starred} label={`question ${i + 1}`} />
                  </div>
                  {item.guess ? (
                    <GuessAnswers
                      guess={item.guess}
                      mine={item.mine}
                      partner={item.partner}
                      partnerName={m.with?.username ?? 'Your partner'}
                      partnerRemoved={item.partnerRemoved}
                    />
                  ) : (
                    <Answers
                      mine={item.mine}
                      partner={item.partner}
                      partnerName={m.with?.username ?? 'Your partner'}
                      partnerAnswered={item.partnerAnswered}
                      partnerRemoved={item.partnerRemoved}
                      correct={item.correct}
                    />
                  )}
                </Card>
              </li>
            ))}
          </ol>
        </>
      )}
    </Page>
  );
}

export function BackToMemories() {
  return (
    <Link to={screens.memories} className="inline-flex w-fit items-center gap-1 text-sm font-semibold text-brand-strong hover:underline">
      <ArrowLeft className="size-4" aria-hidden /> Memories
    </Link>
  );
}
