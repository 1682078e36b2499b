import { Check, Crown } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { CURRENT_PLAN_LABEL, UNLOCK_GOLD_LABEL } from '../plan-data';
import { routes } from '@core/routes';

/** The Lifetime Gold card's button: 'Current Plan' (disabled) for Gold, else the way to checkout. */
export function GoldAction({ gold }: { gold: boolean }) {
  if (gold) {
    return (
      <Button variant="secondary" size="lg" disabled className="w-full">
        <Check className="size-5" aria-hidden />
        {CURRENT_PLAN_LABEL}
      </Button>
    );
  }
  return (
    <Button asChild variant="gold" size="lg" className="h-auto min-h-13 w-full whitespace-normal px-5 py-3 text-center leading-tight">
      <Link to={routes.checkout}>
        <Crown className="size-5" aria-hidden />
        {UNLOCK_GOLD_LABEL}
      </Link>
    </Button>
  );
}
