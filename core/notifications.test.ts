import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS as defaults, decodePayload, encodePayload, isQuietHour, quietEndsAt, reminderKey } from './notifications';

describe('quiet hours', () => {
  it('run over midnight from 22 to 8 by default, and are nothing when off or empty', () => {
    expect([21, 22, 23, 0, 7, 8].map((h) => isQuietHour(defaults, h))).toEqual([false, true, true, true, true, false]);
    expect(isQuietHour({ ...defaults, quietStart: 13, quietEnd: 15 }, 14)).toBe(true);
    expect(isQuietHour({ ...defaults, quietStart: 13, quietEnd: 15 }, 15)).toBe(false);
    expect(isQuietHour({ ...defaults, quietHours: false }, 23)).toBe(false);
    expect(isQuietHour({ ...defaults, quietStart: 9, quietEnd: 9 }, 9)).toBe(false);
  });

  it('end at the quiet end hour in the person’s own zone', () => {
    // 23:10 in Paris (UTC+1 in December): quiet until 08:00 there, 07:00 UTC.
    expect(quietEndsAt(defaults, 'Europe/Paris', new Date('2026-12-01T22:10:00Z')).toISOString()).toBe('2026-12-02T07:00:00.000Z');
    // Kolkata is UTC+5:30: 08:00 there is 02:30 UTC.
    expect(quietEndsAt(defaults, 'Asia/Kolkata', new Date('2026-12-01T20:00:00Z')).toISOString()).toBe('2026-12-02T02:30:00.000Z');
    const day = new Date('2026-12-01T12:00:00Z');
    expect(quietEndsAt(defaults, 'UTC', day)).toBe(day);
  });
});

describe('keys and tokens', () => {
  it('name a reminder by kind, person and day', () => {
    expect(reminderKey('your_turn', 'u1', '2026-12-01')).toBe('reminder:your_turn:u1:2026-12-01');
  });

  it('read back what they wrote and nothing else', () => {
    const payload = { userId: 'AbC123xyz', kind: 'nudge' as const, expiresAt: 1790000000 };
    expect(decodePayload(encodePayload(payload))).toEqual(payload);
    expect(decodePayload('premium:1:u')).toBeNull();
    expect(decodePayload('nudge:soon:u')).toBeNull();
    expect(decodePayload('nudge:1:')).toBeNull();
  });
});
