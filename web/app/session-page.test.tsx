import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { getMe } from '@core/contracts/account';
import { createSessionInvite } from '@core/contracts/session-invites';
import { getSession, type SessionLive, type SnapshotOf, submitAnswer } from '@core/contracts/sessions';
import { SessionPage } from '@/features/sessions/session-page';
import { disconnectRealtime } from '@/lib/realtime';
import { mockFetch, type Reply, reply } from '../../test/component/fetch-mock';
import { server } from '../../test/component/fake-socket';
import { meReply } from '../../test/component/me';
import { renderScreen } from '../../test/component/render';
import { LiveConnection } from './live-connection';

vi.mock('socket.io-client', () => import('../../test/component/fake-socket'));

/**
 * The session screen as the app composes it (the realtime bridge beside the page), against a mocked fetch and a
 * fake Socket.IO server: the offline answer queue, reconnection and when it reads the session again, and the
 * 'Partner Disconnected' toast after the grace.
 */
const ME = { id: 'u-me', username: 'Milo' };
const HOST = { id: 'u-host', username: 'Hana' };
const ID = 's1';
const PATH = `/games/would_you_rather/session/${ID}`;

type Wyr = SnapshotOf<'would_you_rather'>;
const items = [
  { id: 'i1', position: 0, payload: { option_a: 'Tea at dawn', option_b: 'Coffee at dusk' } },
  { id: 'i2', position: 1, payload: { option_a: 'A beach hut', option_b: 'A mountain cabin' } },
];
const noAnswers = { mine: null, partner: null, partnerAnswered: false, bothAnswered: false };

function snapshotAt(index: number, version: number, answers: Wyr['answers'] = noAnswers, role: Wyr['role'] = 'partner'): Wyr {
  return {
    game: 'would_you_rather',
    version,
    session: { id: ID, status: 'active', currentIndex: index, createdAt: '2026-11-22T10:00:00.000Z', completedAt: null, pace: 'live', guessing: false },
    role,
    // As host, Milo created the session and Hana takes the partner's seat.
    host: role === 'partner' ? HOST : ME,
    partner: role === 'partner' ? ME : HOST,
    level: { id: 'l1', number: 1, name: 'Warm-up', category: { id: 'c1', name: 'Everyday' } },
    itemCount: 10,
    readOnly: false,
    current: items[index],
    answers,
    progress: null,
    passed: [],
    scores: null,
    knowing: null,
    guess: null,
    nextLevel: null,
  };
}
const liveOf = ({ game, version, session, current, answers, guess, progress, passed, scores, knowing, nextLevel }: Wyr): SessionLive => ({
  game,
  version,
  session: { status: session.status, currentIndex: session.currentIndex, completedAt: session.completedAt, pace: session.pace, guessing: session.guessing },
  current,
  answers,
  guess,
  knowing,
  progress,
  passed,
  scores,
  nextLevel,
});

const me = meReply({ ...ME, partner: { ...HOST, linkedAt: '2026-02-01T00:00:00.000Z' } });
/** Our answer to the current item, as the server takes it: the reply carries the live state it leads to. */
const answerReply = (live: SessionLive) => reply(submitAnswer, { json: { itemId: 'i1', bothAnswered: false, live } }, { id: ID });

function setUp(extra: Reply[] = [], first = snapshotAt(0, 1)) {
  let snapshot = first;
  const api = mockFetch([reply(getMe, me), reply(getSession, () => ({ json: snapshot }), { id: ID }), ...extra]);
  renderScreen(
    <>
      <LiveConnection />
      <SessionPage />
    </>,
    { path: PATH, route: '/games/:gameType/session/:sessionId' },
  );
  return {
    api,
    reads: () => api.to(getSession, { id: ID }).length,
    /** What the server holds now, and what a read returns. */
    serverAt: (next: Wyr) => {
      snapshot = next;
      server.rooms.get(ID)!.version = next.version;
    },
  };
}

// Testing Library's own waits do not see Vitest's fake clock; vi.waitFor does.
const option = (name: RegExp) => vi.waitFor(() => screen.getByRole('button', { name }), { timeout: 3_000 });
const text = (t: string) => vi.waitFor(() => screen.getByText(t), { timeout: 3_000 });
const partnerStatus = () => within(screen.getByRole('list', { name: 'Players' })).getAllByRole('listitem')[1].textContent;
/** The room acknowledged our join and the screen shows the partner there. */
const partnerOnline = () => vi.waitFor(() => expect(partnerStatus()).toContain('Online'), { timeout: 3_000 });
/** Moves the clock on (the realtime retries, the grace) and lets React settle. */
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  server.reset();
  server.me = ME.id;
  server.rooms.set(ID, { present: [HOST.id], version: 1 });
});
afterEach(() => {
  disconnectRealtime();
  vi.useRealTimers();
});

describe('the session screen on a flaky connection', () => {
  it('keeps a pick made while offline and sends it, once, when the connection is back', async () => {
    const answered = snapshotAt(0, 2, { ...noAnswers, mine: 'a' });
    const { api, reads } = setUp([answerReply(liveOf(answered))]);
    await option(/^Option A:/);
    await partnerOnline();

    server.drop();
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(await option(/^Option A:/));
    await text("Saved. It will be sent when you're back online.");
    expect(api.to(submitAnswer, { id: ID })).toEqual([]);

    server.up = true;
    await wait(10_000); // the client's own retries: 1, 2, 5 s
    await vi.waitFor(() => expect(api.to(submitAnswer, { id: ID }).map((r) => r.body)).toEqual([{ itemId: 'i1', answer: 'a' }]));
    await text('Waiting for your partner to answer...');
    // The reply carried our new state and the rejoin found the version we hold: the session was read once, on load.
    expect(reads()).toBe(1);
  });

  it('reads the session again after a reconnect only when the room reports a newer version', async () => {
    const { reads, serverAt } = setUp();
    await option(/^Option A: Tea at dawn/);
    await partnerOnline();

    // A drop with nothing missed: back in the room at the same version, no read.
    server.drop();
    server.up = true;
    await wait(2_000);
    await vi.waitFor(() => expect(server.sent.filter((s) => s.event === 'session:join')).toHaveLength(2));
    expect(reads()).toBe(1);

    // The host moved on while we were away: the join reports version 3, and the screen reads and shows item 2.
    server.drop();
    serverAt(snapshotAt(1, 3));
    server.up = true;
    await wait(2_000);
    await option(/^Option A: A beach hut/);
    expect(reads()).toBe(2);
  });

  it("applies the partner's pushed answer without a read, and reads again on a version gap", async () => {
    const { reads, serverAt } = setUp();
    await option(/^Option A:/);
    await partnerOnline();

    act(() => server.push('session:answered', { sessionId: ID, version: 2, userId: HOST.id, itemId: 'i1', bothAnswered: false, answer: null }));
    await text('Hana has submitted an answer');
    expect(reads()).toBe(1);

    // Version 3 never arrived: the event at 4 cannot apply, so the screen reads the session.
    serverAt(snapshotAt(1, 4));
    act(() => server.push('session:answered', { sessionId: ID, version: 4, userId: HOST.id, itemId: 'i2', bothAnswered: false, answer: null }));
    await option(/^Option A: A beach hut/);
    expect(reads()).toBe(2);
  });
});

describe('the partner leaving', () => {
  const toastNamed = (text: string) => screen.queryAllByText(text).filter((el) => el.closest('[data-sonner-toast]'));

  it("says 'Partner Disconnected' only once the grace after our own join is over", async () => {
    setUp();
    await option(/^Option A:/);
    // The partner was here, and goes right after we joined: they may be on their way back.
    await partnerOnline();
    act(() => server.push('session:presence', { sessionId: ID, userIds: [ME.id] }));
    await wait(4_000);
    expect(toastNamed('Partner Disconnected')).toEqual([]);

    await wait(1_500);
    const toast = (await text('Partner Disconnected')).closest('[data-sonner-toast]') as HTMLElement;
    within(toast).getByText('Your partner has left the session.');
  });

  it('never announces a partner who is back within the grace', async () => {
    setUp();
    await option(/^Option A:/);
    await partnerOnline();
    act(() => server.push('session:presence', { sessionId: ID, userIds: [ME.id] }));
    await wait(3_000);
    act(() => server.push('session:presence', { sessionId: ID, userIds: [ME.id, HOST.id] }));
    await wait(6_000);
    expect(toastNamed('Partner Disconnected')).toEqual([]);
    // The screen is still live and showing the game: the empty result above is not an empty page's.
    await option(/^Option A:/);
  });
});

describe('toasts, the reveal and the host menu', () => {
  const toastNamed = (text: string) => screen.queryAllByText(text).filter((el) => el.closest('[data-sonner-toast]'));

  it('raises no toast for what the board shows, names the partner in the one it raises, and scrolls the reveal above the bar', async () => {
    const answered = snapshotAt(0, 2, { ...noAnswers, mine: 'a' });
    setUp([answerReply(liveOf(answered))]);
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {});
    onTestFinished(() => scrolled.mockRestore());
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(await option(/^Option A:/));
    // Said once, on the board where the pick was made: getByText fails on a second copy in a toast.
    await text('Waiting for your partner to answer...');
    expect(toastNamed('Answer Submitted')).toEqual([]);

    act(() => server.push('session:answered', { sessionId: ID, version: 3, userId: HOST.id, itemId: 'i1', bothAnswered: true, answer: 'b' }));
    const reveal = await text('You chose “Tea at dawn”. Hana chose “Coffee at dusk”.');
    await text('Waiting for Host');
    expect(toastNamed('Response Submitted')).toEqual([]);
    // The reveal came into view above the bar, whose height is its scroll margin; nothing was set on the page's root
    // (its style would be computed again, whole). The scroll follows the frame that paints the reveal.
    await vi.waitFor(() => expect(scrolled.mock.contexts).toEqual([reveal]));
    expect(scrolled).toHaveBeenCalledWith({ block: 'nearest', behavior: 'smooth' });
    expect(reveal.style.scrollMarginBottom).toMatch(/^calc\(\d+px \+ 1rem\)$/);
    expect(document.documentElement.getAttribute('style')).toBeNull();
  });

  it("keeps Copy Link and Invite Partner in the header's menu once the game is under way, and says when an invitation went again", async () => {
    let sends = 0;
    const invite = {
      id: 'inv1',
      sessionId: ID,
      game: 'would_you_rather',
      status: 'pending',
      sender: ME,
      createdAt: '2026-11-22T10:00:00.000Z',
      expiresAt: '2026-11-23T10:00:00.000Z',
    } as const;
    setUp([reply(createSessionInvite, () => ({ status: 201, json: { invite, resent: sends++ > 0 } }))], snapshotAt(0, 1, noAnswers, 'host'));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await option(/^Option A:/);
    await partnerOnline();
    // The game is under way: no banner with buttons, the menu has them.
    expect(screen.queryByRole('button', { name: /Invite Partner/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Session options' }));
    expect((await vi.waitFor(() => screen.getAllByRole('menuitem'))).map((item) => item.textContent?.trim())).toEqual(['Copy Link', 'Invite Partner']);
    await user.click(screen.getByRole('menuitem', { name: 'Invite Partner' }));
    await text('Invitation Sent');

    await user.click(screen.getByRole('button', { name: 'Session options' }));
    // Opening the menu closed the toast that was showing.
    await vi.waitFor(() => expect(toastNamed('Invitation Sent')).toEqual([]));
    await user.click(await vi.waitFor(() => screen.getByRole('menuitem', { name: 'Invite Partner' })));
    await text('Invitation sent again');
  });
});
