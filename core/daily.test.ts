import { describe, expect, it } from 'vitest';
import { addDays, answeredTogetherText, coupleDay, dayLabel, isDay, listedDays, monthStart, yourTurnText } from './daily';

const KIRITIMATI = 'Pacific/Kiritimati'; // UTC+14
const PAGO_PAGO = 'Pacific/Pago_Pago'; // UTC-11

describe("the couple's today", () => {
  it('is the earlier of the two local dates, the same whichever partner asks', () => {
    const at = new Date('2026-11-25T10:30:00Z'); // Kiritimati 26th 00:30, Pago Pago 24th 23:30
    expect(coupleDay([KIRITIMATI, PAGO_PAGO], at)).toBe('2026-11-24');
    expect(coupleDay([PAGO_PAGO, KIRITIMATI], at)).toBe('2026-11-24');
  });

  it('turns once a day for both, at midnight of the partner furthest behind, across the date line', () => {
    const days = ['2026-11-25T10:59:59Z', '2026-11-25T11:00:00Z', '2026-11-26T10:59:59Z', '2026-11-26T11:00:00Z'].map((at) => coupleDay([KIRITIMATI, PAGO_PAGO], new Date(at)));
    expect(days).toEqual(['2026-11-24', '2026-11-25', '2026-11-25', '2026-11-26']);
  });

  it('is never after either partner’s own date', () => {
    for (let hour = 0; hour < 48; hour++) {
      const at = new Date(Date.UTC(2026, 11, 31, hour, 15));
      const day = coupleDay([KIRITIMATI, PAGO_PAGO], at);
      expect(day <= new Intl.DateTimeFormat('en-CA', { timeZone: KIRITIMATI }).format(at)).toBe(true);
      expect(day <= new Intl.DateTimeFormat('en-CA', { timeZone: PAGO_PAGO }).format(at)).toBe(true);
    }
  });

  it('is plainly the local date for partners in one zone', () => {
    expect(coupleDay(['Europe/Paris', 'Europe/Paris'], new Date('2026-03-01T23:30:00Z'))).toBe('2026-03-02');
  });
});

describe('days', () => {
  it('knows a calendar day', () => {
    expect(['2026-02-28', '2024-02-29', '2026-12-31'].every(isDay)).toBe(true);
    expect(['2026-02-29', '2026-13-01', '2026-1-01', '20260101', '', 'today', 20260101].some(isDay)).toBe(false);
  });

  it('counts across months and years', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(listedDays('2026-03-03')).toEqual(['2026-03-03', '2026-03-02', '2026-03-01', '2026-02-28', '2026-02-27', '2026-02-26', '2026-02-25']);
    expect(monthStart('2026-03-17')).toBe('2026-03-01');
  });

  it('labels a day by the couple’s calendar', () => {
    expect(dayLabel('2026-03-09', '2026-03-09')).toBe('Today');
    expect(dayLabel('2026-03-08', '2026-03-09')).toBe('Yesterday');
    expect(dayLabel('2026-03-05', '2026-03-09')).toBe('Thu, Mar 5');
  });
});

describe('states and words', () => {
  it('counts days together gently, and says nothing of a month without one', () => {
    expect(answeredTogetherText(0)).toBeNull();
    expect(answeredTogetherText(1)).toBe("You've answered together on 1 day this month");
    expect(answeredTogetherText(12)).toBe("You've answered together on 12 days this month");
  });
});

describe('your turn, in words', () => {
  it('names the partner and the game, the same on the dashboard and in the bell', () => {
    expect(yourTurnText({ kind: 'session', sessionId: 's', game: 'would_you_rather', waiting: 4 }, 'Sam')).toBe('Sam answered 4 questions in Would You Rather · your turn');
    expect(yourTurnText({ kind: 'session', sessionId: 's', game: 'questions', waiting: 1 }, 'Sam')).toBe('Sam answered 1 question in Questions · your turn');
    expect(yourTurnText({ kind: 'daily', day: '2026-03-09', today: true, partnerAnswered: true }, 'Sam')).toBe("Sam answered today's question · your turn");
    expect(yourTurnText({ kind: 'daily', day: '2026-03-09', today: true, partnerAnswered: false }, 'Sam')).toBe("Today's question · your turn");
    expect(yourTurnText({ kind: 'daily', day: '2026-03-08', today: false, partnerAnswered: true }, 'Sam')).toBe('Sam answered an earlier daily question · your turn');
  });
});
