import { HeartHandshake } from 'lucide-react';
import { Page, PageHeading } from '@/components/ui/page';
import { useMe } from '@/lib/me';
import { GoldAction } from './components/gold-action';
import { PlanCard } from './components/plan-card';
import { FREE_PLAN, GOLD_PLAN } from './plan-data';

export function PricingPage() {
  const me = useMe();
  const user = me.data ?? null;
  const gold = Boolean(user?.gold);

  return (
    <Page className="animate-fade-up">
      <PageHeading title="Choose your plan" subtitle="Start for free, or unlock every game, level and question for both of you with a single payment." />
      <div className="mx-auto grid max-w-4xl grid-cols-1 gap-8 pt-2 md:grid-cols-2 md:items-start md:gap-6">
        <PlanCard plan={FREE_PLAN} current={Boolean(user) && !gold} />
        <PlanCard plan={GOLD_PLAN} featured current={gold} action={<GoldAction gold={gold} />} />
      </div>
      <p className="mx-auto mt-10 flex max-w-xl items-start gap-3 rounded-card bg-surface-soft px-5 py-4 leading-relaxed text-ink ring-1 ring-brand-soft">
        <HeartHandshake className="mt-0.5 size-5 shrink-0 text-brand" aria-hidden />
        <span className="flex flex-col gap-2">
          <span>One purchase covers you both: when either partner has Lifetime Gold, the two of you enjoy it together.</span>
          <span className="text-sm text-ink-muted">
            Gold stays with the partner who bought it: if you unlink, the buyer keeps it and the other partner goes back to the free plan.
          </span>
        </span>
      </p>
    </Page>
  );
}
