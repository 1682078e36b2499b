import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

/** The card every preview step sits in: an eyebrow, the step's heading (focused on arrival) and its body. */
export function StepFrame({ icon: Icon, eyebrow, title, intro, children }: { icon: LucideIcon; eyebrow: string; title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-xl animate-fade-up">
      <Card className="p-5 sm:p-8">
        <p className="flex items-center gap-2.5 text-xs font-bold uppercase tracking-widest text-brand-strong">
          <span className="grid size-9 place-items-center rounded-full bg-brand-soft text-brand">
            <Icon className="size-[1.1rem]" aria-hidden />
          </span>
          {eyebrow}
        </p>
        <h1 tabIndex={-1} className="mt-4 text-2xl font-extrabold leading-tight text-ink focus:outline-none sm:text-3xl">
          {title}
        </h1>
        {intro && <p className="mt-2 text-ink-muted leading-relaxed">{intro}</p>}
        <div className="mt-6">{children}</div>
      </Card>
      <p className="mt-4 flex items-center justify-center gap-1.5 px-2 text-center text-xs text-ink-muted">Your answers stay on this page. Nothing is saved or sent anywhere.</p>
    </div>
  );
}
