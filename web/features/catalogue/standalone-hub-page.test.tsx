import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Category, getCategories, type Level } from '@core/contracts/catalogue';
import { mockFetch, reply } from '../../../test/component/fetch-mock';
import { renderScreen } from '../../../test/component/render';
import { StandaloneHubPage } from './standalone-hub-page';

/** /questions on the free plan and with Gold: the cards, their progress and their locks. */
const level = (number: number, lock: Level['lock'], extra: Partial<Level> = {}): Level => ({
  id: `l${number}-${lock}`,
  number,
  play: 'either',
  name: `Level ${number}`,
  description: 'Questions',
  free: false,
  itemCount: 20,
  completed: false,
  lock,
  ...extra,
});
const category = (id: string, name: string, icon: string | null, levels: Level[]): Category => ({ id, slug: id, name, description: `About ${name}`, icon, levels });

const freePlan = [
  category('c1', 'Getting Closer', 'heart', [level(1, 'open', { free: true }), level(2, 'gold'), level(3, 'gold')]),
  category('c2', 'Money Talk', 'wallet', [level(1, 'gold'), level(2, 'gold'), level(3, 'gold')]),
];
const goldPlan = [
  category('c1', 'Getting Closer', 'heart', [level(1, 'open', { free: true, completed: true }), level(2, 'open', { completed: true }), level(3, 'open', { completed: true })]),
  category('c2', 'Money Talk', 'no-such-icon', [level(1, 'open', { completed: true }), level(2, 'open'), level(3, 'progress')]),
];

function show(categories: Category[], gold: boolean) {
  mockFetch([reply(getCategories, { json: { game: 'questions', gold, pace: 'live', categories } }, { gameType: 'questions' })]);
  return renderScreen(<StandaloneHubPage />, { path: '/questions', others: ['/questions/categories/:id', '/pricing'] });
}

const card = async (name: string) => (await screen.findByRole('link', { name })).closest('article') as HTMLElement;

describe('/questions', () => {
  it('on the free plan: the banner, the free category open, the others behind Gold; a locked card still opens its levels', async () => {
    const user = userEvent.setup();
    const { router } = show(freePlan, false);
    const list = await screen.findByRole('list', { name: 'Question categories' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Get Lifetime Gold' }).getAttribute('href')).toBe('/pricing');

    const free = await card('Getting Closer');
    within(free).getByText('Free');
    within(free).getByText('0 of 3 levels completed');
    const locked = await card('Money Talk');
    within(locked).getByText('Gold');
    expect(screen.getByRole('link', { name: 'Money Talk' }).getAttribute('aria-describedby')).toBeTruthy();

    await user.click(screen.getByRole('link', { name: 'Money Talk' }));
    expect(router.state.location.pathname).toBe('/questions/categories/c2');
  });

  it('with Gold: progress per category, Completed when all are done, and an icon for a name the map does not know', async () => {
    show(goldPlan, true);
    const done = await card('Getting Closer');
    within(done).getByText('Completed');
    within(done).getByText('3 of 3 levels completed');
    const under = await card('Money Talk');
    within(under).getByText('1 of 3 levels completed');
    expect(within(under).queryByText('Gold')).toBeNull();
    expect(under.querySelector('svg')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Get Lifetime Gold' })).toBeNull();
  });
});
