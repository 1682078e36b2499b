import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { GAME_TYPES } from '@core/games';
import { snapshotOf } from './board-fixtures';
import { CoupleQuizBoard } from './couple-quiz-board';
import { EmojiMovieBoard } from './emoji-movie-board';
import { type Boards, boards, GameBoard } from './game-board';
import { QuestionsBoard } from './questions-board';

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

describe('the boards', () => {
  it('have one for every game type, and a game type without a board does not compile', () => {
    // @ts-expect-error Would You Rather has no board here: `Boards` is keyed by every game type.
    const missingOne: Boards = { questions: QuestionsBoard, emoji_movie: EmojiMovieBoard, couple_quiz: CoupleQuizBoard };
    expect(Object.keys(missingOne)).toHaveLength(GAME_TYPES.length - 1);
    expect(Object.keys(boards).sort()).toEqual([...GAME_TYPES].sort());
  });
});
