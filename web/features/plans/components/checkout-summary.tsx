import { Check, Crown, HeartHandshake } from 'lucide-react';
import type { Me } from '@/lib/me';
import { GOLD_PLAN } from '../plan-data';

/** What the user is buying: Lifetime Gold, its price, what it unlocks, and that it covers both partners. */
export function CheckoutSummary({ partner }: { partner: Me['partner'] }) {
  return (
    <section aria-labelledby="checkout-summary-heading" className="rounded-card bg-linear-to-b from-gold-soft via-surface to-surface p-6 shadow-card ring-2 ring-amber-400 sm:p-8">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div>
          <p className="text-sm font-bold uppercase tracking-wider text-gold">Your order</p>
          <h2 id="checkout-summary-heading" className="mt-1 flex items-center gap-2 text-2xl font-bold text-ink">
            <Crown className="size-6 text-gold" aria-hidden />
            {GOLD_PLAN.name}
          </h2>
        </div>
        <p className="flex items-baseline gap-2 sm:flex-col sm:items-end sm:gap-0 sm:text-right">
          <span className="text-3xl font-extrabold text-gold">{GOLD_PLAN.price}</span>
          <span className="text-sm font-medium text-ink-muted">{GOLD_PLAN.period}, no subscription</span>
        </p>
      </div>

      <h3 className="mt-6 font-bold text-ink">What it unlocks</h3>
      <ul className="mt-3 grid gap-2.5 sm:grid-cols-2">
        {GOLD_PLAN.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2.5">
            <span className="mt-0.5 grid size-5 shrink-0 place-items-center rounded-full bg-gold text-white">
              <Check className="size-3.5" strokeWidth={3} aria-hidden />
            </span>
            <span className="text-ink">{feature}</span>
          </li>
        ))}
      </ul>

      <p className="mt-6 flex items-start gap-3 rounded-control bg-brand-soft px-4 py-3 text-sm leading-relaxed text-ink">
        <HeartHandshake className="mt-0.5 size-5 shrink-0 text-brand-strong" aria-hidden />
        <span>
          <strong className="font-semibold">Premium covers both partners.</strong>{' '}
          {partner ? `${partner.username} gets Lifetime Gold too, for as long as you are linked.` : 'When you link with your partner, they get Lifetime Gold too.'}
        </span>
      </p>
    </section>
  );
}
