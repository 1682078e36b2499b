import { act, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMe } from '@/lib/me';
import { disconnectRealtime } from '@/lib/realtime';
import { getMe } from '@core/contracts/account';
import { getPaymentStatus } from '@core/contracts/payments';
import { mockFetch, type Reply, reply } from '../../test/component/fetch-mock';
import { server } from '../../test/component/fake-socket';
import { meReply } from '../../test/component/me';
import { renderScreen } from '../../test/component/render';
import { LiveConnection } from './live-connection';

vi.mock('socket.io-client', () => import('../../test/component/fake-socket'));

/**
 * 'plan:changed' (docs/product/plans.md#the-checkout-and-success-screens): both partners' screens read the plan again
 * without a reload; the partner who did not buy is told who opened everything, the buyer on /success is not.
 */
function PlanProbe() {
  const me = useMe().data;
  return <p>{me ? `plan: ${me.gold ? 'gold' : 'free'}` : ''}</p>;
}

function setUp(path: string, extra: Reply[] = []) {
  let gold = false;
  const api = mockFetch([reply(getMe, () => meReply({ gold })), ...extra]);
  renderScreen(
    <>
      <LiveConnection />
      <PlanProbe />
    </>,
    { path },
  );
  return { api, setGold: (value: boolean) => (gold = value) };
}

/** The server's push, once the live connection is up. */
async function push(gold: boolean) {
  await waitFor(() => expect(server.connected).toBe(true));
  act(() => server.push('plan:changed', { gold }));
}

beforeEach(() => {
  server.reset();
  server.me = 'u-me';
});
afterEach(() => {
  disconnectRealtime();
  // Sonner keeps its toasts between renders: none is carried into the next test.
  toast.dismiss();
});

describe('a change of plan, pushed', () => {
  it('opens Gold on the partner’s screen without a reload and says who unlocked it', async () => {
    const { setGold } = setUp('/games/would_you_rather/categories', [reply(getPaymentStatus, { json: { gold: true, buyer: 'partner' } })]);
    await screen.findByText('plan: free');
    setGold(true);
    await push(true);
    await screen.findByText('plan: gold');
    await screen.findByText('Lifetime Gold is on!');
    screen.getByText('Hana unlocked everything for you both.');
  });

  it('says nothing to the buyer on /success, which celebrates on its own', async () => {
    const { api, setGold } = setUp('/success');
    await screen.findByText('plan: free');
    setGold(true);
    await push(true);
    await screen.findByText('plan: gold');
    expect(screen.queryByText('Lifetime Gold is on!')).toBeNull();
    expect(api.to(getPaymentStatus)).toHaveLength(0);
  });

  it('closes Gold again when it ends (a refund) and says the couple is back on the free plan', async () => {
    const { setGold } = setUp('/games');
    setGold(true);
    await screen.findByText('plan: gold');
    setGold(false);
    await push(false);
    await screen.findByText('plan: free');
    await screen.findByText('Lifetime Gold has ended');
  });
});
