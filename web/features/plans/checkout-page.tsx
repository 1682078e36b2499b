import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Page, PageHeading } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { meQueryOptions, useMe } from '@/lib/me';
import { AlreadyGold } from './components/already-gold';
import { CheckoutSummary } from './components/checkout-summary';
import { SubscribePanel } from './components/subscribe-panel';

/** /checkout, login required by the router (docs/product/plans.md#the-checkout-and-success-screens). */
export function CheckoutPage() {
  const me = useMe();
  const queryClient = useQueryClient();
  // The server's 409 ALREADY_GOLD: Gold came (the partner's purchase, another tab) after this page read /api/me.
  const [refusedAsGold, setRefusedAsGold] = useState(false);
  const user = me.data;
  const gold = Boolean(user?.gold) || refusedAsGold;

  const onAlreadyGold = () => {
    setRefusedAsGold(true);
    void queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
  };

  return (
    <Page width="medium" className="animate-fade-up">
      <PageHeading title="Get Lifetime Gold" subtitle={gold ? undefined : 'One payment unlocks everything in Twogether, for you and your partner.'} />
      {!user ? (
        <Spinner label="Loading your account" />
      ) : gold ? (
        <AlreadyGold />
      ) : (
        <div className="flex flex-col gap-6">
          <CheckoutSummary partner={user.partner} />
          <SubscribePanel onAlreadyGold={onAlreadyGold} />
        </div>
      )}
    </Page>
  );
}
