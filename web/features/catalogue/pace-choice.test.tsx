import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Category, getCategories } from '@core/contracts/catalogue';
import type { Pace } from '@core/contracts/common';
import { mockFetch, reply } from '../../../test/component/fetch-mock';
import { renderScreen } from '../../../test/component/render';
import { CategoryBrowser } from './category-browser';
import { LevelsPage } from './levels-page';
import { StandaloneHubPage } from './standalone-hub-page';

/** Two ways to play (docs/product/sessions-and-games.md#at-your-own-pace): the couple's last choice first, carried by every level link. */
const everyday: Category = {
  id: 'everyday',
  slug: 'everyday',
  name: 'Everyday Life',
  description: 'Small choices',
  icon: null,
  levels: [{ id: 'l1', number: 1, name: 'Warm Up', description: 'Easy ones', free: true, itemCount: 10, completed: false, lock: 'open', play: 'either' }],
};

function catalogue(game: 'would_you_rather' | 'questions', pace: Pace) {
  mockFetch([reply(getCategories, { json: { game, gold: true, pace, categories: [everyday] } }, { gameType: game })]);
}

const choice = () => screen.findByRole('group', { name: 'How do you want to play?' });

describe('the pace choice', () => {
  it("preselects the couple's last choice and carries it, and a new one, into each level's link", async () => {
    const user = userEvent.setup();
    catalogue('would_you_rather', 'own');
    const { router } = renderScreen(<CategoryBrowser game="would_you_rather" />, { path: '/games/would_you_rather/categories' });
    const group = await choice();
    const own = within(group).getByRole('radio', { name: 'At your own pace' }) as HTMLInputElement;
    const together = within(group).getByRole('radio', { name: 'Together now' }) as HTMLInputElement;
    expect(own.checked).toBe(true);
    expect(together.checked).toBe(false);
    screen.getByText("Answer when it suits you; see each answer once you've both given it");
    expect(screen.getByRole('link', { name: 'Start Game: Warm Up' }).getAttribute('href')).toBe('/games/would_you_rather/create/l1?pace=own');
    expect(screen.getByRole('link', { name: 'Everyday Life' }).getAttribute('href')).toBe('/games/would_you_rather/categories/everyday?pace=own');

    await user.click(together);
    expect(together.checked).toBe(true);
    screen.getByText('Both on screen, one question at a time');
    expect(screen.getByRole('link', { name: 'Start Game: Warm Up' }).getAttribute('href')).toBe('/games/would_you_rather/create/l1?pace=live');
    // The page's own address keeps it, so coming back to it keeps the choice.
    expect(router.state.location.search).toBe('?pace=live');
  });

  it("on a category's levels: the address's choice wins over the remembered one", async () => {
    catalogue('would_you_rather', 'live');
    renderScreen(<LevelsPage />, { path: '/games/would_you_rather/categories/everyday?pace=own', route: '/games/:gameType/categories/:categoryId' });
    const group = await choice();
    expect((within(group).getByRole('radio', { name: 'At your own pace' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('link', { name: 'Start Game: Warm Up' }).getAttribute('href')).toBe('/games/would_you_rather/create/l1?pace=own');
  });

  it('on /questions: each category card carries the choice to its levels', async () => {
    const user = userEvent.setup();
    catalogue('questions', 'live');
    renderScreen(<StandaloneHubPage />, { path: '/questions' });
    const group = await choice();
    expect((within(group).getByRole('radio', { name: 'Together now' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('link', { name: 'Everyday Life' }).getAttribute('href')).toBe('/questions/categories/everyday?pace=live');
    await user.click(within(group).getByRole('radio', { name: 'At your own pace' }));
    expect(screen.getByRole('link', { name: 'Everyday Life' }).getAttribute('href')).toBe('/questions/categories/everyday?pace=own');
  });
});
