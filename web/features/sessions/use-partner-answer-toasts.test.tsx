import { act, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { useEffect, useState } from 'react';
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

/** Whether both have answered the current question: the test sets it as the board would. */
let setBothAnswered: (both: boolean) => void = () => {};
function Probe() {
  const [bothAnswered, set] = useState(false);
  useEffect(() => {
    setBothAnswered = set;
  }, []);
  usePartnerAnswerToasts({ sessionId: 's-1', meId: 'u-me', partnerName: 'Sam', bothAnswered });
  return null;
}
/** The toast showing a text, and whether sonner has begun to take it away. */
const toastOf = (text: string) => screen.getByText(text).closest('[data-sonner-toast]');

const answered = (version: number) => ({ sessionId: 's-1', version, userId: 'u-partner', itemId: 'i-1', bothAnswered: false, answer: null });

beforeEach(() => {
  server.reset();
  server.me = 'u-me';
});
afterEach(() => {
  disconnectRealtime();
  toast.dismiss();
});

/** The session screen, connected, and the partner's answer at `version` pushed to it. */
async function openWithPartnerAnswer(version: number) {
  mockFetch([reply(getMe, () => meReply({}))]);
  renderScreen(<Probe />, { path: '/games/would_you_rather/session/s-1' });
  connectRealtime();
  await waitFor(() => expect(server.connected).toBe(true));
  act(() => server.push('session:answered', answered(version)));
}

describe("the partner's answer as news", () => {
  it('is told once: the same answer sent again (its event at the same version) is not news, a new one is', async () => {
    await openWithPartnerAnswer(4);
    await screen.findByText('Sam has submitted an answer');
    expect(news()).toBe(1);

    // The outbox's replay: the app sends the event again at the version the answer made; an older one is older news.
    act(() => server.push('session:answered', answered(4)));
    act(() => server.push('session:answered', answered(3)));
    expect(news()).toBe(1);

    // A changed answer is a new version: news again.
    act(() => server.push('session:answered', answered(5)));
    expect(news()).toBe(2);
  });

  it("shows the next question's news even when it comes while the last one's toast is still leaving", async () => {
    await openWithPartnerAnswer(4);
    await screen.findByText('Sam has submitted an answer');

    // Both answered: the toast goes, and sonner takes a moment to take it off the screen.
    act(() => setBothAnswered(true));
    await waitFor(() => expect(toastOf('Sam has submitted an answer')?.getAttribute('data-removed')).toBe('true'));

    // The next question, and the partner answers first again, before the old toast is gone: the news stays.
    act(() => setBothAnswered(false));
    act(() => server.push('session:answered', answered(6)));
    await waitFor(() =>
      expect(screen.getAllByText('Sam has submitted an answer').map((text) => text.closest('[data-sonner-toast]')?.getAttribute('data-removed'))).toContain('false'),
    );
    // And it is still there once the old toast has gone.
    await waitFor(() => expect(screen.getAllByText('Sam has submitted an answer')).toHaveLength(1));
    expect(toastOf('Sam has submitted an answer')?.getAttribute('data-removed')).toBe('false');
  });
});
