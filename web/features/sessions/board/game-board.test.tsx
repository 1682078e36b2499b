import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { GAME_TYPES } from '@core/games';
import { snapshotOf } from './board-fixtures';
import { type GameModules, gameModules } from '../games';
import { coupleQuiz } from '../games/couple-quiz';
import { emojiMovie } from '../games/emoji-movie';
import { questions } from '../games/questions';
import { GameBoard } from './game-board';

vi.mock('canvas-confetti', () => ({ default: { create: () => vi.fn() } }));

const item = (id: string, question: string) => ({ id, position: 0, payload: { question, options: ['Yes', 'No', 'Maybe'] } });
const shared = { onAnswer: vi.fn(), sending: undefined, kept: undefined, readOnly: false, partnerPresent: true };

describe('GameBoard', () => {
  it('moves focus to the new question when Next took it away, though each item mounts its own board', () => {
    const view = render(<GameBoard snapshot={snapshotOf('couple_quiz', item('q1', 'First?'))} {...shared} />);
    const first = screen.getByRole('heading', { name: 'First?' });
    // The first question shown takes no focus: the page keeps where the player is.
    expect(document.activeElement).not.toBe(first);
    (document.activeElement as HTMLElement | null)?.blur();
    view.rerender(<GameBoard snapshot={snapshotOf('couple_quiz', item('q2', 'Second?'), { currentIndex: 1 })} {...shared} />);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Second?' }));
  });
});

describe("the games' web modules", () => {
  it('have one for every game type, and a game type without one does not compile', () => {
    // @ts-expect-error Would You Rather has no module here: `GameModules` is keyed by every game type.
    const missingOne: GameModules = { questions, emoji_movie: emojiMovie, couple_quiz: coupleQuiz };
    expect(Object.keys(missingOne)).toHaveLength(GAME_TYPES.length - 1);
    expect(Object.keys(gameModules).sort()).toEqual([...GAME_TYPES].sort());
  });
});
