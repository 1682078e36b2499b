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
  it('is the ceiling of the elapsed days since linking', () => {
    expect(daysTogether(null, now)).toBe(0);
    expect(daysTogether(now, now)).toBe(0);
    expect(daysTogether(new Date(now.getTime() - 60_000), now)).toBe(1);
    expect(daysTogether(new Date(now.getTime() - 36 * 3_600_000), now)).toBe(2);
  });

  it('labels 0 as the start of the story', () => {
    expect(connectedLabel(0)).toBe('Start your love story today!');
    expect(connectedLabel(1)).toBe('Connected for 1 day');
    expect(connectedLabel(12)).toBe('Connected for 12 days');
  });
});
