import { describe, expect, it } from 'vitest';
import type { GameType } from '@core/games';
import { invitedYouText } from './invite-texts';

describe('invitedYouText', () => {
  it("says questions are answered together and games are played, in each game's name", () => {
    expect(invitedYouText('Sam', 'questions')).toBe('Sam invited you to answer Questions together');
    expect(invitedYouText('Sam', 'emoji_movie')).toBe('Sam invited you to play Emoji Movie');
    expect(invitedYouText('Sam', 'would_you_rather')).toBe('Sam invited you to play Would You Rather');
  });

  it('names a game this client does not know by its type', () => {
    expect(invitedYouText('Sam', 'chess' as GameType)).toBe('Sam invited you to play chess');
  });
});
