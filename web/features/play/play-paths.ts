import { sessionPath } from '@core/games';

export const categoriesPath = (game: string) => `/games/${game}/categories`;

/** The partner's route is the shareable link. */
export const shareLink = (game: string, sessionId: string) => `${window.location.origin}${sessionPath(game, sessionId)}`;
