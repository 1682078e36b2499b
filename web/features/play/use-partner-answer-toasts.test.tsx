import { act, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getMe } from '@core/contracts/account';
import { connectRealtime, disconnectRealtime } from '@/lib/realtime';
import { mockFetch, reply } from '../../../test/component/fetch-mock';
import { server } from '../../../test/component/fake-socket';
import { meReply } from '../../../test/component/me';
import { renderScreen } from '../../../test/component/render';
import { usePartnerAnswerToasts } from './use-partner-answer-toasts';

vi.mock('socket.io-client', () => import('../../../test/component/fake-socket'));
// Sonner's own toast, counted: the hook calls it in the event's handler, so the count is known once the push returns.
vi.mock('sonner', async (importOriginal) => {
  const sonner = await importOriginal<typeof import('sonner')>();
  return { ...sonner, toast: Object.assign(vi.fn(sonner.toast), sonner.toast) };
});
const news = () => vi.mocked(toast).mock.calls.filter(([title]) => title === 'New Answer').length;

function Probe() {
  usePartnerAnswerToasts({ sessionId: 's-1', meId: 'u-me', partnerName: 'Sam', bothAnswered: false });
  return null;
}

const answered = (version: number) => ({ sessionId: 's-1', version, userId: 'u-partner', itemId: 'i-1', bothAnswered: false, answer: null });

beforeEach(() => {
  server.reset();
  server.me = 'u-me';
});
afterEach(() => {
  disconnectRealtime();
  toast.dismiss();
});

describe("the partner's answer as news", () => {
  it('is told once: the same answer sent again (its event at the same version) is not news, a new one is', async () => {
    mockFetch([reply(getMe, () => meReply({}))]);
    renderScreen(<Probe />, { path: '/games/would_you_rather/session/s-1' });
    connectRealtime();
    await waitFor(() => expect(server.connected).toBe(true));
    act(() => server.push('session:answered', answered(4)));
    expect(await screen.findByText('Sam has submitted an answer')).toBeTruthy();
    expect(news()).toBe(1);

    // The outbox's replay: the app sends the event again at the version the answer made; an older one is older news.
    act(() => server.push('session:answered', answered(4)));
    act(() => server.push('session:answered', answered(3)));
    expect(news()).toBe(1);

    // A changed answer is a new version: news again.
    act(() => server.push('session:answered', answered(5)));
    expect(news()).toBe(2);
  });
});
