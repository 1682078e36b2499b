import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** The page frame: one max width and one vertical rhythm for every screen. */
const widths = { narrow: 'max-w-md', medium: 'max-w-2xl', wide: 'max-w-5xl' } as const;

export function Page({
  children,
  className,
  narrow,
  width = narrow ? 'narrow' : 'wide',
}: {
  children: ReactNode;
  className?: string;
  narrow?: boolean;
  width?: keyof typeof widths;
}) {
  return <div className={cn('mx-auto w-full px-4 py-8 sm:px-6 sm:py-12', widths[width], className)}>{children}</div>;
}

export function PageHeading({ title, subtitle, className }: { title: ReactNode; subtitle?: ReactNode; className?: string }) {
  return (
    <div className={cn('mb-8 text-center', className)}>
      <h1 className="text-3xl font-extrabold text-ink sm:text-4xl">{title}</h1>
      {subtitle && <p className="mx-auto mt-3 max-w-xl text-ink-muted leading-relaxed">{subtitle}</p>}
    </div>
  );
}
