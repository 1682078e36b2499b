import { Loader2 } from 'lucide-react';
import { type ButtonHTMLAttributes, Children, cloneElement, type ReactElement } from 'react';
import { cn } from '@/lib/cn';

const variants = {
  primary: 'bg-brand text-on-fill shadow-card hover:bg-brand-strong active:translate-y-px',
  secondary: 'bg-surface text-brand-strong ring-1 ring-inset ring-line hover:bg-brand-soft',
  ghost: 'text-ink hover:bg-brand-soft',
  gold: 'bg-gradient-to-r from-amber-700 to-orange-700 text-white shadow-card hover:from-amber-800 hover:to-orange-800',
  danger: 'bg-danger text-on-fill hover:brightness-90',
} as const;

const sizes = {
  sm: 'h-9 px-3.5 text-sm',
  md: 'h-11 px-5 text-[0.95rem]',
  lg: 'h-13 px-7 text-base',
  icon: 'h-11 w-11',
} as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Render the child element (a Link, an anchor) with the button's look. */
  asChild?: boolean;
  loading?: boolean;
}

export function Button({ variant = 'primary', size = 'md', asChild, loading, className, children, disabled, ...props }: ButtonProps) {
  const classes = cn(
    'inline-flex select-none items-center justify-center gap-2 whitespace-nowrap rounded-full font-semibold transition-colors duration-150',
    'disabled:cursor-not-allowed disabled:opacity-55 aria-disabled:cursor-not-allowed aria-disabled:opacity-55',
    variants[variant],
    sizes[size],
    className,
  );
  // The one child (a Link, an anchor) keeps its own props and takes the button's look. Not Radix's Slot: it
  // weighs 2 KB of the landing page's budgeted JavaScript (docs/decisions/043-prerendered-public-pages.md).
  if (asChild) {
    const child = Children.only(children) as ReactElement<{ className?: string }>;
    return cloneElement(child, { 'aria-busy': loading || undefined, ...props, ...child.props, className: cn(classes, child.props.className) });
  }
  return (
    <button className={classes} disabled={disabled || loading} aria-busy={loading || undefined} {...props}>
      {loading && <Loader2 className="size-4 animate-spin" aria-hidden />}
      {children}
    </button>
  );
}
