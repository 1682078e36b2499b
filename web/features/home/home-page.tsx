import type { ReactNode } from 'react';
import type { Me } from '@core/contracts/account';
import { Page } from '@/components/ui/page';
import { ActivityCards } from './components/activity-cards';
import { CoupleDashboard } from './components/couple-dashboard';
import { WelcomeCard } from './components/welcome-card';

/**
 * The signed-in home (docs/product/home-and-shell.md#home). It follows `me.partner`: the moment a link is made (or
 * undone) the realtime bridge refreshes `me`, and the screen switches between the welcome card and the dashboard.
 * `daily`: the daily question's card, composed in by web/app (features do not import each other), shown first to a couple.
 */
export function HomePage({ me, daily }: { me: Me; daily?: ReactNode }) {
  return (
    <Page className="flex flex-col gap-6">
      {me.partner ? (
        <CoupleDashboard username={me.username} partner={me.partner} first={daily} />
      ) : (
        <>
          <WelcomeCard username={me.username} />
          <ActivityCards />
        </>
      )}
    </Page>
  );
}
