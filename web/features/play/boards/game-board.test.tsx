import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { snapshotOf } from './board-fixtures';
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
