import { Crown, Sparkles } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Card } from '@/components/ui/card';
import { celebrate, tokenColour } from '@/lib/confetti';
import { GOLD_UNLOCKS } from './gold-unlocks';
import { PlayLinks } from './play-links';

// Gold and the brand's pink; the last two from the theme's tokens, bright on either canvas.
const goldColours = () => ['#f59e0b', '#fbbf24', '#ea580c', tokenColour('gold', '#b45309'), tokenColour('brand', '#be185d')];

function welcome(buyer: 'you' | 'partner', partner: string | null) {
  if (buyer === 'partner') return `${partner ?? 'Your partner'} unlocked Lifetime Gold, so you both have it: everything is open for the two of you.`;
  if (partner) return `Thank you! You and ${partner} both have Gold now: everything is open for the two of you.`;
  return 'Thank you! Everything is open for you now, and your partner gets Gold too as soon as you link with them.';
}

/** The purchase is confirmed: a warm welcome, what is open now for both partners, and the ways to play. */
export function GoldCelebration({ buyer, partner }: { buyer: 'you' | 'partner'; partner: string | null }) {
  // Once (StrictMode runs effects twice), and never for someone who asked for less motion.
  const fired = useRef(false);
  useEffect(() => {
    if (fired.current) return;
    fired.current = true;
    celebrate({ particleCount: 140, spread: 90, origin: { y: 0.35 }, colors: goldColours() });
  }, []);

  return (
    <Card className="flex flex-col items-center gap-5 bg-linear-to-b from-gold-soft via-surface to-brand-soft/40 px-6 py-10 text-center ring-2 ring-amber-400 animate-pop sm:px-10">
      <span className="grid size-20 place-items-center rounded-full bg-linear-to-br from-amber-400 to-orange-600 text-white shadow-lift">
        <Crown className="size-10" aria-hidden />
      </span>
      <div>
        <p className="inline-flex items-center gap-1.5 text-sm font-bold uppercase tracking-wider text-gold">
          <Sparkles className="size-4" aria-hidden />
          Payment confirmed
        </p>
        <h1 className="mt-2 text-3xl font-extrabold text-balance text-ink sm:text-4xl">Welcome to Lifetime Gold!</h1>
      </div>
      <p className="max-w-md text-lg leading-relaxed text-ink">{welcome(buyer, partner)}</p>
      <ul className="flex w-full max-w-md flex-col gap-2 text-left">
        {GOLD_UNLOCKS.slice(0, 2).map(({ title, detail }) => (
          <li key={title} className="rounded-control bg-surface/80 px-4 py-3 ring-1 ring-amber-200">
            <span className="font-semibold text-ink">{title}</span>
            <span className="block text-sm text-ink-muted">{detail}</span>
          </li>
        ))}
      </ul>
      <PlayLinks />
    </Card>
  );
}
