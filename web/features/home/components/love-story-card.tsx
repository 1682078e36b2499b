import { CalendarHeart, Gamepad2, HeartHandshake, MessageCircleHeart, Sparkles, type LucideIcon } from 'lucide-react';
import { gameDefinitions } from '@core/game-definitions';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardText, CardTitle } from '@/components/ui/card';
import type { Dashboard } from '../api/get-dashboard';
import { routes } from '@core/routes';

const sinceFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

/**
 * Days together, questions answered and games played (the three games' sum):
 * docs/product/home-and-shell.md#the-couples-dashboard.
 */
export function LoveStoryCard({ dashboard, days }: { dashboard: Dashboard; days: number }) {
  const stats: { label: string; value: number; Icon: LucideIcon }[] = [
    { label: 'Days together', value: days, Icon: CalendarHeart },
    { label: 'Questions answered', value: dashboard.questionsAnswered, Icon: MessageCircleHeart },
    { label: 'Games played', value: dashboard.gamesPlayed, Icon: Gamepad2 },
  ];
  return (
    <Card className="flex flex-col bg-gradient-to-br from-gold-soft via-surface to-brand-soft">
      <div className="flex items-center justify-between gap-3">
        <CardTitle>Love Story</CardTitle>
        <HeartHandshake className="size-6 text-brand" aria-hidden />
      </div>
      {dashboard.linkedAt && <CardText className="mt-1 text-sm">Together since {sinceFormat.format(new Date(dashboard.linkedAt))}</CardText>}
      <dl className="mt-5 flex flex-col gap-2">
        {stats.map(({ label, value, Icon }) => (
          <div key={label} className="flex items-center gap-3 rounded-control bg-surface/80 px-3 py-2.5 ring-1 ring-line/70">
            <Icon className="size-5 shrink-0 text-brand" aria-hidden />
            <dt className="flex-1 text-ink-muted">{label}</dt>
            <dd className="text-xl font-extrabold tabular-nums text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      {dashboard.knowEachOther.length > 0 && (
        <section aria-labelledby="know-each-other" className="mt-4">
          <h3 id="know-each-other" className="flex items-center gap-1.5 text-sm font-semibold text-ink">
            <Sparkles className="size-4 text-brand" aria-hidden /> How well you know each other
          </h3>
          <dl className="mt-2 flex flex-col gap-1.5">
            {dashboard.knowEachOther.map(({ game, knew, of }) => (
              <div key={game} className="flex items-center justify-between gap-3 rounded-control bg-surface/80 px-3 py-2 ring-1 ring-line/70">
                <dt className="text-ink-muted">{gameDefinitions[game].displayName}, best</dt>
                <dd className="whitespace-nowrap font-bold tabular-nums text-ink">
                  {knew} of {of} guesses
                </dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      <div className="mt-auto flex flex-col gap-3 pt-5 sm:flex-row sm:items-center sm:justify-between">
        <Link to={routes.profile} className="text-center text-sm font-semibold text-brand-strong underline-offset-4 hover:underline sm:text-left">
          View your profile
        </Link>
        <Button asChild>
          <Link to={routes.games}>Explore All Activities</Link>
        </Button>
      </div>
    </Card>
  );
}
