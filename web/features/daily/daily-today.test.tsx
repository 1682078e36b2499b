import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerDaily, type Daily, type DailyDay, getDaily } from '@core/contracts/daily';
import { getYourTurn } from '@core/contracts/dashboard';
import { connectRealtime, disconnectRealtime } from '@/lib/realtime';
import { apiError, mockFetch, reply } from '../../../test/component/fetch-mock';
import { server } from '../../../test/component/fake-socket';
import { HANA } from '../../../test/component/me';
import { renderScreen } from '../../../test/component/render';
import { DailyToday } from './daily-today';

vi.mock('socket.io-client', () => import('../../../test/component/fake-socket'));

/** The dashboard's daily card in each state (docs/product/daily-question.md). */
const TODAY = '2026-03-10';
const question = { id: 'q1', text: 'What made you smile this week?', category: 'Everyday Joys' };
const day = (overrides: Partial<DailyDay> = {}): DailyDay => ({ day: TODAY, question, state: 'your_turn', mine: null, partnerAnswered: false, partners: null, ...overrides });
const daily = (days: DailyDay[], answeredTogether = 0): Daily => ({ today: TODAY, partner: { id: HANA.id, username: HANA.username }, days, answeredTogether });
const noTurns = reply(getYourTurn, { json: { partner: { id: HANA.id, username: HANA.username }, yourTurn: [] } });

beforeEach(() => {
  server.reset();
  server.me = 'u-me';
});
afterEach(() => disconnectRealtime());

describe("the dashboard's daily question", () => {
  it("is yours to answer: the question, 'Your turn', and an answer box that sends your words trimmed", async () => {
    const api = mockFetch([
      reply(getDaily, { json: daily([day()]) }),
      reply(answerDaily, (req) => ({ json: daily([day({ state: 'waiting', mine: (req.body as { answer: string }).answer })]) })),
      noTurns,
    ]);
    renderScreen(<DailyToday />);
    await screen.findByRole('heading', { name: question.text });
    screen.getByText("Today's question");
    screen.getByText('Your turn');
    const send = screen.getByRole<HTMLButtonElement>('button', { name: 'Share my answer' });
    expect(send.disabled).toBe(true);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Your answer' }), '  Your laugh at breakfast  ');
    await user.click(send);
    await screen.findByText('Waiting for Hana');
    screen.getByText('Your laugh at breakfast');
    expect(api.to(answerDaily, { day: TODAY }).map((r) => r.body)).toEqual([{ answer: 'Your laugh at breakfast' }]);
  });

  it('says the partner answered, without their words, while it is your turn', async () => {
    mockFetch([reply(getDaily, { json: daily([day({ partnerAnswered: true })]) })]);
    renderScreen(<DailyToday />);
    await screen.findByText('Hana has answered. Yours will reveal both.');
    screen.getByRole('textbox', { name: 'Your answer' });
  });

  it('lets you change your answer while waiting', async () => {
    const api = mockFetch([
      reply(getDaily, { json: daily([day({ state: 'waiting', mine: 'First try' })]) }),
      reply(answerDaily, { json: daily([day({ state: 'waiting', mine: 'Second try' })]) }),
      noTurns,
    ]);
    renderScreen(<DailyToday />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit answer' }));
    const box = screen.getByRole('textbox', { name: 'Your answer' });
    expect((box as HTMLTextAreaElement).value).toBe('First try');
    await user.clear(box);
    await user.type(box, 'Second try');
    await user.click(screen.getByRole('button', { name: 'Save answer' }));
    await screen.findByText('Second try');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(api.to(answerDaily).map((r) => r.body)).toEqual([{ answer: 'Second try' }]);
  });

  it('shows both answers when a change comes too late: the partner answered meanwhile', async () => {
    let revealed = false;
    mockFetch([
      reply(getDaily, () => ({
        json: daily([revealed ? day({ state: 'revealed', mine: 'First try', partnerAnswered: true, partners: 'Theirs' }) : day({ state: 'waiting', mine: 'First try' })]),
      })),
      reply(answerDaily, () => {
        revealed = true;
        return apiError(409, 'ANSWER_REVEALED', 'Both answers are revealed now, so they stay as they are.');
      }),
    ]);
    renderScreen(<DailyToday />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit answer' }));
    await user.type(screen.getByRole('textbox', { name: 'Your answer' }), ' again');
    await user.click(screen.getByRole('button', { name: 'Save answer' }));
    await screen.findByText('Theirs');
    screen.getByText('Revealed');
  });

  it('reveals both answers side by side, with the month’s count and the way to earlier days', async () => {
    mockFetch([reply(getDaily, { json: daily([day({ state: 'revealed', mine: 'Mine', partnerAnswered: true, partners: 'Theirs' }), day({ day: '2026-03-09' })], 3) })]);
    renderScreen(<DailyToday />);
    await screen.findByText('Revealed');
    const you = screen.getByText('You').closest('figure')!;
    const hana = screen.getByText('Hana').closest('figure')!;
    expect([within(you).getByText('Mine'), within(hana).getByText('Theirs')]).toHaveLength(2);
    screen.getByText("You've answered together on 3 days this month");
    expect(screen.getByRole('link', { name: 'Earlier days' }).getAttribute('href')).toBe('/daily');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it("takes the partner's answer live, and shows theirs only when the event carries it", async () => {
    mockFetch([reply(getDaily, { json: daily([day({ state: 'waiting', mine: 'Mine' })]) })]);
    renderScreen(<DailyToday />);
    await screen.findByText('Waiting for Hana');
    connectRealtime();
    await waitFor(() => expect(server.connected).toBe(true));
    act(() => server.push('daily:answered', daily([day({ state: 'revealed', mine: 'Mine', partnerAnswered: true, partners: 'Theirs, live' })], 1)));
    await screen.findByText('Theirs, live');
    screen.getByText('Revealed');
  });

  it('shows a failed load with a way to try again', async () => {
    mockFetch([reply(getDaily, { status: 500, raw: '' })]);
    renderScreen(<DailyToday />);
    await screen.findByRole('button', { name: 'Try again' });
  });
});
