/** The shapes of API responses, defined once for the server that sends them and the client that reads them. */
import type { GameType } from './games';
import type { LevelLock } from './levels';

/** GET /api/me: the signed-in user with partner and plan (`{ user: null }` for a visitor). */
export interface MeDto {
  id: string;
  email: string;
  username: string;
  createdAt: string;
  partner: { id: string; username: string; linkedAt: string | null } | null;
  /** Lifetime Gold, the user's own or the linked partner's. */
  premium: boolean;
}

export interface LevelDto {
  id: string;
  number: number;
  name: string;
  description: string;
  free: boolean;
  itemCount: number;
  completed: boolean;
  lock: LevelLock;
}

export interface CategoryDto {
  id: string;
  slug: string;
  name: string;
  description: string;
  levels: LevelDto[];
}

/** GET /api/games/:gameType/categories */
export interface CategoriesDto {
  game: GameType;
  premium: boolean;
  categories: CategoryDto[];
}

/** GET /api/dashboard: the couple's activity, sessions by either partner. */
export interface DashboardDto {
  partner: { id: string; username: string } | null;
  /** When they linked; the browser counts the days together in the viewer's time zone (decisions §13). */
  linkedAt: string | null;
  counts: Record<GameType, number>;
  /** The sum of the three games (spec 000 §9). */
  gamesPlayed: number;
  questionsAnswered: number;
  recent: { id: string; game: GameType; createdAt: string }[];
}

/** GET /api/sessions/:id: everything a player's screen shows, as this viewer may see it. */
export interface SessionSnapshotDto {
  session: { id: string; game: GameType; status: 'active' | 'completed'; currentIndex: number; createdAt: string; completedAt: string | null };
  role: 'host' | 'partner';
  host: { id: string; username: string };
  partner: { id: string; username: string } | null;
  level: { id: string; number: number; name: string; category: { id: string; name: string } };
  itemCount: number;
  /** The current item, redacted until the viewer has answered it; null once completed or with no items. */
  current: { id: string; position: number; payload: Record<string, unknown> } | null;
  answers: {
    mine: unknown | null;
    /** The partner's answer, only once both have answered the current item. */
    partner: unknown | null;
    partnerAnswered: boolean;
    bothAnswered: boolean;
  };
  scores: { mine: number; partner: number } | null;
  /** The two members have unlinked since it was made: both may look at it, neither may play (docs/decisions/012). */
  readOnly: boolean;
  nextLevel: { id: string; number: number; name: string; unlocked: boolean } | null;
}
