import { Page, PageHeading } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { useMe } from '@/lib/me';
import { AlreadyGold } from './components/already-gold';
import { CheckoutSummary } from './components/checkout-summary';
import { SubscribePanel } from './components/subscribe-panel';

/** /checkout (login required by the router). */
export function CheckoutPage() {
  const me = useMe();
  const user = me.data;

  return (
    <Page className="animate-fade-up">
      <div className="mx-auto max-w-2xl">
        <PageHeading title="Subscribe to Premium" subtitle={user?.gold ? undefined : 'One payment unlocks everything in Twogether, for you and your partner.'} />
        {!user ? (
          <Spinner label="Loading your account" />
        ) : user.gold ? (
          <AlreadyGold />
        ) : (
          <div className="flex flex-col gap-8">
            <CheckoutSummary partner={user.partner} />
            <SubscribePanel />
          </div>
        )}
      </div>
    </Page>
  );
}
