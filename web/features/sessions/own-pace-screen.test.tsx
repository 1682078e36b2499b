import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getMe } from '@core/contracts/account';
import { getSession, moveSession, type SessionLive, sessionLive, type SnapshotOf, submitAnswer, switchToOwnPace } from '@core/contracts/sessions';
import { connectRealtime, disconnectRealtime } from '@/lib/realtime';
import { mockFetch, type Reply, reply } from '../../../test/component/fetch-mock';
import { server } from '../../../test/component/fake-socket';
import { HANA, meReply } from '../../../test/component/me';
import { renderScreen } from '../../../test/component/render';
import { SessionPage } from './session-page';

vi.mock('socket.io-client', () => import('../../../test/component/fake-socket'));
vi.mock('canvas-confetti', () => ({ default: { create: () => vi.fn() } }));

/**
 * The session screen at your own pace (docs/product/sessions-and-games.md#at-your-own-pace), Milo hosting a Would You
 * Rather level with Hana, who is not here: he answers alone, sees where both are, a calm line until Hana has answered
 * an item, the reveal once she has, the items he passed, and the completion dialog once.
 */
const ME = { id: 'u-me', username: 'Milo' };
const ID = 's1';
const PATH = `/games/would_you_rather/host-session/${ID}`;
type Wyr = SnapshotOf<'would_you_rather'>;

const items = Array.from({ length: 10 }, (_, i) => ({ id: `i${i + 1}`, position: i, payload: { option_a: `Tea ${i + 1}`, option_b: `Coffee ${i + 1}` } }));
const noAnswers = { mine: null, partner: null, partnerAnswered: false, bothAnswered: false };
type Passed = Wyr['passed'][number];
const passedItem = (i: number, mine: 'a' | 'b', partner: 'a' | 'b' | null): Passed => ({ ...items[i], mine, partner, partnerAnswered: partner !== null, guess: null });

function ownPace(at: number, version: number, extra: Partial<Wyr> = {}): Wyr {
  return {
    game: 'would_you_rather',
    version,
    session: { id: ID, status: 'active', currentIndex: at, createdAt: '2026-11-22T10:00:00.000Z', completedAt: null, pace: 'own', guessing: false },
    role: 'host',
    host: ME,
    partner: { id: HANA.id, username: HANA.username },
    level: { id: 'l1', number: 1, name: 'Warm-up', category: { id: 'c1', name: 'Everyday' } },
    itemCount: 10,
    readOnly: false,
    current: items[at] ?? null,
    answers: noAnswers,
    progress: { mine: at, partner: 3 },
    passed: [],
    scores: null,
    knowing: null,
    guess: null,
    nextLevel: null,
    ...extra,
  };
}
/** A snapshot's live part, as a reply or a push carries it (the contract keeps only its own fields). */
const liveOf = (snapshot: Wyr): SessionLive => sessionLive.parse(snapshot);

/** The app's live connection, as web/app composes it, reduced to what this screen needs. */
function Realtime() {
  useEffect(() => {
    connectRealtime();
    return () => disconnectRealtime();
  }, []);
  return null;
}

function show(snapshot: Wyr, extra: Reply[] = []) {
  const api = mockFetch([reply(getMe, meReply()), reply(getSession, { json: snapshot }, { id: ID }), ...extra]);
  const view = renderScreen(
    <>
      <Realtime />
      <SessionPage />
    </>,
    { path: PATH, route: '/games/:gameType/host-session/:sessionId' },
  );
  return { api, ...view };
}

const option = (name: RegExp) => screen.findByRole('button', { name });
const passedList = () => within(screen.getByRole('region', { name: 'Your answers so far' })).getAllByRole('listitem');

beforeEach(() => {
  server.reset();
  server.me = ME.id;
  // Hana is not in the room: at your own pace nobody waits for her.
  server.rooms.set(ID, { present: [], version: 1 });
});
afterEach(() => disconnectRealtime());

describe('the session screen at your own pace', () => {
  it('lets the host answer alone, says where both are, waits calmly for the partner, and lists the item once passed', async () => {
    const user = userEvent.setup();
    const answered = ownPace(0, 2, { answers: { ...noAnswers, mine: 'a' }, progress: { mine: 1, partner: 3 } });
    const moved = ownPace(1, 3, { progress: { mine: 1, partner: 3 }, passed: [passedItem(0, 'a', null)] });
    const { api } = show(ownPace(0, 1), [
      reply(submitAnswer, { json: { itemId: 'i1', bothAnswered: false, live: liveOf(answered) } }, { id: ID }),
      reply(moveSession.next, { json: { status: 'active', currentIndex: 1, completed: false, live: liveOf(moved) } }, { id: ID }),
    ]);
    const pick = await option(/^Option A: Tea 1/);
    expect(screen.queryByText('Waiting for your partner to join…')).toBeNull();
    screen.getByText('You: 0 of 10 · Hana: 3 of 10');
    await user.click(pick);

    await screen.findByText("Hana hasn't answered this one yet — you'll both see the answers once they have.");
    screen.getByText('You: 1 of 10 · Hana: 3 of 10');
    // Your own Next, not the host's "Waiting for Host", and nothing of Hana's yet.
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(api.to(moveSession.next, { id: ID })).toHaveLength(1);
    await option(/^Option A: Tea 2/);
    const [first] = passedList();
    expect(first.textContent).toContain('Tea 1 or Coffee 1?');
    expect(first.textContent).toContain('You:Tea 1');
    within(first).getByText('Waiting for Hana');
  });

  it('reveals both answers at once when the partner answered that item first, and a reveal pushed later too', async () => {
    const user = userEvent.setup();
    const start = ownPace(1, 5, { answers: { ...noAnswers, partnerAnswered: true }, passed: [passedItem(0, 'a', null)] });
    const revealed = ownPace(1, 6, { answers: { mine: 'b', partner: 'a', partnerAnswered: true, bothAnswered: true }, progress: { mine: 2, partner: 3 }, passed: start.passed });
    show(start, [reply(submitAnswer, { json: { itemId: 'i2', bothAnswered: true, live: liveOf(revealed) } }, { id: ID })]);
    await user.click(await option(/^Option B: Coffee 2/));
    await screen.findByText(`You chose “Coffee 2”. ${HANA.username} chose “Tea 2”.`);
    expect((await screen.findByRole<HTMLButtonElement>('button', { name: 'Next' })).disabled).toBe(false);

    // Hana answers the first item while Milo is here: her own state's push to him reveals it in the list.
    await vi.waitFor(() => expect(server.connected).toBe(true));
    act(() => server.push('session:updated', { sessionId: ID, live: liveOf({ ...revealed, version: 7, passed: [passedItem(0, 'a', 'a')] }) }));
    await vi.waitFor(() => expect(within(passedList()[0]).queryByText('Waiting for Hana')).toBeNull());
    expect(passedList()[0].textContent).toContain('Hana:Tea 1');
  });

  it('once every item is answered, says the partner is still on their way, with the passed list under it', async () => {
    const passed = items.map((_, i) => passedItem(i, 'a', i < 3 ? 'b' : null));
    show(ownPace(10, 20, { progress: { mine: 10, partner: 3 }, passed }));
    await screen.findByRole('heading', { name: "You've answered all 10." });
    screen.getByText('Hana is on 3 — their answers will appear here as they go.');
    expect(screen.queryByRole('button', { name: /^Option/ })).toBeNull();
    const list = passedList();
    expect(list).toHaveLength(10);
    expect(list.filter((li) => within(li).queryByText('Waiting for Hana'))).toHaveLength(7);

    // Hana answers the last of hers: the completion reaches Milo here, and the dialog with it.
    localStorage.clear();
    await vi.waitFor(() => expect(server.connected).toBe(true));
    const completed = ownPace(10, 40, {
      session: { ...ownPace(0, 1).session, status: 'completed', completedAt: '2026-11-25T10:00:00.000Z', currentIndex: 10 },
      current: null,
      progress: { mine: 10, partner: 10 },
      passed: items.map((_, i) => passedItem(i, 'a', 'b')),
    });
    act(() => server.push('session:updated', { sessionId: ID, live: liveOf(completed) }));
    await screen.findByRole('dialog', { name: 'Would You Rather Complete!' });
  });

  it('shows the completion dialog once per session, then the completed card', async () => {
    localStorage.clear();
    const done = ownPace(10, 30, {
      session: { ...ownPace(0, 1).session, status: 'completed', completedAt: '2026-11-25T10:00:00.000Z', currentIndex: 10 },
      current: null,
      progress: { mine: 10, partner: 10 },
      passed: items.map((_, i) => passedItem(i, 'a', 'b')),
      nextLevel: { id: 'l2', number: 2, name: 'Deeper', unlocked: true },
    });
    const first = show(done);
    await screen.findByRole('dialog', { name: 'Would You Rather Complete!' });
    expect(localStorage.getItem(`twogether:completion-seen:${ID}`)).not.toBeNull();
    first.unmount();

    // The next visit: the card under a closed dialog, its summary still one tap away.
    show(done);
    await screen.findByRole('heading', { name: 'Level Complete!' });
    expect(screen.queryByRole('dialog')).toBeNull();
    screen.getByRole('region', { name: 'Your answers' });
  });
});

describe('a scored game at your own pace', () => {
  it('lets the Couple Quiz be answered with the partner away', async () => {
    const quiz: SnapshotOf<'couple_quiz'> = {
      ...ownPace(0, 1),
      game: 'couple_quiz',
      current: { id: 'q1', position: 0, payload: { question: 'Which flower means love?', options: ['Rose', 'Lily'] } },
      answers: noAnswers,
      passed: [],
    };
    mockFetch([reply(getMe, meReply()), reply(getSession, { json: quiz }, { id: ID })]);
    renderScreen(
      <>
        <Realtime />
        <SessionPage />
      </>,
      { path: `/games/couple_quiz/host-session/${ID}`, route: '/games/:gameType/host-session/:sessionId' },
    );
    await userEvent.setup().click(await screen.findByRole('radio', { name: /Rose/ }));
    expect((screen.getByRole('button', { name: 'Submit Answer' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(/needs to be here to answer/)).toBeNull();
  });
});

describe('switching a live session to your own pace', () => {
  it("offers it in the host's waiting banner and plays on alone once switched", async () => {
    const user = userEvent.setup();
    const live = ownPace(0, 1, { session: { ...ownPace(0, 1).session, pace: 'live', guessing: false }, progress: null });
    const switched = ownPace(0, 2, { progress: { mine: 0, partner: 0 } });
    const { api } = show(live, [reply(switchToOwnPace, { json: { live: liveOf(switched) } }, { id: ID })]);
    await screen.findByText('Waiting for your partner to join…');
    expect(screen.queryByRole('button', { name: /^Option A/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Play at your own pace instead' }));
    await option(/^Option A: Tea 1/);
    expect(api.to(switchToOwnPace, { id: ID })).toHaveLength(1);
    expect(screen.queryByText('Waiting for your partner to join…')).toBeNull();
    screen.getByText('You: 0 of 10 · Hana: 0 of 10');
  });
});
