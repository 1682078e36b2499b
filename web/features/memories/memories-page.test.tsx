import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { listMemories, type Memory } from '@core/contracts/memories';
import { mockFetch, reply } from '../../../test/component/fetch-mock';
import { renderScreen } from '../../../test/component/render';
import { MemoriesPage } from './memories-page';

const hana = { id: 'u-p', username: 'Hana' };
const memories: Memory[] = [
  { kind: 'daily', day: '2026-11-20', pair: ['u-me', 'u-p'], question: 'What made you smile today?', with: hana, at: '2026-11-20T08:00:00.000Z', both: true, starred: true },
  {
    kind: 'session',
    id: 's1',
    game: 'would_you_rather',
    level: 'Everyday Life · Easy Mornings',
    with: hana,
    at: '2026-11-18T20:00:00.000Z',
    completedAt: '2026-11-18T20:10:00.000Z',
    pace: 'live',
    guessing: false,
    answered: 10,
    starred: 0,
  },
  {
    kind: 'session',
    id: 's0',
    game: 'questions',
    level: 'Deep Talk · Level 1',
    with: hana,
    at: '2026-10-02T20:00:00.000Z',
    completedAt: null,
    pace: 'own',
    guessing: false,
    answered: 1,
    starred: 2,
  },
];

describe('the Memories list', () => {
  it('groups what was shared by month, newest first, each row linking to its memory', async () => {
    mockFetch([reply(listMemories, { json: { memories } })]);
    renderScreen(<MemoriesPage />, { path: '/memories' });
    const months = await screen.findAllByRole('heading', { level: 2 });
    expect(months.map((h) => h.textContent)).toEqual(['November 2026', 'October 2026']);
    const links = screen.getAllByRole('link').filter((a) => a.getAttribute('href')?.startsWith('/memories/'));
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/memories/days/u-me/u-p/2026-11-20', '/memories/sessions/s1', '/memories/sessions/s0']);
    expect(links[2].textContent).toContain('1 answer · still going');
    expect(screen.getByRole('link', { name: 'Export JSON' }).getAttribute('href')).toBe('/api/memories/export');
  });

  it('asks again for one activity, for the starred, and for words, and says when nothing matches', async () => {
    const api = mockFetch([reply(listMemories, (req) => ({ json: { memories: req.path.includes('?') ? [] : memories } }))]);
    renderScreen(<MemoriesPage />, { path: '/memories' });
    await screen.findByText('What made you smile today?');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Daily question' }));
    expect(await screen.findByText('Nothing matches. Try other words, or show everything.')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Daily question' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Starred' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search your memories' }), 'smile');
    await screen.findByText('Nothing matches. Try other words, or show everything.');
    const urls = api.to(listMemories).map((r) => r.path);
    expect(urls[0]).toBe('/api/memories');
    expect(urls).toContain('/api/memories?activity=daily');
    expect(urls.at(-1)).toBe('/api/memories?activity=daily&q=smile&starred=true');
  });
});
