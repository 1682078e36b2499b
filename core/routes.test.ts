import { describe, expect, it } from 'vitest';
import { sessionPath, UnknownGameTypeError } from './games';
import { routes } from './routes';

describe('sessionPath', () => {
  it('maps every game and alias to its session route', () => {
    expect(sessionPath('questions', 's1')).toBe('/questions/session/s1');
    expect(sessionPath('question', 's1')).toBe('/questions/session/s1');
    expect(sessionPath('wyr', 's1')).toBe('/games/would_you_rather/session/s1');
    expect(sessionPath('emoji', 's1')).toBe('/games/emoji_movie/session/s1');
    expect(sessionPath('couple_quiz', 's1')).toBe('/games/couple_quiz/session/s1');
  });

  it('refuses an unknown type', () => {
    expect(() => sessionPath('chess', 's1')).toThrow(UnknownGameTypeError);
  });
});

describe('routes', () => {
  it('gives question sessions their own addresses', () => {
    expect([routes.categories('questions'), routes.levels('questions', 'c1'), routes.createSession('questions', 'l1'), routes.hostSession('questions', 's1')]).toEqual([
      '/questions',
      '/questions/categories/c1',
      '/questions/create/l1',
      '/questions/session/s1',
    ]);
  });

  it('keeps the games under /games, with Emoji Movie nesting its levels', () => {
    expect(routes.levels('would_you_rather', 'c1')).toBe('/games/would_you_rather/categories/c1');
    expect(routes.levels('emoji_movie', 'c1')).toBe('/games/emoji_movie/categories/c1/levels');
    expect(routes.hostSession('couple_quiz', 's1')).toBe('/games/couple_quiz/host-session/s1');
  });
});
