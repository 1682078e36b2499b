const DAY_MS = 24 * 60 * 60 * 1000;

function startOfDay(d: Date): number {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

/**
 * Today, Yesterday, 'N days ago' under 7 days, else 'N week(s) ago' (docs/product/home-and-shell.md#relative-dates).
 */
export function relativeDateLabel(date: Date | string, now: Date): string {
  const then = typeof date === 'string' ? new Date(date) : date;
  const days = Math.max(0, Math.round((startOfDay(now) - startOfDay(then)) / DAY_MS));
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return `${days} days ago`;
  const weeks = Math.floor(days / 7);
  return `${weeks} ${weeks === 1 ? 'week' : 'weeks'} ago`;
}

/** The day number of `d`'s calendar date in `timeZone` (the runtime's own zone when undefined). */
function calendarDay(d: Date, timeZone: string | undefined): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(d);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day')) / DAY_MS;
}

/**
 * Calendar days since the couple linked, in the viewer's time zone (docs/product/partners.md#days-together): 0 on the
 * day they linked, 1 from the next midnight. Elapsed 24-hour spans would make a couple linked at 23:00 wait a whole day
 * more.
 */
export function daysTogether(linkedAt: Date | string | null, now: Date, timeZone?: string): number {
  if (!linkedAt) return 0;
  const then = typeof linkedAt === 'string' ? new Date(linkedAt) : linkedAt;
  return Math.max(0, calendarDay(now, timeZone) - calendarDay(then, timeZone));
}

export function connectedLabel(days: number): string {
  if (days <= 0) return 'Start your love story today!';
  return `Connected for ${days} ${days === 1 ? 'day' : 'days'}`;
}
