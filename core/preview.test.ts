import { describe, expect, it } from 'vitest';
import { matchesTitle } from './answer-match';
import { movieRounds } from './preview-content';
import { isNonBlank, movieScore, parsePreviewStep, previewProgressLabel } from './preview';

describe('parsePreviewStep', () => {
  it.each(['1', '2', '3', '4', '5', '6', '7'])('accepts %s', (raw) => {
    expect(parsePreviewStep(raw)).toBe(Number(raw));
  });

  it.each(['0', '8', '1.5', 'abc', '', ' 3', '3 ', '-1', '01x', '1e0', '+2'])('rejects %j', (raw) => {
    expect(parsePreviewStep(raw)).toBeNull();
  });

  it('rejects a missing step', () => {
    expect(parsePreviewStep(undefined)).toBeNull();
  });
});

describe('isNonBlank', () => {
  it('is true for text with content', () => {
    expect(isNonBlank('Lisbon')).toBe(true);
    expect(isNonBlank('  Lisbon  ')).toBe(true);
  });

  it.each(['', ' ', '   ', '\t\n'])('is false for %j', (answer) => {
    expect(isNonBlank(answer)).toBe(false);
  });
});

describe("the preview's films", () => {
  it('are judged by the engine’s own title matching (core/answer-match.ts), as an Emoji Movie session judges them', () => {
    const [lionKing, titanic, ghostbusters] = movieRounds.map((r) => r.title);
    expect(matchesTitle('the lion king', lionKing)).toBe(true);
    expect(matchesTitle('Lion King', lionKing)).toBe(true);
    expect(matchesTitle('  TITANIC!\n', titanic)).toBe(true);
    expect(matchesTitle('Ghost busters', ghostbusters)).toBe(false);
    expect(matchesTitle('', titanic)).toBe(false);
    expect(matchesTitle('Titanik', titanic)).toBe(false);
  });
});

describe('previewProgressLabel', () => {
  it('reads "n of 6 free previews" on steps 1 to 6', () => {
    expect(previewProgressLabel(1)).toBe('1 of 6 free previews');
    expect(previewProgressLabel(6)).toBe('6 of 6 free previews');
  });

  it('has no count on the report', () => {
    expect(previewProgressLabel(7)).toBeNull();
  });
});

describe('movieScore', () => {
  it('counts the rounds guessed right', () => {
    expect(movieScore([true, false, true])).toBe(2);
    expect(movieScore([undefined, true])).toBe(1);
    expect(movieScore([])).toBe(0);
  });
});
