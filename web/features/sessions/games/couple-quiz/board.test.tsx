import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SnapshotOf } from '@core/contracts/sessions';
import { advanceLabel } from '../../board/game-board';
import { noAnswers, snapshotOf } from '../../board/board-fixtures';
import { CoupleQuizBoard } from './board';

const confetti = vi.hoisted(() => vi.fn());
vi.mock('canvas-confetti', () => ({ default: { create: () => confetti } }));

type Quiz = SnapshotOf<'couple_quiz'>;
const options = ['Roses and books', 'Rings and letters', 'Oranges and candles', 'Chocolates and wine'];
const question = 'On Sant Jordi’s Day, which two gifts do sweethearts swap?';
const hidden = { id: 'q1', position: 0, payload: { question, options } };
const shown = { ...hidden, payload: { question, options, correct_answer: 'Roses and books', explanation: 'Catalonia’s day of books and roses.' } };
const snapshot = (current: Quiz['current'], answers: Quiz['answers'] = noAnswers, currentIndex = 0) =>
  snapshotOf('couple_quiz', current, { answers, currentIndex, role: 'partner' });

function board(snap: Quiz, { partnerPresent = true } = {}) {
  const onAnswer = vi.fn();
  const props = { snapshot: snap, current: snap.current!, onAnswer, sending: undefined, kept: undefined, readOnly: false, partnerPresent };
  const view = render(<CoupleQuizBoard {...props} />);
  return { onAnswer, rerender: (next: Quiz, sending?: unknown) => view.rerender(<CoupleQuizBoard {...props} snapshot={next} current={next.current!} sending={sending} />) };
}

const radio = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name: new RegExp(name) });

describe('CoupleQuizBoard', () => {
  it('needs a selected option; 1–4 and the arrows pick, Enter submits', async () => {
    const user = userEvent.setup();
    const { onAnswer } = board(snapshot(hidden));
    expect(document.body.textContent).not.toContain('Catalonia');
    const submit = screen.getByRole<HTMLButtonElement>('button', { name: 'Submit Answer' });
    expect(submit.disabled).toBe(true);

    await user.keyboard('3');
    expect(radio('Oranges').checked).toBe(true);
    expect(document.activeElement).toBe(radio('Oranges'));
    await user.keyboard('{ArrowDown}');
    expect(radio('Chocolates').checked).toBe(true);
    await user.keyboard('1');
    expect(radio('Roses').checked).toBe(true);
    expect(submit.disabled).toBe(false);
    await user.keyboard('{Enter}');
    expect(onAnswer).toHaveBeenCalledExactlyOnceWith('Roses and books');
  });

  it('needs a connected partner: with them away an option can be picked, but neither Submit nor Enter sends', async () => {
    const user = userEvent.setup();
    const { onAnswer } = board(snapshot(hidden), { partnerPresent: false });
    await user.keyboard('2');
    expect(radio('Rings').checked).toBe(true);
    const submit = screen.getByRole<HTMLButtonElement>('button', { name: 'Submit Answer' });
    expect(submit.disabled).toBe(true);
    expect(submit.getAttribute('aria-describedby')).toBeTruthy();
    screen.getByText(/Hana needs to be here to answer/);
    await user.keyboard('{Enter}');
    expect(onAnswer).not.toHaveBeenCalled();
  });

  it('locks once sent, then shows the correct answer with its explanation and confetti for a right answer', async () => {
    const user = userEvent.setup();
    confetti.mockClear();
    const { onAnswer, rerender } = board(snapshot(hidden));
    await user.click(radio('Roses'));
    await user.click(screen.getByRole('button', { name: 'Submit Answer' }));
    expect(onAnswer).toHaveBeenCalledOnce();

    rerender(snapshot(hidden), 'Roses and books');
    expect(screen.queryByRole('button', { name: 'Submit Answer' })).toBeNull();
    await user.keyboard('2');
    expect(radio('Roses').checked).toBe(true);

    rerender(snapshot(shown, { ...noAnswers, mine: 'Roses and books' }));
    screen.getByText('Correct!');
    screen.getByText('Catalonia’s day of books and roses.');
    expect(confetti).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ particleCount: 80 }));
    screen.getByText('Waiting for your partner to answer...');

    rerender(snapshot(shown, { mine: 'Roses and books', partner: 'Rings and letters', partnerAnswered: true, bothAnswered: true }));
    expect(document.body.textContent).toContain('Hana answered “Rings and letters” (wrong)');
  });

  it('a wrong answer: Not quite!, the correct answer, no confetti', () => {
    confetti.mockClear();
    const { rerender } = board(snapshot(hidden));
    rerender(snapshot(shown, { ...noAnswers, mine: 'Rings and letters' }));
    screen.getByText('Not quite!');
    expect(document.body.textContent).toContain('The correct answer is Roses and books.');
    expect(confetti).not.toHaveBeenCalled();
  });

  it('the host’s button reads Next Question, and Finish Quiz on the last question', () => {
    expect(advanceLabel(snapshot(shown, noAnswers, 0))).toBe('Next Question');
    expect(advanceLabel(snapshot(shown, noAnswers, 9))).toBe('Finish Quiz');
  });
});
