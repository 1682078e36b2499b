import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SessionSnapshot, SnapshotOf } from '@core/contracts/sessions';
import { markGuess } from '@core/contracts/sessions';
import { mockFetch, reply } from '../../../../test/component/fetch-mock';
import { renderScreen } from '../../../../test/component/render';
import { noAnswers, snapshotOf } from './board-fixtures';
import { GameBoard } from './game-board';

/** Guess my answer's one board (docs/product/guess-my-answer.md): Milo plays, Hana is the partner. */
const shared = { sending: undefined, kept: undefined, readOnly: false, partnerPresent: true };

const wyr = (answers: SnapshotOf<'would_you_rather'>['answers'], guess: SnapshotOf<'would_you_rather'>['guess']) =>
  ({
    ...snapshotOf('questions', null, { guessing: true }),
    game: 'would_you_rather',
    current: { id: 'w1', position: 0, payload: { option_a: 'Tea', option_b: 'Coffee' } },
    answers,
    guess,
  }) as unknown as SessionSnapshot;

const question = (opts: Parameters<typeof snapshotOf>[2]) =>
  snapshotOf('questions', { id: 'q1', position: 0, payload: { text: 'What would make a perfect Sunday?' } }, { guessing: true, ...opts }) as SessionSnapshot;

describe('Guess my answer: predicting (Would You Rather)', () => {
  it('takes your pick and your guess of Hana’s, locks both in together, and keeps the guess hidden until she answers', async () => {
    const onAnswer = vi.fn();
    renderScreen(<GameBoard snapshot={wyr(noAnswers, { mine: null, partner: null, mark: null })} onAnswer={onAnswer} {...shared} />);
    const lockIn = screen.getByRole('button', { name: 'Lock in' });
    expect(lockIn.hasAttribute('disabled')).toBe(true);
    const user = userEvent.setup();
    await user.click(screen.getByRole('group', { name: 'Your pick' }).querySelectorAll('label')[0]);
    expect(lockIn.hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('group', { name: 'What will Hana pick?' }).querySelectorAll('label')[1]);
    await user.click(lockIn);
    expect(onAnswer).toHaveBeenCalledWith('a', 'b');
  });

  it('reveals both picks and who guessed right, naming Hana', () => {
    renderScreen(
      <GameBoard snapshot={wyr({ mine: 'a', partner: 'b', partnerAnswered: true, bothAnswered: true }, { mine: 'b', partner: 'b', mark: null })} onAnswer={vi.fn()} {...shared} />,
    );
    expect([...document.querySelectorAll('dl[aria-label="Both picks"] > div')].map((d) => d.textContent)).toEqual(['You choseTea', 'Hana choseCoffee']);
    expect(screen.getByRole('list', { name: 'Who guessed right' }).textContent).toBe(
      'You guessed Hana would pick Coffee: right!Hana guessed you would pick Coffee: not this time.',
    );
    expect(screen.getAllByLabelText('Right')).toHaveLength(1);
    expect(screen.getAllByLabelText('Not this time')).toHaveLength(1);
  });
});

describe('Guess my answer: written (questions)', () => {
  it('asks the host to answer the first item and the guest to guess it', () => {
    const { unmount } = renderScreen(<GameBoard snapshot={question({ role: 'host' })} onAnswer={vi.fn()} {...shared} />);
    expect(screen.getByText('You answer this one. Hana guesses what you wrote.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit Answer' })).toBeTruthy();
    unmount();
    renderScreen(<GameBoard snapshot={question({ role: 'partner' })} onAnswer={vi.fn()} {...shared} />);
    expect(screen.getByText('Hana answers this one in their own words. Guess what they will write.')).toBeTruthy();
    expect(screen.getByLabelText("Your guess of Hana's answer")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit Guess' })).toBeTruthy();
  });

  it('lets the answerer mark the guess once both are in; the guesser sees the mark', async () => {
    const api = mockFetch([reply(markGuess, { json: { live: question({ role: 'host' }) as never } }, { id: 's1' })]);
    const revealed = { mine: 'Pancakes in bed', partner: 'Pancakes', partnerAnswered: true, bothAnswered: true };
    const { unmount } = renderScreen(
      <GameBoard snapshot={question({ role: 'host', answers: revealed, guess: { mine: null, partner: null, mark: null } })} onAnswer={vi.fn()} {...shared} />,
    );
    expect([...document.querySelectorAll('dl[aria-label="The answer and the guess"] > div')].map((d) => d.textContent)).toEqual([
      'Your answerPancakes in bed',
      "Hana's guessPancakes",
    ]);
    const group = screen.getByRole('group', { name: 'How close was Hana?' });
    expect([...group.querySelectorAll('button')].map((b) => [b.textContent, b.getAttribute('aria-pressed')])).toEqual([
      ['Spot on', 'false'],
      ['Close', 'false'],
      ['Not quite', 'false'],
    ]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(api.to(markGuess).map((r) => r.body)).toEqual([{ itemId: 'q1', mark: 'close' }]));
    unmount();

    renderScreen(
      <GameBoard
        snapshot={question({ role: 'partner', answers: { ...revealed, mine: 'Pancakes', partner: 'Pancakes in bed' }, guess: { mine: null, partner: null, mark: 'close' } })}
        onAnswer={vi.fn()}
        {...shared}
      />,
    );
    expect(screen.getByText('Close').closest('p')?.textContent).toBe('Hana marked your guess: Close');
    expect(screen.queryByRole('group', { name: 'How close was Hana?' })).toBeNull();
  });
});
