/** How long a player who dropped off a session room still counts as there: a page reload takes a second or two. */
export const PRESENCE_GRACE_MS = 5_000;

/**
 * Players who just lost their connection to a session room, kept as present until their grace runs out, so that
 * a reload or a tunnel is not announced to the partner as a departure (docs/decisions/012). Per process: the
 * grace is held where the socket was, and the room's presence is announced again when it ends.
 */
export class PresenceGrace {
  private readonly departed = new Map<string, Map<string, number>>();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();

  constructor(private readonly graceMs: number) {}

  /** `userId` left `sessionId`'s room; `onExpire` runs once the grace is over. */
  depart(sessionId: string, userId: string, onExpire: () => void): void {
    let users = this.departed.get(sessionId);
    if (!users) this.departed.set(sessionId, (users = new Map()));
    const until = Date.now() + this.graceMs;
    users.set(userId, until);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (users.get(userId) === until) users.delete(userId);
      if (users.size === 0 && this.departed.get(sessionId) === users) this.departed.delete(sessionId);
      onExpire();
    }, this.graceMs);
    timer.unref();
    this.timers.add(timer);
  }

  /** The users of `sessionId` still within their grace. */
  holding(sessionId: string): string[] {
    const now = Date.now();
    return [...(this.departed.get(sessionId) ?? [])].filter(([, until]) => until > now).map(([userId]) => userId);
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.departed.clear();
  }
}
