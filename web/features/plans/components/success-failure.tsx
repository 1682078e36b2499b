import { CircleAlert, LogIn, RotateCcw } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { rememberRedirect } from '@/lib/auth-redirect';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { routes } from '@core/routes';

/**
 * /success could not confirm Gold: the server's reason and Try Again, back to /pricing (spec §2). A visitor (the login
 * lapsed during checkout) may also log in and come back to this page, which then confirms the purchase.
 */
export function SuccessFailure({ message, visitor = false }: { message: string; visitor?: boolean }) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <Card className="flex flex-col items-center gap-4 px-6 py-10 text-center animate-fade-up sm:px-10">
      <span className="grid size-16 place-items-center rounded-full bg-danger-soft text-danger">
        <CircleAlert className="size-8" aria-hidden />
      </span>
      <h1 className="text-2xl font-extrabold text-balance text-ink sm:text-3xl">We couldn’t confirm your purchase</h1>
      <p role="alert" className="rounded-control bg-danger-soft px-4 py-2 font-semibold text-danger">
        {message}
      </p>
      <p className="max-w-md text-sm leading-relaxed text-ink-muted">
        If you were charged and this does not change,{' '}
        <Link to={routes.contact} className="font-semibold text-brand-strong underline underline-offset-2">
          write to us
        </Link>{' '}
        and we will put it right.
      </p>
      <div className="mt-2 flex flex-col gap-3 sm:flex-row">
        {visitor && (
          <Button asChild size="lg" variant="secondary">
            <Link to={routes.login} state={{ from: here }} onClick={() => rememberRedirect(here)}>
              <LogIn className="size-5" aria-hidden />
              Log in to check again
            </Link>
          </Button>
        )}
        <Button asChild size="lg">
          <Link to={routes.pricing}>
            <RotateCcw className="size-5" aria-hidden />
            Try Again
          </Link>
        </Button>
      </div>
    </Card>
  );
}
