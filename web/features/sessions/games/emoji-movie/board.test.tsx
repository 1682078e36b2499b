import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SnapshotOf } from '@core/contracts/sessions';
import { MISSING_ANSWER_DATA } from '@core/error-codes';
import { noAnswers, snapshotOf } from '../../board/board-fixtures';
import { EmojiMovieBoard } from './board';

const confetti = vi.hoisted(() => vi.fn());
vi.mock('canvas-confetti', () => ({ default: { create: () => confetti } }));

type Emoji = SnapshotOf<'emoji_movie'>;
const hidden = { id: 'i1', position: 0, payload: { emoji_sequence: '🦁👑' } };
const shown = { ...hidden, payload: { emoji_sequence: '🦁👑', movie_title: 'The Lion King' } };
const snapshot = (current: Emoji['current'], answers: Emoji['answers'] = noAnswers) => snapshotOf('emoji_movie', current, { answers });

function board(snap: Emoji, extra: { sending?: unknown; kept?: unknown } = {}) {
  const onAnswer = vi.fn();
  const props = { snapshot: snap, current: snap.current!, onAnswer, sending: extra.sending, kept: extra.kept, readOnly: false, partnerPresent: true };
  const view = render(<EmojiMovieBoard {...props} />);
  return {
    onAnswer,
    rerender: (next: Emoji, more: { sending?: unknown } = {}) => view.rerender(<EmojiMovieBoard {...props} snapshot={next} current={next.current!} sending={more.sending} />),
  };
}

describe('EmojiMovieBoard', () => {
  it('shows the sequence and no title before answering; Enter submits the trimmed title, and the input locks', async () => {
    const user = userEvent.setup();
    const { onAnswer, rerender } = board(snapshot(hidden));
    expect(screen.getByLabelText('Emoji clue: 🦁👑').textContent).toBe('🦁👑');
    expect(document.body.textContent).not.toContain('Lion King');
    const input = screen.getByLabelText<HTMLInputElement>('Movie title');
    await user.type(input, '  the lion king {Enter}');
    expect(onAnswer).toHaveBeenCalledExactlyOnceWith('the lion king');

    rerender(snapshot(hidden), { sending: 'the lion king' });
    expect(input.readOnly).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /Submit Answer/ }).disabled).toBe(true);

    rerender(snapshot(shown, { ...noAnswers, mine: 'the lion king' }));
    expect(input.readOnly).toBe(true);
    expect(input.value).toBe('the lion king');
    await user.type(input, 'x{Enter}');
    expect(onAnswer).toHaveBeenCalledOnce();
  });

  it('keeps Submit Answer closed until there is a title, so nobody meets the server’s missing-answer text', async () => {
    const user = userEvent.setup();
    const { onAnswer } = board(snapshot(hidden));
    const submit = screen.getByRole<HTMLButtonElement>('button', { name: /Submit Answer/ });
    expect(submit.disabled).toBe(true);
    const input = screen.getByLabelText('Movie title');
    await user.type(input, '   {Enter}');
    expect(submit.disabled).toBe(true);
    expect(onAnswer).not.toHaveBeenCalled();
    expect(document.body.textContent).not.toContain(MISSING_ANSWER_DATA);

    await user.type(input, 'Up');
    expect(submit.disabled).toBe(false);
    await user.click(submit);
    expect(onAnswer).toHaveBeenCalledExactlyOnceWith('Up');
  });

  it('says Correct! once the server’s view says so, with confetti, then both answers', () => {
    confetti.mockClear();
    const { rerender } = board(snapshot(hidden));
    expect(screen.queryByText('Correct!')).toBeNull();
    rerender(snapshot(shown, { ...noAnswers, mine: 'the lion king' }));
    screen.getByText('Correct!');
    screen.getByText('Waiting for your partner to answer...');
    expect(confetti).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ particleCount: 100 }));

    rerender(snapshot(shown, { mine: 'the lion king', partner: 'Madagascar', partnerAnswered: true, bothAnswered: true }));
    const both = screen.getByLabelText('Both answers');
    expect(both.textContent).toContain('Your answer');
    expect(both.textContent).toContain("Hana's answer");
    expect(both.textContent).toContain('Madagascar');
    expect(confetti).toHaveBeenCalledOnce();
  });

  it('says Not quite! with the title for a wrong answer, and no confetti', () => {
    confetti.mockClear();
    const { rerender } = board(snapshot(hidden));
    rerender(snapshot(shown, { ...noAnswers, mine: 'Madagascar' }));
    screen.getByText('Not quite!');
    screen.getByText('The Lion King');
    expect(confetti).not.toHaveBeenCalled();
  });

  it('fires no confetti on a reload that finds the answer already correct', () => {
    confetti.mockClear();
    board(snapshot(shown, { ...noAnswers, mine: 'The Lion King' }));
    screen.getByText('Correct!');
    expect(confetti).not.toHaveBeenCalled();
  });
});
