import { Crown } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardText } from '@/components/ui/card';
import { routes } from '@core/routes';

/** On the free plan, above a game's categories: what it opens, and the way to Gold (docs/product/plans.md#how-locks-show). */
export const FREE_PLAN_NOTE = 'The free plan opens one level in each game. Lifetime Gold opens them all, for both of you.';

export function FreePlanBanner({ children = FREE_PLAN_NOTE }: { children?: string }) {
  return (
    <Card className="flex flex-col items-start gap-3 bg-gold-soft/60 sm:flex-row sm:items-center">
      <Crown className="size-6 text-gold" aria-hidden />
      <CardText className="flex-1 text-sm text-ink">{children}</CardText>
      <Button asChild variant="gold" size="sm">
        <Link to={routes.pricing}>Get Lifetime Gold</Link>
      </Button>
    </Card>
  );
}
