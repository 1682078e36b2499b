import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { snapshotOf } from './board/board-fixtures';
import { CompletionDialog } from './completion-dialog';

vi.mock('canvas-confetti', () => ({ default: { create: () => vi.fn() } }));

describe('CompletionDialog', () => {
  it("has the game's title and no second line that says it again", async () => {
    const snapshot = snapshotOf('couple_quiz', null);
    render(
      <MemoryRouter>
        <CompletionDialog snapshot={{ ...snapshot, session: { ...snapshot.session, status: 'completed' } }} meId="u-me" open onOpenChange={() => {}} />
      </MemoryRouter>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Couple Quiz Complete!' });
    expect(within(dialog).getByText(/You finished/).textContent).toBe('You finished Level one in Category, together.');
    expect(within(dialog).queryByText('Level Complete!')).toBeNull();
    expect(within(dialog).getByRole('link', { name: 'Return to Level Selection' }).getAttribute('href')).toBe('/games/couple_quiz/categories/c1');
  });
});
