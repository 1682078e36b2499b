const DAY_MS = 24 * 60 * 60 * 1000;

function startOfDay(d: Date): number {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

/** Today, Yesterday, 'N days ago' under 7 days, else 'N week(s) ago' (spec 000 §2). */
export function relativeDateLabel(date: Date | string, now: Date = new Date()): string {
  const then = typeof date === 'string' ? new Date(date) : date;
  const days = Math.max(0, Math.round((startOfDay(now) - startOfDay(then)) / DAY_MS));
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return `${days} days ago`;
  const weeks = Math.floor(days / 7);
  return `${weeks} ${weeks === 1 ? 'week' : 'weeks'} ago`;
}

/** The ceiling of the elapsed days since the couple linked (decisions §8). */
export function daysTogether(linkedAt: Date | string | null, now: Date = new Date()): number {
  if (!linkedAt) return 0;
  const then = typeof linkedAt === 'string' ? new Date(linkedAt) : linkedAt;
  return Math.max(0, Math.ceil((now.getTime() - then.getTime()) / DAY_MS));
}

export function connectedLabel(days: number): string {
  if (days <= 0) return 'Start your love story today!';
  return `Connected for ${days} ${days === 1 ? 'day' : 'days'}`;
}
