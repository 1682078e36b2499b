import { describe, expect, it } from 'vitest';
import { connectedLabel, daysTogether, relativeDateLabel } from './dates';

const now = new Date(2026, 10, 22, 15, 0, 0);
const daysAgo = (n: number, hour = 12) => new Date(2026, 10, 22 - n, hour);

describe('relativeDateLabel', () => {
  it.each([
    [daysAgo(0, 1), 'Today'],
    [daysAgo(1, 23), 'Yesterday'],
    [daysAgo(2), '2 days ago'],
    [daysAgo(6), '6 days ago'],
    [daysAgo(7), '1 week ago'],
    [daysAgo(13), '1 week ago'],
    [daysAgo(14), '2 weeks ago'],
    [daysAgo(60), '8 weeks ago'],
  ])('%s → %s', (date, label) => {
    expect(relativeDateLabel(date, now)).toBe(label);
  });

  it('counts calendar days, not 24-hour spans', () => {
    expect(relativeDateLabel(new Date(2026, 10, 21, 23, 59), new Date(2026, 10, 22, 0, 1))).toBe('Yesterday');
  });
});

describe('days together', () => {
  it('counts calendar days in the time zone given: 0 on the day of linking, 1 from the next midnight', () => {
    const tz = 'Europe/Paris';
    // 21:30 UTC on 22 Nov is 22:30 in Paris: the same calendar day until 23:00 UTC.
    const linked = new Date(Date.UTC(2026, 10, 22, 21, 30));
    expect(daysTogether(null, linked, tz)).toBe(0);
    expect(daysTogether(linked, linked, tz)).toBe(0);
    expect(daysTogether(linked, new Date(Date.UTC(2026, 10, 22, 22, 59)), tz)).toBe(0);
    expect(daysTogether(linked, new Date(Date.UTC(2026, 10, 22, 23, 1)), tz)).toBe(1);
    expect(daysTogether(linked.toISOString(), new Date(Date.UTC(2026, 10, 24, 22, 0)), tz)).toBe(2);
    // A link in the future (a clock slightly ahead on the server) is never negative.
    expect(daysTogether(new Date(linked.getTime() + 3_600_000), linked, tz)).toBe(0);
  });

  it("follows the viewer's zone: the same instants are one day apart in Tokyo and none in New York", () => {
    const linked = new Date(Date.UTC(2026, 10, 22, 14, 0)); // 23:00 in Tokyo, 09:00 in New York
    const later = new Date(Date.UTC(2026, 10, 22, 16, 0)); // 01:00 the next day in Tokyo, 11:00 in New York
    expect(daysTogether(linked, later, 'Asia/Tokyo')).toBe(1);
    expect(daysTogether(linked, later, 'America/New_York')).toBe(0);
  });

  it('counts across a daylight-saving change as whole days', () => {
    const tz = 'Europe/Paris';
    // 23:30 on 24 Oct to 23:59 on 26 Oct; clocks went back on the 25th, a day of 25 hours.
    expect(daysTogether(new Date(Date.UTC(2026, 9, 24, 21, 30)), new Date(Date.UTC(2026, 9, 26, 22, 59)), tz)).toBe(2);
  });

  it('labels 0 as the start of the story', () => {
    expect(connectedLabel(0)).toBe('Start your love story today!');
    expect(connectedLabel(1)).toBe('Connected for 1 day');
    expect(connectedLabel(12)).toBe('Connected for 12 days');
  });
});
