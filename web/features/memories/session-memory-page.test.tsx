import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getSessionMemory, setStar } from '@core/contracts/memories';
import { messages } from '@core/messages';
import { mockFetch, reply } from '../../../test/component/fetch-mock';
import { renderScreen } from '../../../test/component/render';
import { SessionMemoryPage } from './session-memory-page';

const memory = {
  kind: 'session' as const,
  id: 's1',
  game: 'couple_quiz' as const,
  level: 'Firsts · Level 1',
  with: { id: 'u-p', username: 'A former partner' },
  at: '2026-11-18T20:00:00.000Z',
  completedAt: '2026-11-18T20:10:00.000Z',
  pace: 'live' as const,
  guessing: false,
  answered: 2,
  starred: 1,
};
const items = [
  {
    itemId: 'i1',
    position: 0,
    prompt: 'Where did we first meet?',
    mine: 'At a concert',
    partner: 'At a concert',
    partnerAnswered: true,
    partnerRemoved: false,
    correct: { mine: true, partner: true },
    guess: null,
    starred: true,
  },
  {
    itemId: 'i2',
    position: 1,
    prompt: 'Our first trip?',
    mine: 'Lisbon',
    partner: null,
    partnerAnswered: false,
    partnerRemoved: true,
    correct: { mine: false, partner: null },
    guess: null,
    starred: false,
  },
];

describe('a session as a memory', () => {
  it('shows each item with both answers, what was right, an answer removed, and stars the couple’s', async () => {
    const api = mockFetch([reply(getSessionMemory, { json: { memory, items } }, { id: 's1' }), reply(setStar, { json: { ok: true } })]);
    renderScreen(<SessionMemoryPage sessionId="s1" />, { path: '/memories/sessions/s1' });
    await screen.findByRole('heading', { name: 'Firsts · Level 1' });
    const cards = screen.getAllByRole('listitem');
    expect(cards.map((li) => [...li.querySelectorAll('dd')].map((d) => d.textContent))).toEqual([
      ['At a concert', 'At a concert'],
      ['Lisbon', messages.memories.answerRemoved],
    ]);
    expect(screen.getAllByLabelText('right')).toHaveLength(2);
    expect(screen.getAllByLabelText('not right')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Star question 1' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Star question 2' }));
    expect(api.to(setStar).map((r) => r.body)).toEqual([{ target: { kind: 'item', sessionId: 's1', itemId: 'i2' }, starred: true }]);
    expect(screen.getByRole('link', { name: 'Open the session' }).getAttribute('href')).toBe('/games/couple_quiz/session/s1');
  });
});
