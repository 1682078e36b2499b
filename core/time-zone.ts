/**
 * Each person's time zone, an IANA name ("Europe/Paris"), taken from the browser at sign-up and log-in and changeable
 * on the profile (docs/product/accounts.md#time-zone). Valid is what the platform's time zone database knows.
 */
export const DEFAULT_TIME_ZONE = 'UTC';

export function isTimeZone(name: unknown): name is string {
  if (typeof name !== 'string' || name.length === 0 || name.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The browser's own time zone, or UTC where it cannot say. */
export function browserTimeZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

// Making an Intl.DateTimeFormat costs far more than using one (tens of microseconds): one per zone, kept. The zones
// are the users' (a few hundred names at most), so the maps stay small.
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const hourFormats = new Map<string, Intl.DateTimeFormat>();
const formatOf = (cache: Map<string, Intl.DateTimeFormat>, timeZone: string, make: () => Intl.DateTimeFormat) => {
  let format = cache.get(timeZone);
  if (!format) cache.set(timeZone, (format = make()));
  return format;
};

/** The calendar day (YYYY-MM-DD) that an instant falls on in a time zone. */
export function dayIn(timeZone: string, at: Date): string {
  const format = formatOf(dayFormats, timeZone, () => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }));
  const parts = format.formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** The hour (0-23) of an instant in a time zone. */
export function hourIn(timeZone: string, at: Date): number {
  return Number(formatOf(hourFormats, timeZone, () => new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' })).format(at));
}
