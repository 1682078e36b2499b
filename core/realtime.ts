/** Events the server pushes over Socket.IO, defined once for both sides. Writes always go over HTTP. */
import type { SessionAnsweredEvent, SessionUpdatedEvent } from './contracts/sessions';
import type { GameType } from './games';

export interface SessionInviteDto {
  id: string;
  sessionId: string;
  game: GameType;
  status: 'pending' | 'accepted' | 'rejected';
  sender: { id: string; username: string };
  createdAt: string;
  expiresAt: string;
}

export interface ServerEvents {
  /** Your partner link changed (linked, unlinked, or the partner deleted their account): reload it. */
  'partner:changed': (payload: { partner: { id: string; username: string } | null }) => void;
  /** Your partner invited you to a session. */
  'invite:received': (payload: { invite: SessionInviteDto }) => void;
  /** An invite you sent or received changed state. */
  'invite:updated': (payload: { inviteId: string; status: SessionInviteDto['status'] }) => void;

  /** In a session room: a player answered the current item; the state it carries is applied in version order. */
  'session:answered': (payload: SessionAnsweredEvent) => void;
  /** In a session room: the host moved, or the session completed, with the new live state. */
  'session:updated': (payload: SessionUpdatedEvent) => void;
  /** In a session room: who is connected now. */
  'session:presence': (payload: { sessionId: string; userIds: string[] }) => void;
}

/** What a client may send: joining and leaving a session room, answered through the ack. */
export interface ClientEvents {
  'session:join': (payload: { sessionId: string }, ack: (result: { ok: true; userIds: string[] } | { ok: false; error: string }) => void) => void;
  'session:leave': (payload: { sessionId: string }) => void;
}

export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

export type ServerEventName = keyof ServerEvents;
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerEvents[E]>[0];

/** The client's reconnect schedule (spec 000 §9): 1, 2, 5, then every 10 seconds. */
export const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10000] as const;

export const reconnectDelay = (attempt: number) => RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)];

export const userRoom = (userId: string) => `user:${userId}`;
