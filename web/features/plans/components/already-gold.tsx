import { Crown } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { PlayLinks } from './play-links';

/** Shown at checkout when the couple already has Lifetime Gold: nothing to buy, go and play. */
export function AlreadyGold() {
  return (
    <Card className="flex flex-col items-center gap-4 text-center ring-2 ring-amber-400 animate-pop sm:p-8">
      <span className="grid size-16 place-items-center rounded-full bg-gold-soft text-gold">
        <Crown className="size-8" aria-hidden />
      </span>
      <h2 className="text-2xl font-bold text-ink">You already have Lifetime Gold</h2>
      <p className="max-w-md text-ink-muted leading-relaxed">Every game, level and question category is unlocked for you and your partner. There is nothing more to buy.</p>
      <div className="mt-2 w-full">
        <PlayLinks />
      </div>
    </Card>
  );
}
