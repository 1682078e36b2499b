/**
 * The daily question's pure rules (docs/product/daily-question.md): the couple's one "today", the days it lists, the
 * month it counts in, each partner's state, and the gentle count's words. No I/O: the server decides with these, the
 * web words them.
 */
import { gameDefinitions } from './game-definitions';
import type { GameType } from './games';
import type { RevealState } from './reveal';
import { dayIn } from './time-zone';

/**
 * The activity whose library the daily question draws from (docs/product/daily-question.md#which-question): every item
 * of every level of it; an answer follows that activity's rules.
 */
export const DAILY_LIBRARY = 'questions' satisfies GameType;

/** How many of the couple's days are listed: today and the six before it. */
export const DAILY_DAYS_LISTED = 7;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD ("2026-02-30" is not one). */
export function isDay(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = DAY_PATTERN.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * The couple's today (docs/product/daily-question.md#today): the earlier of the two partners' local dates. The day
 * turns once every 24 hours for both, at midnight where the partner furthest behind lives, so neither ever meets a
 * question dated after their own today; the one ahead keeps the evening's question until the other's midnight.
 */
export function coupleDay(timeZones: readonly [string, string], at: Date): string {
  const [a, b] = timeZones.map((zone) => dayIn(zone, at));
  return a < b ? a : b;
}

/** The calendar day `n` days after `day` (before, for a negative `n`). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** The days listed, newest first: today and the ones before it. */
export function listedDays(today: string, count = DAILY_DAYS_LISTED): string[] {
  return Array.from({ length: count }, (_, i) => addDays(today, -i));
}

/** The first day of `day`'s month: the month count counts days from it to today. */
export const monthStart = (day: string) => `${day.slice(0, 7)}-01`;

/** Where a day's question stands for one partner: the engine's reveal state (core/reveal.ts `revealState`). */
export type DailyState = RevealState;

/** The shared rhythm in words, or nothing for a month without one: no streak, nothing lost, nothing to feel guilty about. */
export function answeredTogetherText(days: number): string | null {
  if (days <= 0) return null;
  return `You've answered together on ${days} ${days === 1 ? 'day' : 'days'} this month`;
}

/** A day's heading: "Today", "Yesterday", else its weekday and date ("Mon, Mar 9"), by the couple's calendar. */
export function dayLabel(day: string, today: string): string {
  if (day === today) return 'Today';
  if (day === addDays(today, -1)) return 'Yesterday';
  const [y, m, d] = day.split('-').map(Number);
  return new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** What a "your turn" entry is about: the dashboard and the bell both word it with `yourTurnText`. */
export type YourTurnEntry = { kind: 'daily'; day: string; today: boolean; partnerAnswered: boolean } | { kind: 'session'; sessionId: string; game: GameType; waiting: number };

/**
 * One entry of "your turn" (docs/product/daily-question.md#on-the-dashboard-and-in-the-bell), in the same words on the
 * dashboard and in the bell: "Sam answered 4 questions in Would You Rather · your turn".
 */
export function yourTurnText(entry: YourTurnEntry, partnerName: string): string {
  if (entry.kind === 'session') {
    const n = entry.waiting;
    return `${partnerName} answered ${n} ${n === 1 ? 'question' : 'questions'} in ${gameDefinitions[entry.game].displayName} · your turn`;
  }
  if (!entry.today) return `${partnerName} answered an earlier daily question · your turn`;
  return entry.partnerAnswered ? `${partnerName} answered today's question · your turn` : "Today's question · your turn";
}
