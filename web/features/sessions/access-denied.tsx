import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { routes } from '@core/routes';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Page } from '@/components/ui/page';

/** Anyone who is neither the creator nor the creator's partner (docs/product/sessions-and-games.md#access-denied). */
export function AccessDenied() {
  return (
    <Page narrow>
      <Card role="alert" className="text-center">
        <ShieldAlert className="mx-auto size-10 text-brand" aria-hidden />
        <h1 className="mt-4 text-2xl font-extrabold text-ink">Partner-Only Game</h1>
        <p className="mt-2 text-ink-muted">Only the creator and their partner can join.</p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild>
            <Link to={routes.profile}>Go to Profile</Link>
          </Button>
          <Button asChild variant="secondary">
            <Link to={routes.games}>Back to Games</Link>
          </Button>
        </div>
      </Card>
    </Page>
  );
}
