import { Crown, Lock, Play, Star } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardText } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { withPace } from '@/lib/game-route';
import { LevelBadge } from './level-badge';
import { levelWords } from './level-words';
import type { Level } from './api/get-categories';
import type { Pace } from '@core/contracts/common';
import type { GameType } from '@core/games';
import { routes } from '@core/routes';

const levelTone = ['text-level-1', 'text-level-2', 'text-level-3'];
/** The link's ::after covers its card, so a tap anywhere on the card follows it. */
const cardLink = 'after:absolute after:inset-0 after:rounded-card';
const toneOf = (number: number) => levelTone[Math.min(Math.max(number, 1), 3) - 1];

/** Stars equal to the level number, green, yellow and red for 1 to 3 (docs/product/plans.md#how-locks-show). */
export function LevelStars({ number, className }: { number: number; className?: string }) {
  return (
    <span className={cn('flex gap-0.5', toneOf(number), className)} role="img" aria-label={`Level ${number}`}>
      {Array.from({ length: number }, (_, i) => (
        <Star key={i} className="size-5 fill-current" aria-hidden />
      ))}
    </span>
  );
}

/**
 * One level of a category: Start Game (Start for questions, with the level's depth), Locked (complete the previous
 * level) or Get Lifetime Gold (the spec's "Upgrade to Premium", decision 027). The button's link covers the card
 * (its ::after): the whole card opens the level, one tab stop, one name.
 */
export function LevelCard({ game, categoryId, level, pace, guessing = false }: { game: GameType; categoryId: string; level: Level; pace: Pace; guessing?: boolean }) {
  const words = levelWords(game);
  const depth = words.depth(level.number);
  return (
    <Card className={cn('relative flex h-full flex-col gap-3', level.lock !== 'progress' && 'transition-shadow hover:shadow-lift')}>
      <div className="flex items-center justify-between gap-2">
        <span className="flex items-center gap-2">
          <LevelStars number={level.number} />
          {depth && <span className={cn('text-xs font-bold uppercase tracking-wide', toneOf(level.number))}>{depth}</span>}
        </span>
        <LevelBadge level={level} />
      </div>
      <div className="flex-1">
        <h2 className="text-lg font-bold text-ink">{level.name}</h2>
        <CardText className="mt-1 text-sm">{level.description}</CardText>
        <p className="mt-2 text-xs font-medium text-ink-muted">{level.itemCount === 1 ? '1 question' : `${level.itemCount} questions`}</p>
      </div>
      {level.lock === 'open' ? (
        <Button asChild className="w-full">
          <Link
            to={withPace(routes.createSession(game, level.id), pace, level.play === 'guessing' || (guessing && level.play === 'either'))}
            state={{ categoryId }}
            aria-label={`${words.start}: ${level.name}`}
            className={cardLink}
          >
            <Play className="size-4 fill-current" aria-hidden /> {words.start}
          </Link>
        </Button>
      ) : level.lock === 'gold' ? (
        <Button asChild variant="gold" className="w-full">
          <Link to={routes.pricing} aria-label={`Get Lifetime Gold to play ${level.name}`} className={cardLink}>
            <Crown className="size-4" aria-hidden /> Get Lifetime Gold
          </Link>
        </Button>
      ) : (
        <Button variant="secondary" className="w-full" disabled aria-describedby={`lock-${level.id}`}>
          <Lock className="size-4" aria-hidden /> Locked
        </Button>
      )}
      {level.lock === 'progress' && (
        <p id={`lock-${level.id}`} className="text-center text-xs text-ink-muted">
          Complete level {level.number - 1} to unlock
        </p>
      )}
    </Card>
  );
}
