/** Events the server pushes over Socket.IO, defined once for both sides. Writes always go over HTTP. */
import { z } from 'zod';
import type { Person } from './contracts/common';
import type { DailyAnsweredEvent } from './contracts/daily';
import type { NudgeReceivedEvent } from './contracts/notifications';
import type { PlanChangedEvent } from './contracts/payments';
import type { SessionInvite } from './contracts/session-invites';
import type { SessionAnsweredEvent, SessionUpdatedEvent } from './contracts/sessions';

export interface ServerEvents {
  /** Your partner link changed (linked, unlinked, or the partner deleted their account): reload it. */
  'partner:changed': (payload: { partner: Person | null }) => void;
  /** Lifetime Gold started or ended for your couple (a purchase, a refund, a lost dispute): locks and badges change. */
  'plan:changed': (payload: PlanChangedEvent) => void;
  /** Your partner invited you to a session. */
  'invite:received': (payload: { invite: SessionInvite }) => void;
  /** An invite you sent or received changed state. */
  'invite:updated': (payload: { inviteId: string; status: SessionInvite['status'] }) => void;
  /** Your partner answered a daily question (or changed their answer): your own view of the days, their words only once both answered. */
  'daily:answered': (payload: DailyAnsweredEvent) => void;
  /** Your partner nudged you about a session or a daily question that waits for you: the bell and a toast. */
  'nudge:received': (payload: NudgeReceivedEvent) => void;
  /** The other member starred or unstarred a memory you share: Memories reads it again. */
  'memory:starred': (payload: { starred: boolean }) => void;

  /** In a session room: a player answered the current item; the state it carries is applied in version order. */
  'session:answered': (payload: SessionAnsweredEvent) => void;
  /** In a session room: the host moved, or the session completed, with the new live state. */
  'session:updated': (payload: SessionUpdatedEvent) => void;
  /** In a session room: who is connected now. */
  'session:presence': (payload: { sessionId: string; userIds: string[] }) => void;
}

export type SessionJoinAck = { ok: true; userIds: string[]; version: number } | { ok: false; error: string };

/** What a client sends to join or leave a session room: the server validates every one against this schema. */
export const sessionRoomPayload = z.object({ sessionId: z.string().max(64) });
export type SessionRoomPayload = z.infer<typeof sessionRoomPayload>;

/** What a client may send: joining and leaving a session room, answered through the ack. */
export interface ClientEvents {
  /** The ack's `version` is the session's now: a screen holding another one missed changes and reads it again. */
  'session:join': (payload: SessionRoomPayload, ack: (result: SessionJoinAck) => void) => void;
  'session:leave': (payload: SessionRoomPayload) => void;
}

export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

export type ServerEventName = keyof ServerEvents;
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerEvents[E]>[0];

/**
 * The client's reconnect schedule (docs/product/sessions-and-games.md#reconnects-and-offline-answers): 1, 2, 5, then
 * every 10 seconds.
 */
export const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10000] as const;

export const reconnectDelay = (attempt: number) => RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)];

export const userRoom = (userId: string) => `user:${userId}`;
