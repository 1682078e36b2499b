import { Heart } from 'lucide-react';
import { cn } from '@/lib/cn';

export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-extrabold text-ink', className)} style={{ fontFamily: 'var(--font-display)' }}>
      <span className="grid size-8 place-items-center rounded-xl bg-brand text-on-fill shadow-card">
        <Heart className="size-4 fill-current" aria-hidden />
      </span>
      <span className="text-lg">Twogether</span>
    </span>
  );
}
