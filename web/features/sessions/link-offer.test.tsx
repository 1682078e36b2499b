import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getMe } from '@core/contracts/account';
import { getSession, linkAndJoin, type SnapshotOf } from '@core/contracts/sessions';
import { useMe } from '@/lib/me';
import { disconnectRealtime } from '@/lib/realtime';
import { type Answer, apiError, mockFetch, reply } from '../../../test/component/fetch-mock';
import { meOf } from '../../../test/component/me';
import { server } from '../../../test/component/fake-socket';
import { renderScreen } from '../../../test/component/render';
import { SessionPage } from './session-page';

vi.mock('socket.io-client', () => import('../../../test/component/fake-socket'));

/**
 * The consented link (docs/decisions/019): an unpartnered user at an unpartnered creator's question session is asked
 * the server's question; yes links and joins, no goes back to /questions, a refusal shows the server's words.
 */
const ME = { id: 'u-me', username: 'Milo' };
const CREATOR = { id: 'u-host', username: 'Hana' };
const ID = 's1';
const question = { id: 'q1', position: 0, payload: { text: 'What made you smile today?' } };

const joined: SnapshotOf<'questions'> = {
  game: 'questions',
  version: 2,
  session: { id: ID, status: 'active', currentIndex: 0, createdAt: '2026-11-22T10:00:00.000Z', completedAt: null, pace: 'live', guessing: false },
  role: 'partner',
  host: CREATOR,
  partner: ME,
  level: { id: 'l1', number: 1, name: 'Warm Up', category: { id: 'c1', name: 'Getting Closer' } },
  itemCount: 20,
  readOnly: false,
  current: question,
  answers: { mine: null, partner: null, partnerAnswered: false, bothAnswered: false },
  progress: null,
  passed: [],
  scores: null,
  knowing: null,
  guess: null,
  nextLevel: null,
};
const me = (partner: typeof CREATOR | null): Answer<typeof getMe> => ({
  json: { user: meOf({ ...ME, partner: partner && { ...partner, linkedAt: '2026-11-22T10:00:00.000Z' } }) },
});
const offer = apiError(403, 'LINK_OFFER', 'Link with Hana and join?');

/** What the app's header knows of the signed-in user's partner. */
function HeaderProbe() {
  const me = useMe().data;
  return <p>{me ? `partner: ${me.partner?.username ?? 'none'}` : ''}</p>;
}

function setUp(linkReply: Answer<typeof linkAndJoin>) {
  let linked = false;
  const api = mockFetch([
    reply(getMe, () => me(linked ? { ...CREATOR } : null)),
    reply(getSession, () => (linked ? { json: joined } : offer), { id: ID }),
    reply(
      linkAndJoin,
      () => {
        linked = linkReply !== 'offline' && 'json' in linkReply;
        return linkReply;
      },
      { id: ID },
    ),
  ]);
  const view = renderScreen(
    <>
      <HeaderProbe />
      <SessionPage />
    </>,
    { path: `/questions/session/${ID}`, route: '/questions/session/:sessionId', others: ['/questions'] },
  );
  return { api, ...view };
}

beforeEach(() => {
  server.reset();
  server.me = ME.id;
  server.rooms.set(ID, { present: [CREATOR.id], version: 2 });
});
afterEach(() => disconnectRealtime());

describe('the link offer', () => {
  it('asks the server’s question, once, and Not now goes back to /questions without linking', async () => {
    const user = userEvent.setup();
    const { api } = setUp({ json: { partner: CREATOR, linkedAt: '2026-11-22T10:00:00.000Z' } });
    await screen.findByRole('heading', { name: 'Link with Hana and join?' });
    await screen.findByText('partner: none');
    screen.getByText(/unlink any time on your profile/);
    // An offer is an answer, not a refusal to wait out: not retried like the partner-only 403.
    expect(api.to(getSession, { id: ID })).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Not now' }));
    await screen.findByText('landed on /questions');
    expect(api.to(linkAndJoin, { id: ID })).toEqual([]);
  });

  it('Link and join links the two, says so, and opens the session in the guest seat', async () => {
    const user = userEvent.setup();
    const { api } = setUp({ json: { partner: CREATOR, linkedAt: '2026-11-22T10:00:00.000Z' } });
    await user.click(await screen.findByRole('button', { name: 'Link and join' }));
    await screen.findByRole('heading', { name: question.payload.text });
    await screen.findByText("You're linked with Hana!");
    expect(api.to(linkAndJoin, { id: ID })).toHaveLength(1);
    // The signed-in user is read again: the header and profile now show the partner.
    screen.getByText('partner: Hana');
  });

  it('shows the server’s refusal in place, and the offer stays', async () => {
    const user = userEvent.setup();
    setUp(apiError(409, 'ALREADY_PARTNERED', 'Hana is already linked with someone else.'));
    await user.click(await screen.findByRole('button', { name: 'Link and join' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Hana is already linked with someone else.');
    screen.getByRole('heading', { name: 'Link with Hana and join?' });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Link and join' }).disabled).toBe(false);
  });
});
