import { describe, expect, it } from 'vitest';
import { dayIn, hourIn, isTimeZone } from './time-zone';

describe('time zones', () => {
  it('accepts IANA names and refuses anything else', () => {
    for (const zone of ['UTC', 'Europe/Paris', 'America/Los_Angeles', 'Pacific/Kiritimati', 'Etc/GMT+12']) expect(isTimeZone(zone), zone).toBe(true);
    for (const zone of ['', 'Mars/Olympus', 'Europe/Paris; drop table', 'x'.repeat(80), 12, null]) expect(isTimeZone(zone), String(zone)).toBe(false);
  });

  it('tells the calendar day and hour of one instant on both sides of the date line', () => {
    const at = new Date('2026-11-25T11:30:00Z');
    expect(dayIn('Pacific/Kiritimati', at)).toBe('2026-11-26'); // UTC+14
    expect(dayIn('Pacific/Pago_Pago', at)).toBe('2026-11-25'); // UTC-11
    expect(dayIn('UTC', at)).toBe('2026-11-25');
    expect(hourIn('Pacific/Kiritimati', at)).toBe(1);
    expect(hourIn('Europe/Paris', at)).toBe(12);
  });
});
