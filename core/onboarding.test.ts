import { describe, expect, it } from 'vitest';
import { isCorrectGuess, isNonBlank, movieScore, parseOnboardingStep, previewProgressLabel } from './onboarding';

describe('parseOnboardingStep', () => {
  it.each(['1', '2', '3', '4', '5', '6', '7'])('accepts %s', (raw) => {
    expect(parseOnboardingStep(raw)).toBe(Number(raw));
  });

  it.each(['0', '8', '1.5', 'abc', '', ' 3', '3 ', '-1', '01x', '1e0', '+2'])('rejects %j', (raw) => {
    expect(parseOnboardingStep(raw)).toBeNull();
  });

  it('rejects a missing step', () => {
    expect(parseOnboardingStep(undefined)).toBeNull();
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

describe('isCorrectGuess', () => {
  it('matches the exact title', () => {
    expect(isCorrectGuess('Titanic', 'Titanic')).toBe(true);
  });

  it('ignores case', () => {
    expect(isCorrectGuess('the lion king', 'The Lion King')).toBe(true);
    expect(isCorrectGuess('GHOSTBUSTERS', 'Ghostbusters')).toBe(true);
  });

  it('trims the guess', () => {
    expect(isCorrectGuess('  titanic \n', 'Titanic')).toBe(true);
  });

  it('rejects a different or partial title', () => {
    expect(isCorrectGuess('Lion King', 'The Lion King')).toBe(false);
    expect(isCorrectGuess('', 'Titanic')).toBe(false);
    expect(isCorrectGuess('Titanik', 'Titanic')).toBe(false);
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
