import { Check, Crown, HeartHandshake } from 'lucide-react';
import type { Me } from '@/lib/me';
import { GOLD_PLAN } from '../plan-data';
import { GOLD_UNLOCKS } from './gold-unlocks';

/**
 * The order (docs/product/plans.md#the-checkout-and-success-screens): Lifetime Gold, its price once, what it opens,
 * and that it is for both partners.
 */
export function CheckoutSummary({ partner }: { partner: Me['partner'] }) {
  return (
    <section aria-labelledby="checkout-summary-heading" className="rounded-card bg-linear-to-b from-gold-soft via-surface to-surface p-6 shadow-card ring-2 ring-amber-400 sm:p-8">
      <div className="flex items-start justify-between gap-4">
        <div>
          <p className="text-sm font-bold uppercase tracking-wider text-gold">Your order</p>
          <h2 id="checkout-summary-heading" className="mt-1 flex items-center gap-2 text-2xl font-bold text-ink">
            <Crown className="size-6 text-gold" aria-hidden />
            {GOLD_PLAN.name}
          </h2>
        </div>
        <p className="flex flex-col items-end text-right">
          <span className="text-3xl font-extrabold text-gold">{GOLD_PLAN.price}</span>
          <span className="text-sm font-medium text-ink-muted">{GOLD_PLAN.period}, no subscription</span>
        </p>
      </div>

      <h3 className="mt-6 font-bold text-ink">What it opens</h3>
      <ul className="mt-3 flex flex-col gap-3">
        {GOLD_UNLOCKS.map(({ title, detail }) => (
          <li key={title} className="flex items-start gap-3">
            <span className="mt-0.5 grid size-5 shrink-0 place-items-center rounded-full bg-gold text-on-fill">
              <Check className="size-3.5" strokeWidth={3} aria-hidden />
            </span>
            <span>
              <span className="font-semibold text-ink">{title}</span>
              <span className="block text-sm text-ink-muted">{detail}</span>
            </span>
          </li>
        ))}
      </ul>

      <div className="mt-6 flex items-start gap-3 rounded-control bg-brand-soft px-4 py-3 text-sm leading-relaxed text-ink">
        <HeartHandshake className="mt-0.5 size-5 shrink-0 text-brand-strong" aria-hidden />
        <p>
          <strong className="font-semibold">For both of you.</strong>{' '}
          {partner
            ? `${partner.username} gets Lifetime Gold too, the moment you pay. It stays yours as the buyer: if you ever unlink, ${partner.username} goes back to the free plan.`
            : 'When you link with your partner, they get Lifetime Gold too. It stays yours as the buyer: if you ever unlink, they go back to the free plan.'}
        </p>
      </div>
    </section>
  );
}
