import { describe, expect, it } from 'vitest';
import { errorResponse } from './contracts/error-response';
import { errorCodes, errorSentence, errorSentences } from './error-codes';
import { messages } from './messages';

describe('the error codes', () => {
  it('give every code a sentence a person can read', () => {
    const without = errorCodes.filter((code) => typeof errorSentences[code] !== 'string' || errorSentences[code].trim().length < 8);
    expect(without).toEqual([]);
    // The list is walked, not assumed: the enum is long.
    expect(errorCodes.length).toBeGreaterThan(50);
    // No sentence is a status line or a code in disguise.
    for (const code of errorCodes) {
      const sentence = errorSentences[code];
      expect(sentence, code).toMatch(/^[A-Z]/);
      expect(sentence, code).not.toMatch(/\b[1-5]\d\d\b|request failed|[A-Z]{3,}_[A-Z]/i);
    }
  });

  it('answer "An unexpected error occurred." for a code that is not ours', () => {
    expect(errorSentence('SOMETHING_NEW')).toBe('An unexpected error occurred.');
    expect(errorSentence(undefined)).toBe(messages.http.unexpected);
    expect(errorSentence('GOLD_REQUIRED')).toBe(messages.session.levelGold);
  });

  it('are the only codes the error contract accepts', () => {
    expect(errorResponse.safeParse({ error: { code: 'NOT_FOUND', message: 'x' } }).success).toBe(true);
    expect(errorResponse.safeParse({ error: { code: 'FST_ERR_BAD_URL', message: 'x' } }).success).toBe(false);
  });
});
