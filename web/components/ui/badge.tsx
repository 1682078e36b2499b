import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

const tones = {
  brand: 'bg-brand-soft text-brand-strong',
  gold: 'bg-gold-soft text-gold',
  success: 'bg-success-soft text-success',
  neutral: 'bg-canvas text-ink-muted ring-1 ring-inset ring-line',
} as const;

export function Badge({ tone = 'brand', className, ...props }: HTMLAttributes<HTMLSpanElement> & { tone?: keyof typeof tones }) {
  return <span className={cn('inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold', tones[tone], className)} {...props} />;
}
