import { Check, Crown, Minus, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { CURRENT_PLAN_LABEL, type Plan } from '../plan-data';

/** Where the Current Plan badge sits, the same on every card. */
const CURRENT_BADGE_CLASS = 'mt-1 shrink-0 whitespace-nowrap px-3 py-1 text-sm';

interface PlanCardProps {
  plan: Plan;
  /** The hero card: gold accent and a 'Best value' ribbon. */
  featured?: boolean;
  current?: boolean;
  action?: ReactNode;
}

export function PlanCard({ plan, featured, current, action }: PlanCardProps) {
  const headingId = `plan-${plan.id}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'relative flex flex-col rounded-card p-6 sm:p-8',
        featured ? 'bg-linear-to-b from-gold-soft via-surface to-surface shadow-lift ring-2 ring-amber-400' : 'bg-surface shadow-card ring-1 ring-line/70',
      )}
    >
      {featured && (
        <p className="absolute -top-3.5 left-1/2 inline-flex -translate-x-1/2 items-center gap-1.5 whitespace-nowrap rounded-full bg-linear-to-r from-amber-700 to-orange-700 px-4 py-1 text-sm font-bold text-white shadow-card">
          <Sparkles className="size-4" aria-hidden />
          Best value
        </p>
      )}
      {/* The badge sits in the same place on every card, the header row's top right: the row never wraps (a long name
          wraps inside its heading instead), so the badge cannot drop under the name on one card and not another. */}
      <div className="flex items-start justify-between gap-3" data-slot="plan-header">
        <h2 id={headingId} className="flex min-w-0 items-center gap-2 text-2xl font-bold text-ink">
          {featured && <Crown className="size-6 shrink-0 text-gold" aria-hidden />}
          {plan.name}
        </h2>
        {current && (
          <Badge tone={featured ? 'gold' : 'brand'} className={CURRENT_BADGE_CLASS}>
            {CURRENT_PLAN_LABEL}
          </Badge>
        )}
      </div>
      <p className="mt-4 flex items-baseline gap-2">
        <span className={cn('text-5xl font-extrabold tracking-tight', featured ? 'text-gold' : 'text-ink')}>{plan.price}</span>
        <span className="text-lg font-medium text-ink-muted">{plan.period}</span>
      </p>
      {plan.note && <p className="mt-2 font-semibold text-gold">{plan.note}</p>}
      <ul className="mt-6 flex flex-1 flex-col gap-3" aria-label={`${plan.name} includes`}>
        {plan.features.map((feature) => {
          const limit = plan.limits?.includes(feature);
          const Icon = limit ? Minus : Check;
          return (
            <li key={feature} className="flex items-start gap-3">
              <span
                className={cn(
                  'mt-0.5 grid size-5 shrink-0 place-items-center rounded-full',
                  limit ? 'bg-canvas text-ink-muted ring-1 ring-line' : featured ? 'bg-gold text-on-fill' : 'bg-brand-soft text-brand-strong',
                )}
              >
                <Icon className="size-3.5" strokeWidth={3} aria-hidden />
              </span>
              <span className={limit ? 'text-ink-muted' : 'text-ink'}>{feature}</span>
            </li>
          );
        })}
      </ul>
      {action && <div className="mt-8">{action}</div>}
    </section>
  );
}
