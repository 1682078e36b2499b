import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Level } from '@core/contracts/catalogue';
import { renderScreen } from '../../../test/component/render';
import { LevelCard } from './level-card';

const level = (number: number): Level => ({
  id: `l${number}`,
  number,
  name: 'Warm Up',
  description: 'Easy ones',
  free: true,
  itemCount: 20,
  completed: false,
  lock: 'open',
  play: 'either',
});

describe('LevelCard', () => {
  it('for questions: the depth beside the stars, and Start', () => {
    renderScreen(
      <>
        <LevelCard game="questions" categoryId="c1" pace="live" level={level(1)} />
        <LevelCard game="questions" categoryId="c1" pace="live" level={level(3)} />
      </>,
    );
    screen.getByText('Light');
    screen.getByText('Deepest');
    const start = screen.getAllByRole('link', { name: 'Start: Warm Up' });
    expect(start).toHaveLength(2);
    expect(start[0].textContent?.trim()).toBe('Start');
    expect(start[0].getAttribute('href')).toBe('/questions/create/l1?pace=live');
    expect(screen.getAllByText('20 questions')).toHaveLength(2);
  });

  it('for a game: Start Game, no depth', () => {
    renderScreen(<LevelCard game="would_you_rather" categoryId="c1" pace="live" level={level(1)} />);
    expect(screen.getByRole('link', { name: 'Start Game: Warm Up' }).textContent?.trim()).toBe('Start Game');
    expect(screen.queryByText('Light')).toBeNull();
  });

  it('behind Gold: the whole card links to /pricing as Get Lifetime Gold; behind the previous level: no link', () => {
    renderScreen(
      <>
        <LevelCard game="would_you_rather" categoryId="c1" pace="live" level={{ ...level(2), free: false, lock: 'gold' }} />
        <LevelCard game="would_you_rather" categoryId="c1" pace="live" level={{ ...level(3), free: false, lock: 'progress' }} />
      </>,
    );
    const gold = screen.getByRole('link', { name: 'Get Lifetime Gold to play Warm Up' });
    expect(gold.getAttribute('href')).toBe('/pricing');
    expect(gold.className).toContain('after:inset-0');
    expect(screen.getAllByRole('link')).toHaveLength(1);
    screen.getByText('Complete level 2 to unlock');
  });
});
