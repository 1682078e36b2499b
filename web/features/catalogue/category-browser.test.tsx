import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Category, getCategories, type Level } from '@core/contracts/catalogue';
import { mockFetch, reply } from '../../../test/component/fetch-mock';
import { renderScreen } from '../../../test/component/render';
import { CategoryBrowser } from './category-browser';

/** A game's categories page (docs/product/plans.md#how-locks-show): tiles that are links, and no wall of locks. */
const level = (category: string, number: number, lock: Level['lock'], extra: Partial<Level> = {}): Level => ({
  id: `${category}-${number}`,
  number,
  play: 'either',
  name: `${category} ${number}`,
  description: 'Three questions',
  free: false,
  itemCount: 10,
  completed: false,
  lock,
  ...extra,
});
const category = (id: string, name: string, locks: Level['lock'][], extra: Partial<Level> = {}): Category => ({
  id,
  slug: id,
  name,
  description: `About ${name}`,
  icon: null,
  levels: locks.map((lock, i) => level(id, i + 1, lock, i === 0 ? extra : {})),
});

function show(categories: Category[], gold: boolean) {
  mockFetch([reply(getCategories, { json: { game: 'would_you_rather', gold, pace: 'live', categories } }, { gameType: 'would_you_rather' })]);
  return renderScreen(<CategoryBrowser game="would_you_rather" />, { path: '/games/would_you_rather/categories', others: ['/pricing'] });
}

describe('CategoryBrowser', () => {
  it('on the free plan: what the couple can play first, then one line per category behind Gold', async () => {
    show(
      [
        category('date', 'Date Nights', ['gold', 'gold', 'gold']),
        category('everyday', 'Everyday Life', ['open', 'gold', 'gold'], { free: true }),
        category('deep', 'Deep Thoughts', ['gold', 'gold', 'gold']),
      ],
      false,
    );
    const start = await screen.findByRole('link', { name: 'Start Game: everyday 1' });
    expect(start.getAttribute('href')).toBe('/games/would_you_rather/create/everyday-1?pace=live');
    // The only tile on the page is the one they can play.
    expect(screen.getAllByRole('list', { name: /levels$/ })).toHaveLength(1);
    expect(screen.queryByText('Gold')).toBeNull();
    expect(screen.getByRole('link', { name: 'Everyday Life: 2 more levels with Lifetime Gold' }).getAttribute('href')).toBe('/pricing');

    const headings = screen.getAllByRole('heading').map((h) => h.textContent);
    expect(headings.indexOf('Everyday Life')).toBeLessThan(headings.indexOf('More with Lifetime Gold'));
    const locked = within(screen.getByRole('list', { name: 'Categories with Lifetime Gold' })).getAllByRole('listitem');
    expect(locked.map((li) => li.textContent)).toEqual(['Date Nights3 levels with Lifetime Gold', 'Deep Thoughts3 levels with Lifetime Gold']);
    expect(screen.getByRole('link', { name: 'Date Nights: 3 levels with Lifetime Gold' }).getAttribute('href')).toBe('/pricing');
    expect(screen.getByRole('link', { name: 'Date Nights' }).getAttribute('href')).toBe('/games/would_you_rather/categories/date?pace=live');
  });

  it('with Gold: every level a tile in one row that scrolls on a phone and is three columns from sm; a chained lock is no link', async () => {
    show([category('everyday', 'Everyday Life', ['open', 'open', 'progress'], { completed: true })], true);
    const row = await screen.findByRole('list', { name: 'Everyday Life levels' });
    expect(row.className).toContain('snap-x');
    expect(row.className).toContain('overflow-x-auto');
    expect(row.className).toContain('sm:grid-cols-3');
    const tiles = within(row).getAllByRole('listitem');
    expect(tiles).toHaveLength(3);
    expect(
      within(tiles[0])
        .getAllByRole('link')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Start Game: everyday 1']);
    expect(within(tiles[1]).getByRole('link').getAttribute('href')).toBe('/games/would_you_rather/create/everyday-2?pace=live');
    expect(within(tiles[2]).queryByRole('link')).toBeNull();
    within(tiles[2]).getByText('Complete level 2 to unlock');
    expect(screen.queryByText(/with Lifetime Gold/)).toBeNull();
  });
});
