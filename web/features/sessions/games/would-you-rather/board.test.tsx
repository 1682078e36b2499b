import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotOf } from '@core/contracts/sessions';
import { KEYBOARD_QUERY } from '@/components/ui/keyboard-hint';
import { noAnswers, snapshotOf } from '../../board/board-fixtures';
import { GameBoard } from '../../board/game-board';

// A mouse's screen: the keyboard hint is one of the lines about changing a pick.
beforeEach(() => vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === KEYBOARD_QUERY, media: query, addEventListener() {}, removeEventListener() {} })));
afterEach(() => vi.unstubAllGlobals());

const shared = { onAnswer: vi.fn(), sending: undefined, kept: undefined, readOnly: false, partnerPresent: true };
const wyr = (answers: SnapshotOf<'would_you_rather'>['answers']) =>
  ({
    ...snapshotOf('questions', null),
    game: 'would_you_rather',
    current: { id: 'w1', position: 0, payload: { option_a: 'Tea', option_b: 'Coffee' } },
    answers,
  }) as unknown as SnapshotOf<'would_you_rather'>;
const picked = { ...noAnswers, mine: 'a' as const };
const revealed = { mine: 'a' as const, partner: 'b' as const, partnerAnswered: true, bothAnswered: true };
const hints = () => [screen.queryByText('You can still change your pick.'), screen.queryByText(/^Keyboard: press 1 or A/)];

describe('Would You Rather: the reveal', () => {
  it('names both picks in the frame it comes; a frame later the labels pop in, and the lines about changing a pick and the waiting heart go', async () => {
    const { rerender } = render(<GameBoard snapshot={wyr(picked)} {...shared} />);
    expect(hints().every(Boolean)).toBe(true);

    rerender(<GameBoard snapshot={wyr(revealed)} {...shared} />);
    expect(screen.getByRole('status').textContent).toBe('You chose “Tea”. Hana chose “Coffee”.');
    expect(screen.getByRole('button', { name: /^Option B:/ }).getAttribute('aria-disabled')).toBe('true');
    // The frame of the reveal changes the partner's card's colours and that line only: not the cursor, the letter
    // badge or the line's colour, which restyle everything inside them.
    const optionB = () => screen.getByRole('button', { name: /^Option B:/ });
    expect(optionB().className).toContain('bg-gold-soft');
    expect(optionB().className).toContain('cursor-pointer');
    expect(optionB().querySelector('span[aria-hidden]')?.className).toContain('bg-brand-soft');
    expect(screen.getByRole('status').className).toContain('text-ink-muted');
    expect(hints().every(Boolean)).toBe(true);
    expect(screen.queryByText("Partner's Choice")).toBeNull();
    expect(screen.getByRole('status').querySelector('svg.animate-heartbeat')).not.toBeNull();
    await vi.waitFor(() => expect(hints()).toEqual([null, null]));
    expect(screen.getByRole('status').querySelector('svg')).toBeNull();
    expect(screen.getByRole('button', { name: /^Option B:/ }).textContent).toContain("Partner's Choice");
    expect(screen.getByRole('button', { name: /^Option A:/ }).textContent).toContain('Your Choice');
    expect(optionB().className).toContain('cursor-default');
    expect(optionB().querySelector('span[aria-hidden]')?.className).toContain('bg-surface');
    expect(screen.getByRole('status').className).not.toContain('text-ink-muted');
  });

  it('shows its labels and none of those lines when it loads revealed', () => {
    render(<GameBoard snapshot={wyr(revealed)} {...shared} />);
    expect(screen.getByRole('status').textContent).toContain('Hana chose “Coffee”.');
    expect(screen.getByRole('button', { name: /^Option B:/ }).textContent).toContain("Partner's Choice");
    expect(hints()).toEqual([null, null]);
  });

  it('says both chose it, a frame after the reveal, when they did', async () => {
    const { rerender } = render(<GameBoard snapshot={wyr(picked)} {...shared} />);
    rerender(<GameBoard snapshot={wyr({ ...revealed, partner: 'a' })} {...shared} />);
    expect(screen.getByRole('status').textContent).toBe('You both chose “Tea”!');
    await vi.waitFor(() => expect(screen.getByRole('button', { name: /^Option A:/ }).textContent).toContain('Both Chose This!'));
    expect(screen.queryByText('Your Choice')).toBeNull();
  });
});

describe('Would You Rather: the tap', () => {
  it('has no style of its own for the press: the picked colours are the answer to a tap', () => {
    render(<GameBoard snapshot={wyr(noAnswers)} {...shared} />);
    const options = screen.getAllByRole('button', { name: /^Option [AB]:/ });
    expect(options).toHaveLength(2);
    // A press style (Tailwind's `active:` variant) is restyled and painted as the finger lifts, before the tap's
    // answer can leave (docs/decisions/041-partner-paint.md).
    for (const option of options) expect(option.className.split(/\s+/).filter((c) => c.startsWith('active:'))).toEqual([]);
  });
});
