import { describe, expect, it } from 'vitest';
import { emojiProblems } from './emoji';

describe('emojiProblems (Emoji 13.1)', () => {
  it('accepts emoji up to 13.1, with VS16, skin tones, ZWJ sequences, flags and keycaps', () => {
    for (const sequence of ['🥲🛻', '✈️🏝️', '👍🏽', '👨‍👩‍👧', '🧙‍♀️', '❤️‍🔥', '🇫🇷🥐', '3️⃣🐻']) expect(emojiProblems(sequence, ['Some Film']), sequence).toEqual([]);
  });

  it('refuses emoji of later versions, text-style emoji without VS16, stray joiners and half flags', () => {
    expect(emojiProblems('🫠🪩', ['X'])).toEqual(['U+1FAE0 🫠 is not an emoji of Emoji 13.1', 'U+1FAA9 🪩 is not an emoji of Emoji 13.1']);
    expect(emojiProblems('❤🌹', ['X'])).toEqual(['U+2764 ❤ shows as text without VS16 (U+FE0F) after it']);
    expect(emojiProblems('🌹\u200d', ['X'])).toEqual(['a zero-width joiner that joins nothing']);
    expect(emojiProblems('🇫🌹', ['X'])).toEqual(['half a flag before U+1F339 🌹']);
  });

  it('refuses plain text, and emoji that spell a word or number of the title', () => {
    expect(emojiProblems('🦈J', ['Jaws'])).toEqual(["plain letters ('J')"]);
    expect(emojiProblems('🦈 🌊', ['Jaws'])).toEqual(["plain text (' ')"]);
    expect(emojiProblems('🎈🏠🆙', ['Up'])).toEqual(["reveals 'up' of the title in plain text"]);
    expect(emojiProblems('🌊🎰1️⃣1️⃣', ["Ocean's Eleven", "Ocean's 11"])).toEqual(["reveals '11' of the title in plain text"]);
    expect(emojiProblems('🔟🙅‍♀️👦', ['10 Things I Hate About You'])).toEqual(["reveals '10' of the title in plain text"]);
    expect(emojiProblems('🆗🎈', ['Up'])).toEqual([]);
  });
});
