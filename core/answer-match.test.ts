import { describe, expect, it } from 'vitest';
import { matchesTitle, normaliseTitle } from './answer-match';

describe('film title matching', () => {
  it('accepts what a player would type for the title', () => {
    for (const typed of ['The Matrix', 'the matrix', 'Matrix', '  MATRIX!!', 'matrix.', 'THE   MATRIX']) expect(matchesTitle(typed, 'The Matrix'), typed).toBe(true);
  });

  it('ignores diacritics, punctuation, "&" against "and", and a leading A or An', () => {
    expect(matchesTitle('Amelie', 'Amélie')).toBe(true);
    expect(matchesTitle('amélie', 'Amelie')).toBe(true);
    expect(matchesTitle('Fast and Furious', 'Fast & Furious')).toBe(true);
    expect(matchesTitle('fast & furious', 'Fast and Furious')).toBe(true);
    expect(matchesTitle('Beautiful Mind', 'A Beautiful Mind')).toBe(true);
    expect(matchesTitle('an american in paris', 'An American in Paris')).toBe(true);
    expect(matchesTitle('American in Paris', 'An American in Paris')).toBe(true);
    expect(matchesTitle('Schindlers List', "Schindler's List")).toBe(true);
    expect(matchesTitle('Spider Man', 'Spider-Man')).toBe(true);
    expect(matchesTitle('WALL·E', 'WALL-E')).toBe(true);
    expect(matchesTitle('Mamma Mia', 'Mamma Mia!')).toBe(true);
  });

  it('accepts alternate titles only when the item lists them', () => {
    expect(matchesTitle('Mission Impossible', 'Mission: Impossible – Fallout')).toBe(false);
    expect(matchesTitle('Mission Impossible', 'Mission: Impossible – Fallout', ['Mission: Impossible'])).toBe(true);
    expect(matchesTitle('star wars', 'Star Wars: A New Hope')).toBe(false);
    expect(matchesTitle('star wars', 'Star Wars: A New Hope', ['Star Wars'])).toBe(true);
  });

  it('keeps a wrong title wrong', () => {
    expect(matchesTitle('The Matrix Reloaded', 'The Matrix')).toBe(false);
    expect(matchesTitle('Lion King', 'The Matrix')).toBe(false);
    expect(matchesTitle('The', 'The Matrix')).toBe(false);
    expect(matchesTitle('!!!', 'The Matrix')).toBe(false);
    expect(matchesTitle('Matri', 'The Matrix')).toBe(false);
    expect(matchesTitle('Up', 'Us')).toBe(false);
  });

  it('keeps a title that is only an article', () => {
    // "A" alone stays "a": only a leading article followed by more is dropped.
    expect(normaliseTitle('A')).toBe('a');
    expect(normaliseTitle('The Thing')).toBe('thing');
    expect(matchesTitle('thing', 'The Thing')).toBe(true);
  });
});
