import { HeartCrack } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { routes } from '@core/routes';

export function NotFoundPage() {
  return (
    <Page narrow className="flex flex-1 flex-col items-center justify-center text-center">
      <span className="grid size-20 place-items-center rounded-full bg-brand-soft text-brand">
        <HeartCrack className="size-10" aria-hidden />
      </span>
      <p className="mt-6 text-sm font-bold uppercase tracking-widest text-brand-strong">Error 404</p>
      <h1 className="mt-2 text-3xl font-extrabold text-ink">This page went on a date without us</h1>
      <p className="mt-3 text-ink-muted leading-relaxed">The link may be old or mistyped. Let’s get you back to something you two can enjoy.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to={routes.home}>Back to home</Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to={routes.games}>Browse games</Link>
        </Button>
      </div>
    </Page>
  );
}
