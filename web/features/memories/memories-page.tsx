import { CalendarHeart, Download, Printer, Search } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import type { Memory } from '@core/contracts/memories';
import { gameDefinitions } from '@core/game-definitions';
import { GAME_TYPES } from '@core/games';
import { screens } from '@core/screens';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { gameStyle } from '@/lib/game-style';
import { useMemories } from './api/memories';
import { PrintPage } from './print-page';
import { StarIcon } from './star-icon';
import { useLiveStars } from './use-live-stars';

const ACTIVITIES = [{ value: '', label: 'All' }, ...GAME_TYPES.map((g) => ({ value: g, label: gameDefinitions[g].displayName })), { value: 'daily', label: 'Daily question' }];

const monthOf = (m: Memory) => new Date(m.kind === 'daily' ? `${m.day}T12:00:00Z` : m.at).toLocaleDateString(undefined, { month: 'long', year: 'numeric' });
const dateOf = (m: Memory) => new Date(m.kind === 'daily' ? `${m.day}T12:00:00Z` : m.at).toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short' });
const linkOf = (m: Memory) => (m.kind === 'daily' ? screens.memoryDay(m.pair[0], m.pair[1], m.day) : screens.memorySession(m.id));

/**
 * /memories (docs/product/memories.md): every session and daily question the viewer shared, newest first and grouped
 * by month; one activity, words to find, the starred; the whole of it to download or print.
 */
export function MemoriesPage() {
  const [activity, setActivity] = useState('');
  const [text, setText] = useState('');
  const [starred, setStarred] = useState(false);
  const [printing, setPrinting] = useState(false);
  const q = useDeferredValue(text.trim());
  const memories = useMemories({ activity, q, starred });
  useLiveStars();
  const list = memories.data?.memories ?? [];
  const months = [...new Set(list.map(monthOf))];
  if (printing) return <PrintPage onBack={() => setPrinting(false)} />;

  return (
    <Page width="medium" className="flex flex-col gap-5">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-extrabold text-ink">Memories</h1>
          <p className="mt-1 text-ink-muted">Everything the two of you answered, to read again.</p>
        </div>
        <div className="flex gap-2">
          <Button asChild variant="secondary" size="sm">
            <a href="/api/memories/export" download>
              <Download className="size-4" aria-hidden /> Export JSON
            </a>
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setPrinting(true)}>
            <Printer className="size-4" aria-hidden /> Print
          </Button>
        </div>
      </header>

      <div className="flex flex-col gap-3">
        <label className="relative block">
          <span className="sr-only">Search your memories</span>
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-ink-muted" aria-hidden />
          <input
            type="search"
            value={text}
            maxLength={100}
            onChange={(e) => setText(e.target.value)}
            placeholder="Search questions and answers"
            className="h-11 w-full rounded-control border border-line bg-surface pl-9 pr-3 text-base text-ink placeholder:text-ink-muted focus:outline-none focus-visible:border-brand focus-visible:ring-4 focus-visible:ring-brand/20"
          />
        </label>
        <div role="group" aria-label="Show" className="flex flex-wrap gap-2">
          {ACTIVITIES.map((a) => (
            <Chip key={a.value} pressed={activity === a.value} onClick={() => setActivity(a.value)}>
              {a.label}
            </Chip>
          ))}
          <Chip pressed={starred} onClick={() => setStarred(!starred)}>
            <StarIcon className={cn('size-3.5', starred && 'fill-current')} /> Starred
          </Chip>
        </div>
      </div>

      {memories.isPending ? (
        <Spinner label="Loading your memories" className="py-16" />
      ) : memories.isError ? (
        <ErrorState onRetry={() => void memories.refetch()} />
      ) : list.length === 0 ? (
        <Card className="p-8 text-center text-ink-muted">
          {q || activity || starred ? 'Nothing matches. Try other words, or show everything.' : 'Play a level or answer a daily question together: it will be here to read again.'}
        </Card>
      ) : (
        <div aria-busy={memories.isFetching} className="flex flex-col gap-6">
          {months.map((month) => (
            <section key={month} aria-labelledby={`m-${month}`}>
              <h2 id={`m-${month}`} className="mb-2 text-sm font-bold uppercase tracking-wide text-ink-muted">
                {month}
              </h2>
              <ul className="flex flex-col gap-2">
                {list
                  .filter((m) => monthOf(m) === month)
                  .map((m) => (
                    <li key={m.kind === 'daily' ? `${m.pair.join('-')}-${m.day}` : m.id}>
                      <MemoryRow memory={m} />
                    </li>
                  ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </Page>
  );
}

function MemoryRow({ memory: m }: { memory: Memory }) {
  const style = m.kind === 'session' ? gameStyle(m.game) : null;
  const Icon = style?.Icon ?? CalendarHeart;
  const title = m.kind === 'daily' ? m.question : `${gameDefinitions[m.game].displayName} · ${m.level}`;
  const detail =
    m.kind === 'daily' ? (m.both ? 'Both answered' : 'One answer so far') : `${m.answered} ${m.answered === 1 ? 'answer' : 'answers'}${m.completedAt ? '' : ' · still going'}`;
  const stars = m.kind === 'daily' ? (m.starred ? 1 : 0) : m.starred;
  return (
    <Link
      to={linkOf(m)}
      className="flex items-center gap-3 rounded-card bg-surface p-3 shadow-card ring-1 ring-line transition-colors hover:bg-brand-soft focus:outline-none focus-visible:ring-4 focus-visible:ring-brand/30"
    >
      <span className={cn('grid size-10 shrink-0 place-items-center rounded-full text-white', style ? `bg-gradient-to-br ${style.tile}` : 'bg-brand')}>
        <Icon className="size-5" aria-hidden />
      </span>
      <span className="min-w-0 flex-1">
        <span className="line-clamp-2 font-semibold text-ink">{title}</span>
        <span className="block text-sm text-ink-muted">
          {dateOf(m)} · with {m.with?.username ?? 'your partner'} · {detail}
        </span>
      </span>
      {stars > 0 && (
        <span className="flex items-center gap-1 text-sm font-semibold text-gold" aria-label={`${stars} starred`}>
          <StarIcon className="size-4 fill-current" />
          {stars > 1 ? stars : ''}
        </span>
      )}
    </Link>
  );
}

function Chip({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: React.ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'inline-flex h-9 items-center gap-1.5 rounded-full px-3.5 text-sm font-semibold ring-1 ring-inset transition-colors focus:outline-none focus-visible:ring-4 focus-visible:ring-brand/30',
        pressed ? 'bg-brand text-on-fill ring-brand' : 'bg-surface text-ink ring-line hover:bg-brand-soft',
      )}
    >
      {children}
    </button>
  );
}
