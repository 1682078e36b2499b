import { describe, expect, it } from 'vitest';
import { reveal, revealState } from './reveal';

describe('the reveal rule', () => {
  it("shows the partner's answer only once both answered, and that they answered at once", () => {
    expect(reveal(null, null)).toEqual({ mine: null, partner: null, partnerAnswered: false, bothAnswered: false });
    expect(reveal(null, 'theirs')).toEqual({ mine: null, partner: null, partnerAnswered: true, bothAnswered: false });
    expect(reveal('mine', undefined)).toEqual({ mine: 'mine', partner: null, partnerAnswered: false, bothAnswered: false });
    expect(reveal('mine', 'theirs')).toEqual({ mine: 'mine', partner: 'theirs', partnerAnswered: true, bothAnswered: true });
  });

  it('counts a falsy answer as given (0, false, an empty object), never null', () => {
    expect(reveal<unknown>(0, false)).toEqual({ mine: 0, partner: false, partnerAnswered: true, bothAnswered: true });
  });

  it('words each state', () => {
    expect([reveal(null, null), reveal(null, 'b'), reveal('a', null), reveal('a', 'b')].map(revealState)).toEqual(['your_turn', 'your_turn', 'waiting', 'revealed']);
  });
});
