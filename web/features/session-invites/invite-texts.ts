import { relativeDateLabel } from '@core/dates';
import { gameDefinitions } from '@core/game-definitions';
import type { GameType } from '@core/games';
import { messages } from '@core/messages';

/** The bell's load-failure toast (docs/product/partners.md#the-bell): 'Error' / 'Failed to load invites: {error}'. */
export const loadFailedToast = {
  title: messages.toastInvites.loadFailed[0],
  description: (error: string) => `${messages.toastInvites.loadFailed[1]}${error}`,
};

/** "Sam invited you to play Emoji Movie"; questions are answered, together (core/game-definitions.ts `invitation`). */
export function invitedYouText(sender: string, game: GameType): string {
  const definition = gameDefinitions[game];
  if (!definition) return `${sender} invited you to play ${game}`;
  const { invitation, displayName } = definition;
  return `${sender} invited you to ${invitation.verb} ${displayName}${invitation.together ? ' together' : ''}`;
}

/** Invites live a day (SESSION_INVITE_LIFETIME_HOURS), so minutes and hours say more than 'Today'. */
export function inviteAge(createdAt: string, now: Date = new Date()): string {
  const minutes = Math.floor((now.getTime() - new Date(createdAt).getTime()) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return relativeDateLabel(createdAt, now);
}
