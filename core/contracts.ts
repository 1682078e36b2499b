/** What is left of the plain response interfaces: the rest are zod schemas in core/contracts/<domain>.ts. */
import type { GameType } from './games';

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
