import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type DailyDay, getDaily } from '@core/contracts/daily';
import { mockFetch, reply } from '../../../test/component/fetch-mock';
import { HANA } from '../../../test/component/me';
import { renderScreen } from '../../../test/component/render';
import { DailyPage } from './daily-page';

const day = (date: string, overrides: Partial<DailyDay> = {}): DailyDay => ({
  day: date,
  question: { id: `q-${date}`, text: `Question of ${date}`, category: 'Dreams' },
  state: 'your_turn',
  mine: null,
  partnerAnswered: false,
  partners: null,
  ...overrides,
});

/** /daily: the last 7 days, each answerable (docs/product/daily-question.md#answering). */
describe('the daily questions page', () => {
  it("lists the couple's days, newest first, each with its own heading and state", async () => {
    mockFetch([
      reply(getDaily, {
        json: {
          today: '2026-03-10',
          partner: { id: HANA.id, username: HANA.username },
          days: [day('2026-03-10', { state: 'waiting', mine: 'Mine' }), day('2026-03-09', { partnerAnswered: true }), day('2026-03-05')],
          answeredTogether: 1,
        },
      }),
    ]);
    renderScreen(<DailyPage hasPartner />, { path: '/daily' });
    await screen.findByRole('heading', { level: 1, name: 'Daily questions' });
    expect((await screen.findAllByRole('heading', { level: 2 })).map((h) => h.textContent)).toEqual(['Question of 2026-03-10', 'Question of 2026-03-09', 'Question of 2026-03-05']);
    expect(["Today's question", "Yesterday's question", 'The question of Thu, Mar 5'].map((t) => screen.getByText(t))).toHaveLength(3);
    screen.getByText('Waiting for Hana');
    expect(screen.getAllByRole('textbox', { name: 'Your answer' })).toHaveLength(2);
    screen.getByText("You've answered together on 1 day this month");
  });

  it('asks nothing of the server for a user without a partner, and says how to get one', async () => {
    const api = mockFetch([]);
    renderScreen(<DailyPage hasPartner={false} />, { path: '/daily' });
    await screen.findByText('Link with your partner to get a question every day.');
    expect(api.sent).toEqual([]);
  });
});
