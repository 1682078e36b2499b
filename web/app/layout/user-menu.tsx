import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import type { Me } from '@/lib/me';
import { routes } from '@core/routes';

const AccountMenu = lazy(() => import('./account-menu').then((m) => ({ default: m.AccountMenu })));

export function UserMenu({ me }: { me: Me | null }) {
  if (!me) {
    return (
      <div className="flex items-center gap-1 sm:gap-2">
        <Button asChild variant="ghost" size="sm" className="px-3">
          <Link to={routes.login}>Log in</Link>
        </Button>
        <Button asChild size="sm">
          <Link to={routes.signup}>Sign up</Link>
        </Button>
      </div>
    );
  }
  return (
    <Suspense fallback={<Avatar name={me.username} size="sm" />}>
      <AccountMenu me={me} />
    </Suspense>
  );
}
