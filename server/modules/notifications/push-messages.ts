import { type YourTurnEntry, dayLabel } from '@core/daily';
import { gameDefinitions } from '@core/game-definitions';
import { messages } from '@core/messages';
import type { PushMessage } from '@core/notifications';
import { routes } from '@core/routes';

const m = messages.push;

/** "5 questions in Would You Rather", "today's question", "the question of Tuesday". */
export function waitingWords(e: YourTurnEntry, today: string): string {
  if (e.kind === 'session') return `${e.waiting} ${e.waiting === 1 ? 'question' : 'questions'} in ${gameDefinitions[e.game].displayName}`;
  return e.today ? "today's question" : `the question of ${dayLabel(e.day, today)}`;
}

/** The notification of a nudge: who nudged, about what, and the screen it opens. */
export function nudgePush(senderName: string, about: { path: string; what: string; tag: string }): PushMessage {
  return { title: m.nudgeTitle(senderName), body: `It's your turn ${about.what}.`, url: about.path, tag: about.tag };
}

/** The once-a-day "your turn" reminder: the first thing your partner answered, the rest counted; it opens that screen. */
export function yourTurnPush(partnerName: string, waiting: YourTurnEntry[], today: string, firstPath: string): PushMessage {
  const [first, ...rest] = waiting;
  const more = rest.length ? `And ${rest.length} more ${rest.length === 1 ? 'thing waits' : 'things wait'} for you.` : 'No rush and no streak to keep.';
  return { title: m.yourTurnTitle(partnerName, waitingWords(first, today)), body: more, url: rest.length ? routes.home : firstPath, tag: 'your-turn' };
}

/** The daily question's reminder, in the hour the person chose. */
export function dailyPush(partnerName: string, partnerAnswered: boolean, day: string): PushMessage {
  const body = partnerAnswered ? `${partnerName} answered already: see what they said once you have.` : 'One question, a minute of your day.';
  return { title: m.dailyTitle, body, url: routes.daily, tag: `daily:${day}` };
}
