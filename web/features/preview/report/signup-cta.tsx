import { LockOpen } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { SIGNUP } from '@core/preview';

const variants = {
  primary: 'bg-brand text-on-fill shadow-card hover:bg-brand-strong',
  /** For a brand-coloured background. */
  inverted: 'bg-surface text-brand-strong shadow-card hover:bg-brand-soft',
} as const;

/**
 * The sign-up call to action, with its exact label (docs/product/preview.md#steps). It looks like a large Button, but
 * its text may wrap on a narrow phone, which the fixed-height Button does not allow.
 */
export function SignupCta({ variant = 'primary', className }: { variant?: keyof typeof variants; className?: string }) {
  return (
    <Link
      to={SIGNUP}
      className={cn(
        'inline-flex min-h-13 w-full items-center justify-center gap-2.5 rounded-full px-6 py-3 text-center text-base font-semibold leading-snug transition-colors duration-150 active:translate-y-px sm:w-auto sm:px-8',
        variants[variant],
        className,
      )}
    >
      <LockOpen className="hidden size-5 shrink-0 sm:block" aria-hidden />
      <span>
        {/* Two unbreakable halves, so a narrow phone wraps it in the middle; the text stays the exact label. */}
        <span className="whitespace-nowrap">Unlock 1500+ More</span> <span className="whitespace-nowrap">Questions &amp; Games</span>
      </span>
    </Link>
  );
}
