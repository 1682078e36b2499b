import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotOf } from '@core/contracts/sessions';
import { KEYBOARD_QUERY } from '@/components/ui/keyboard-hint';
import { noAnswers, snapshotOf } from './board-fixtures';
import { GameBoard } from './game-board';

vi.mock('canvas-confetti', () => ({ default: { create: () => vi.fn() } }));

/** A screen whose pointer is a mouse (a keyboard at hand) or a finger, whatever its width. */
function pointer(kind: 'mouse' | 'touch') {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === KEYBOARD_QUERY && kind === 'mouse',
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}
afterEach(() => vi.unstubAllGlobals());

const shared = { onAnswer: vi.fn(), sending: undefined, kept: undefined, readOnly: false, partnerPresent: true };
const wyr = {
  ...snapshotOf('questions', null),
  game: 'would_you_rather',
  current: { id: 'w1', position: 0, payload: { option_a: 'Tea', option_b: 'Coffee' } },
  answers: noAnswers,
} as unknown as SnapshotOf<'would_you_rather'>;
const boards = [
  { game: 'Would You Rather', snapshot: wyr, hint: /^Keyboard: press 1 or A/ },
  {
    game: 'Couple Quiz',
    snapshot: snapshotOf('couple_quiz', { id: 'q1', position: 0, payload: { question: 'Tea?', options: ['Yes', 'No', 'Maybe'] } }),
    hint: /^Keyboard: arrow keys or 1–3/,
  },
  { game: 'questions', snapshot: snapshotOf('questions', { id: 't1', position: 0, payload: { text: 'What made you smile today?' } }), hint: /\+Enter to send\.$/ },
];

describe('keyboard hints', () => {
  it.each(boards)('$game: shown where a mouse or trackpad says there is a keyboard', ({ snapshot, hint }) => {
    pointer('mouse');
    render(<GameBoard snapshot={snapshot} {...shared} />);
    screen.getByText(hint);
  });

  it.each(boards)('$game: left out on a touch screen, and nothing points at it', ({ snapshot, hint }) => {
    pointer('touch');
    const { container } = render(<GameBoard snapshot={snapshot} {...shared} />);
    // The board itself is there: the missing hint is not an empty page's.
    screen.getByRole('heading', { level: 2 });
    expect(screen.queryByText(hint)).toBeNull();
    const ids = new Set([...container.querySelectorAll('[id]')].map((el) => el.id));
    const described = [...container.querySelectorAll('[aria-describedby]')].flatMap((el) => el.getAttribute('aria-describedby')!.split(' '));
    expect(described.filter((id) => !ids.has(id))).toEqual([]);
  });
});
