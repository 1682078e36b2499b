import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Category } from '@core/contracts/catalogue';
import { renderScreen } from '../../../test/component/render';
import { CategoryDone, nextUnfinished } from './category-done';

const category = (id: string, done: boolean[]): Category => ({
  id,
  slug: id,
  name: `Cat ${id}`,
  description: '',
  icon: null,
  levels: done.map((completed, i) => ({
    id: `${id}${i}`,
    number: i + 1,
    name: `L${i + 1}`,
    description: '',
    free: false,
    itemCount: 10,
    completed,
    lock: 'open',
    play: 'ordinary',
  })),
});

describe('CategoryDone', () => {
  const list = [category('a', [true, true, true]), category('b', [true, true, true]), category('c', [true, false, false]), category('d', [false, false, false])];

  it('says nothing while a level is left', () => {
    renderScreen(<CategoryDone game="would_you_rather" categories={list} category={list[2]} />);
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('tells a couple who finished every level, and offers the next unfinished category after it', () => {
    renderScreen(<CategoryDone game="would_you_rather" categories={list} category={list[0]} />);
    screen.getByRole('heading', { name: 'You’ve completed every level of Cat a!' });
    expect(screen.getByRole('link', { name: /Try Cat c/ }).getAttribute('href')).toBe('/games/would_you_rather/categories/c');
  });

  it('wraps round the list, and says so when every category is done', () => {
    expect(nextUnfinished(list, list[1])?.id).toBe('c');
    const finished = [category('x', [true]), category('y', [true])];
    expect(nextUnfinished(finished, finished[1])).toBeNull();
    renderScreen(<CategoryDone game="couple_quiz" categories={finished} category={finished[1]} />);
    screen.getByText(/you’ve finished every category/);
    expect(screen.queryByRole('link')).toBeNull();
  });
});
