import { initials } from '@core/names';
import { cn } from '@/lib/cn';

const sizes = { sm: 'size-9 text-sm', md: 'size-11 text-base', lg: 'size-20 text-2xl' } as const;
// Both gradients keep white initials above 4.5:1.
const tones = { rose: 'from-rose-600 to-rose-800', amber: 'from-amber-700 to-orange-800' } as const;

export function Avatar({
  name,
  size = 'md',
  tone = 'rose',
  className,
}: {
  name: string | null | undefined;
  size?: keyof typeof sizes;
  tone?: keyof typeof tones;
  className?: string;
}) {
  return (
    <span aria-hidden className={cn('grid shrink-0 place-items-center rounded-full bg-gradient-to-br font-bold text-white', tones[tone], sizes[size], className)}>
      {initials(name)}
    </span>
  );
}
