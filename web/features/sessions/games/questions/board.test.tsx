import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SnapshotOf } from '@core/contracts/sessions';
import { advanceLabel } from '../../board/game-board';
import { noAnswers, snapshotOf } from '../../board/board-fixtures';
import { QuestionsBoard } from './board';

type Questions = SnapshotOf<'questions'>;
const item = { id: 'q1', position: 0, payload: { text: 'What is a small thing I do that makes you feel loved?' } };
const secret = 'When you leave the last biscuit for me.';
const snapshot = (answers: Questions['answers'] = noAnswers, extra: { readOnly?: boolean; currentIndex?: number } = {}) =>
  snapshotOf('questions', item, { answers, role: 'partner', ...extra });

function board(snap: Questions, extra: { sending?: unknown; kept?: unknown } = {}) {
  const onAnswer = vi.fn();
  const props = { snapshot: snap, current: snap.current!, onAnswer, sending: extra.sending, kept: extra.kept, readOnly: snap.readOnly, partnerPresent: true };
  const view = render(<QuestionsBoard {...props} />);
  return {
    onAnswer,
    rerender: (next: Questions, more: { sending?: unknown; kept?: unknown } = {}) =>
      view.rerender(<QuestionsBoard {...props} snapshot={next} current={next.current!} readOnly={next.readOnly} sending={more.sending} kept={more.kept} />),
  };
}

const field = () => screen.getByLabelText<HTMLTextAreaElement>('Your answer');
const submit = () => screen.getByRole<HTMLButtonElement>('button', { name: /Submit Answer/ });

describe('QuestionsBoard', () => {
  it('shows the question; Enter is a new line, Ctrl+Enter sends the trimmed answer, and it shows as sent', async () => {
    const user = userEvent.setup();
    const { onAnswer, rerender } = board(snapshot());
    screen.getByRole('heading', { name: item.payload.text });
    expect(submit().disabled).toBe(true);

    await user.type(field(), '  Your laugh{Enter}and your coffee  ');
    expect(field().value).toBe('  Your laugh\nand your coffee  ');
    expect(onAnswer).not.toHaveBeenCalled();
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(onAnswer).toHaveBeenCalledExactlyOnceWith('Your laugh\nand your coffee');

    rerender(snapshot(), { sending: 'Your laugh\nand your coffee' });
    expect(screen.queryByLabelText('Your answer')).toBeNull();
    screen.getByText('Sending…');

    rerender(snapshot({ ...noAnswers, mine: 'Your laugh\nand your coffee' }));
    screen.getByText('Sent');
    expect(screen.getByRole('status').textContent).toBe('Waiting for Hana to answer…');
  });

  it('cannot send a blank answer, by the button or the keyboard', async () => {
    const user = userEvent.setup();
    const { onAnswer } = board(snapshot());
    await user.type(field(), '   {Enter}  ');
    expect(submit().disabled).toBe(true);
    await user.keyboard('{Control>}{Enter}{/Control}');
    await user.click(submit());
    expect(onAnswer).not.toHaveBeenCalled();
  });

  it('counts the characters left from 800 on, and stops at 1,000', async () => {
    const user = userEvent.setup();
    board(snapshot());
    const counter = document.getElementById(field().getAttribute('aria-describedby')!.split(' ')[0])!;
    expect(counter.getAttribute('aria-live')).toBe('polite');
    await user.click(field());
    await user.paste('a'.repeat(799));
    expect(counter.textContent).toBe('');
    await user.type(field(), 'b');
    expect(counter.textContent).toBe('200 characters left');
    await user.paste('c'.repeat(400));
    expect(field().value).toHaveLength(1000);
    expect(counter.textContent).toBe('0 characters left');
  });

  it('an answer can be edited until both have answered: Edit answer sends the new one, Cancel keeps the old', async () => {
    const user = userEvent.setup();
    const { onAnswer, rerender } = board(snapshot({ ...noAnswers, mine: 'Tea in bed' }));
    await user.click(screen.getByRole('button', { name: 'Edit answer' }));
    expect(field().value).toBe('Tea in bed');
    expect(document.activeElement).toBe(field());
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    screen.getByText('Tea in bed');
    expect(onAnswer).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Edit answer' }));
    await user.type(field(), ', every Sunday');
    await user.click(submit());
    expect(onAnswer).toHaveBeenCalledExactlyOnceWith('Tea in bed, every Sunday');
    rerender(snapshot({ ...noAnswers, mine: 'Tea in bed, every Sunday', partnerAnswered: false }));
    screen.getByText('Tea in bed, every Sunday');

    rerender(snapshot({ mine: 'Tea in bed, every Sunday', partner: secret, partnerAnswered: true, bothAnswered: true }));
    expect(screen.queryByRole('button', { name: 'Edit answer' })).toBeNull();
    expect(screen.queryByLabelText('Your answer')).toBeNull();
  });

  it('reveals both answers with both names once both have answered', () => {
    board(snapshot({ mine: 'Tea in bed', partner: secret, partnerAnswered: true, bothAnswered: true }));
    const both = screen.getByLabelText('Both answers');
    // Each name follows its (decorative) initials.
    const names = within(both).getAllByRole('term');
    expect(names).toHaveLength(2);
    expect(names[0].textContent).toMatch(/You$/);
    expect(names[1].textContent).toMatch(/Hana$/);
    const texts = within(both)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(texts).toEqual(['Tea in bed', secret]);
  });

  it('never shows the partner’s answer before the viewer has answered, even if it were sent', () => {
    // The server sends it only once both answered; a snapshot that says otherwise still keeps it off the screen.
    const { rerender } = board(snapshot({ mine: null, partner: secret, partnerAnswered: true, bothAnswered: false }));
    expect(document.body.textContent).not.toContain(secret);
    expect(screen.getByRole('status').textContent).toBe('Hana has answered. Your turn!');
    rerender(snapshot({ mine: 'Tea in bed', partner: secret, partnerAnswered: true, bothAnswered: false }));
    expect(document.body.textContent).not.toContain(secret);
  });

  it('keeps an answer given offline on the page as not sent yet', () => {
    board(snapshot(), { kept: 'Tea in bed' });
    screen.getByText('Not sent yet');
    expect(screen.getByRole('status').textContent).toBe("Saved. It will be sent when you're back online.");
  });

  it('read-only: the answers show, nothing can be written or edited', () => {
    const { rerender } = board(snapshot({ ...noAnswers, mine: 'Tea in bed' }, { readOnly: true }));
    screen.getByText('Tea in bed');
    expect(screen.queryByRole('button', { name: 'Edit answer' })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Hana did not answer this one.');
    rerender(snapshot(noAnswers, { readOnly: true }));
    expect(screen.queryByLabelText('Your answer')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Neither of you answered this one.');
  });

  it('the host’s button reads Next Question, and Finish on the last question', () => {
    expect(advanceLabel(snapshot(noAnswers, { currentIndex: 0 }))).toBe('Next Question');
    expect(advanceLabel(snapshot(noAnswers, { currentIndex: 9 }))).toBe('Finish');
  });
});
