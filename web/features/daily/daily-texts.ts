import { type DailyState, dayLabel } from '@core/daily';

/** A day's state as its badge says it (docs/product/daily-question.md#on-the-dashboard-and-in-the-bell). */
export function stateLabel(state: DailyState, partnerName: string): string {
  if (state === 'your_turn') return 'Your turn';
  if (state === 'waiting') return `Waiting for ${partnerName}`;
  return 'Revealed';
}

/** Under the question while it is yours to answer: the partner's answer stays hidden, and says so warmly. */
export const partnerAnsweredText = (partnerName: string) => `${partnerName} has answered. Yours will reveal both.`;

export const ANSWER_MAX = 1000;

/** "Today's question", "Yesterday's question", else "The question of Thu, Mar 5", by the couple's calendar. */
export function dayHeading(day: string, today: string): string {
  const label = dayLabel(day, today);
  return label === 'Today' || label === 'Yesterday' ? `${label}'s question` : `The question of ${label}`;
}
