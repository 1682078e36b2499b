import { Lock, Star } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import type { Level } from './api/get-categories';

/** A level's state at a glance: completed, needs Gold, locked behind the previous level, or free. */
export function LevelBadge({ level }: { level: Level }) {
  if (level.completed) {
    return (
      <Badge tone="success">
        <Star className="size-3 fill-current" aria-hidden /> Completed
      </Badge>
    );
  }
  if (level.lock === 'gold') {
    return (
      <Badge tone="gold">
        <Lock className="size-3" aria-hidden /> Gold
      </Badge>
    );
  }
  if (level.lock === 'progress') {
    return (
      <Badge tone="neutral">
        <Lock className="size-3" aria-hidden /> Locked
      </Badge>
    );
  }
  return level.free ? <Badge tone="brand">Free</Badge> : null;
}
