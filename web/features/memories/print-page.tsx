import { ArrowLeft, Printer } from 'lucide-react';
import { gameDefinitions } from '@core/game-definitions';
import { messages } from '@core/messages';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { useExport } from './api/memories';

const date = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * Memories' printable view (Print, on /memories): the whole export as a page to print, or to save as a PDF from the
 * browser's print dialog. A view of the list's page, not a screen of its own.
 */
export function PrintPage({ onBack }: { onBack: () => void }) {
  const data = useExport();
  return (
    <Page width="medium" className="flex flex-col gap-5 print:max-w-none">
      <div className="flex items-center justify-between print:hidden">
        <Button variant="ghost" size="sm" onClick={onBack}>
          <ArrowLeft className="size-4" aria-hidden /> Memories
        </Button>
        <Button size="sm" onClick={() => window.print()}>
          <Printer className="size-4" aria-hidden /> Print or save as PDF
        </Button>
      </div>
      {data.isPending ? (
        <Spinner label="Gathering your memories" className="py-16" />
      ) : data.isError ? (
        <ErrorState onRetry={() => void data.refetch()} />
      ) : (
        <article className="flex flex-col gap-6 text-ink">
          <header>
            <h1 className="text-3xl font-extrabold">Our memories</h1>
            <p className="text-ink-muted">
              {data.data.you.username}, {date(data.data.exportedAt)}
            </p>
            <p className="mt-2 text-sm text-ink-muted">{data.data.rule}</p>
          </header>
          {data.data.days.length > 0 && (
            <section className="flex flex-col gap-3">
              <h2 className="text-xl font-bold">Daily questions</h2>
              {data.data.days.map((d) => (
                <div key={`${d.with?.id}-${d.day}`} className="break-inside-avoid border-b border-line pb-3">
                  <p className="text-sm text-ink-muted">
                    {date(`${d.day}T12:00:00Z`)} · with {d.with?.username}
                  </p>
                  <p className="font-semibold">{d.question}</p>
                  <p>You: {d.you ?? '—'}</p>
                  <p>
                    {d.with?.username}: {d.partner ?? (d.partnerRemoved ? messages.memories.answerRemoved : '—')}
                  </p>
                </div>
              ))}
            </section>
          )}
          {data.data.sessions.map((s) => (
            <section key={s.id} className="flex flex-col gap-2 break-inside-avoid">
              <h2 className="text-xl font-bold">
                {gameDefinitions[s.activity].displayName} · {s.level}
              </h2>
              <p className="text-sm text-ink-muted">
                {date(s.startedAt)} · with {s.with?.username}
              </p>
              {s.items.map((i) => (
                <div key={i.position} className="break-inside-avoid border-b border-line pb-2">
                  <p className="font-semibold">{i.prompt}</p>
                  <p>You: {i.you ?? '—'}</p>
                  <p>
                    {s.with?.username}: {i.partner ?? (i.partnerRemoved ? messages.memories.answerRemoved : '—')}
                  </p>
                </div>
              ))}
            </section>
          ))}
        </article>
      )}
    </Page>
  );
}
