import { describe, expect, it } from 'vitest';
import { jaccard, normaliseForDuplicates, topicWords } from './duplicates';

describe('normaliseForDuplicates', () => {
  it('sets aside case, punctuation, spacing, diacritics, "&" and the articles a, an and the', () => {
    expect(normaliseForDuplicates('  The Café & a Crêpe: AN Evening!  ')).toBe('cafe and crepe evening');
    expect(normaliseForDuplicates("What's   the best meal?")).toBe(normaliseForDuplicates('Whats a best meal'));
  });
});

describe('topicWords and jaccard', () => {
  it('keep the words that carry the topic, and count shared ones over all', () => {
    expect([...topicWords("What's the best meal you've ever shared with me?")]).toEqual(['best', 'meal', 'shared']);
    expect(jaccard(topicWords('Adopt a dog together'), topicWords('Adopt a cat together'), 2)).toBe(0.5);
    expect(jaccard(topicWords('Adopt a dog'), topicWords('Adopt a cat'), 2)).toBe(0);
  });
});
