import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';

/** One section of the report: an icon, a heading and its content. */
export function ReportCard({ icon: Icon, title, children, className }: { icon: LucideIcon; title: string; children: ReactNode; className?: string }) {
  return (
    <Card className={cn('flex flex-col p-5 sm:p-6', className)}>
      <h2 className="flex items-center gap-2.5 text-base font-bold text-ink">
        <span className="grid size-9 shrink-0 place-items-center rounded-full bg-brand-soft text-brand">
          <Icon className="size-[1.1rem]" aria-hidden />
        </span>
        {title}
      </h2>
      <div className="mt-3 flex-1">{children}</div>
    </Card>
  );
}

/** An answer, or "Not answered" in a quieter style. */
export function Answer({ value, className }: { value: string | undefined; className?: string }) {
  return value ? <span className={cn('text-ink', className)}>{value}</span> : <span className="italic text-ink-muted">Not answered</span>;
}
