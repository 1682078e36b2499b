/**
 * Two partners playing through the balancer as the web app does: HTTP for every write, one Socket.IO connection each
 * (websocket first, then polling, reconnecting on core/realtime.ts's schedule, rejoining the session's room), and a
 * cookie jar that keeps the balancer's sticky cookie. The game driver plays Would You Rather round after round and
 * writes down every acknowledged answer, every failed request and when each partner saw the other's answer.
 */
import { io, type Socket } from 'socket.io-client';
import type { SessionAnsweredEvent, SessionLive } from '../../core/contracts/sessions';
import { reconnectDelay, type SessionJoinAck } from '../../core/realtime';
import { ApiClient, ApiError, fetchTransport, type TestUser } from '../../test/api-client';

export type AppHostName = 'app1' | 'app2';
/** The balancer's cookie (ops/multihost/haproxy.cfg `cookie lb insert`); its value names the host. */
const LB_COOKIE = 'lb';

export interface Failure {
  who: string;
  what: string;
  /** The HTTP status, or 0 when no answer came (connection refused or reset, timeout). */
  status: number;
  at: number;
}

export class Player {
  readonly jar = new Map<string, string>();
  readonly client: ApiClient;
  readonly failures: Failure[] = [];
  /** `session:answered` events from the partner, with when they arrived. */
  readonly heard = new Map<string, number>();
  user!: TestUser;
  sessionId: string | null = null;
  connected = false;
  connects = 0;
  drops = 0;
  lastConnectAt = 0;
  private socket: Socket | null = null;
  private attempt = 0;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private closed = false;

  constructor(
    readonly name: string,
    private readonly url: string,
  ) {
    const base = fetchTransport(url, url, { timeoutMs: 10_000 });
    this.client = new ApiClient(async (request) => {
      const reply = await base({ ...request, cookie: this.cookieHeader() }).catch((err: Error) => {
        this.failures.push({ who: name, what: `${request.method} ${request.url}`, status: 0, at: performance.now() });
        throw err;
      });
      if (reply.status >= 500) this.failures.push({ who: name, what: `${request.method} ${request.url}`, status: reply.status, at: performance.now() });
      for (const pair of reply.cookie.split('; ').filter(Boolean)) {
        const at = pair.indexOf('=');
        this.jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
      return reply;
    });
  }

  cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** Sends this player's next requests and socket to `host` (the balancer honours its cookie while the host is up). */
  pin(host: AppHostName): void {
    this.jar.set(LB_COOKIE, host);
  }

  /** The host the balancer's cookie names now (rewritten by the balancer when it sent a request elsewhere). */
  get stickyHost(): string | undefined {
    return this.jar.get(LB_COOKIE);
  }

  async signUp(name: string): Promise<void> {
    this.user = await this.client.signUp({ email: `${name}@example.com`, username: name });
  }

  /** Connects (or reconnects now, with the jar's current cookies); resolves once connected. */
  connect(): Promise<void> {
    this.socket?.removeAllListeners();
    this.socket?.disconnect();
    clearTimeout(this.retry);
    this.attempt = 0;
    const socket = io(this.url, {
      transports: ['websocket', 'polling'],
      reconnection: false,
      forceNew: true,
      timeout: 5_000,
      extraHeaders: { origin: this.url, cookie: this.cookieHeader() },
    });
    this.socket = socket;
    socket.on('connect', () => {
      this.connected = true;
      this.connects++;
      this.attempt = 0;
      this.lastConnectAt = performance.now();
      if (this.sessionId) void this.join(this.sessionId).catch(() => {});
    });
    socket.on('disconnect', (reason) => {
      this.connected = false;
      this.drops++;
      if (reason !== 'io client disconnect') this.scheduleRetry();
    });
    socket.on('connect_error', () => {
      this.connected = false;
      this.scheduleRetry();
    });
    socket.on('session:answered', (event: SessionAnsweredEvent) => {
      if (event.userId !== this.user.id) this.heard.set(`${event.sessionId} ${event.itemId}`, performance.now());
    });
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.name}: socket not connected after 10 s`)), 10_000);
      socket.once('connect', () => (clearTimeout(timer), resolve()));
    });
  }

  /** The web's schedule (1, 2, 5, then every 10 s), with the cookies the jar holds by then. */
  private scheduleRetry() {
    if (this.closed) return;
    clearTimeout(this.retry);
    this.retry = setTimeout(() => {
      const socket = this.socket;
      if (!socket || this.closed) return;
      socket.io.opts.extraHeaders = { origin: this.url, cookie: this.cookieHeader() };
      socket.connect();
    }, reconnectDelay(this.attempt++));
  }

  /** Joins the session's room (after every reconnect too, as the session screen does). */
  join(sessionId: string): Promise<SessionJoinAck> {
    this.sessionId = sessionId;
    const socket = this.socket;
    if (!socket?.connected) return Promise.resolve({ ok: false, error: 'not connected' });
    // A join that times out (its host just lost Redis, or died) is a failed join to try again, not a crash of the run.
    return (socket.timeout(5_000).emitWithAck('session:join', { sessionId }) as Promise<SessionJoinAck>).catch(
      (err: Error): SessionJoinAck => ({ ok: false, error: err.message }) as SessionJoinAck,
    );
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.retry);
    this.socket?.removeAllListeners();
    this.socket?.disconnect();
  }
}

/** A request that may meet a host going down: network errors and 5xx are retried (as the web's outbox does), anything else is a bug. */
async function persist<T>(what: string, work: () => Promise<T>, deadlineMs = 45_000): Promise<T> {
  const start = performance.now();
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      const status = err instanceof ApiError ? err.reply.status : 0;
      if (status && status < 500) throw err;
      if (performance.now() - start > deadlineMs) throw new Error(`${what}: still failing after ${deadlineMs} ms: ${(err as Error).message}`);
      await new Promise((r) => setTimeout(r, Math.min(100 * 2 ** attempt, 1_000)));
    }
  }
}

export interface Ack {
  sessionId: string;
  itemId: string;
  userId: string;
  answer: 'a' | 'b';
  /** When its POST was sent (the last time, if it was retried), and when it was acknowledged. */
  sentAt: number;
  at: number;
}

export interface Round {
  sessionId: string;
  itemId: string;
  /** When both answers were acknowledged. */
  at: number;
  /** How long after the partner's answer was sent each one heard of it (null: not within the wait). */
  hostHeardMs: number | null;
  guestHeardMs: number | null;
  /** When both answers were acknowledged and both heard (null: not both heard within the wait). */
  settledAt: number | null;
}

/** How long a round waits to hear the partner's answer before going on (a late event still counts when it comes). */
const HEAR_WAIT_MS = 1_000;
/** A player's pause between items, so two players make a steady few answers a second, not a flood. */
const THINK_MS = 100;

/** The host (who moves the session on) and the guest playing live Would You Rather sessions, one after another. */
export class Game {
  readonly acks: Ack[] = [];
  readonly rounds: Round[] = [];
  readonly sessions: string[] = [];
  completed = 0;
  private live: SessionLive | null = null;
  private stopping = false;
  private loop: Promise<void> | null = null;

  constructor(
    readonly host: Player,
    readonly guest: Player,
    private readonly levelId: string,
  ) {}

  private get sessionId(): string {
    return this.sessions[this.sessions.length - 1];
  }

  /** A new session on the level, both players in its room. */
  async newSession(): Promise<void> {
    const id = await persist('create a session', () => this.host.client.createSession(this.host.user, { levelId: this.levelId }));
    this.sessions.push(id);
    this.live = await persist('read the session', () => this.host.client.snapshot(id, this.host.user));
    await Promise.all([this.host.join(id), this.guest.join(id)]);
  }

  private async answer(player: Player, itemId: string): Promise<Ack> {
    const answer = Math.random() < 0.5 ? 'a' : 'b';
    const sessionId = this.sessionId;
    let sentAt = 0;
    await persist(`${player.name} answers`, () => {
      sentAt = performance.now();
      return player.client.answer(sessionId, answer, { as: player.user, itemId });
    });
    const ack = { sessionId, itemId, userId: player.user.id, answer, sentAt, at: performance.now() } as const;
    this.acks.push(ack);
    return ack;
  }

  /** Reads where the session is (after a loop stopped mid-round, a Next whose answer was lost may have committed). */
  async resync(): Promise<void> {
    if (this.sessions.length) this.live = await persist('read the session', () => this.host.client.snapshot(this.sessionId, this.host.user));
  }

  /** Both answer the current item, each waits a moment to hear the other, then the host moves on (or starts a new session). */
  async round(): Promise<Round> {
    if (!this.live?.current || this.live.session.status === 'completed') await this.newSession();
    const sessionId = this.sessionId;
    const itemId = this.live!.current!.id;
    const [hostAck, guestAck] = await Promise.all([this.answer(this.host, itemId), this.answer(this.guest, itemId)]);
    const key = `${sessionId} ${itemId}`;
    const heardBy = (p: Player, other: Ack) => {
      const at = p.heard.get(key);
      return at === undefined ? null : at - other.sentAt;
    };
    const waitStart = performance.now();
    while ((!this.host.heard.has(key) || !this.guest.heard.has(key)) && performance.now() - waitStart < HEAR_WAIT_MS) await new Promise((r) => setTimeout(r, 10));
    const at = Math.max(hostAck.at, guestAck.at);
    const [hostHeardMs, guestHeardMs] = [heardBy(this.host, guestAck), heardBy(this.guest, hostAck)];
    const settledAt = hostHeardMs === null || guestHeardMs === null ? null : Math.max(at, guestAck.sentAt + hostHeardMs, hostAck.sentAt + guestHeardMs);
    const round: Round = { sessionId, itemId, at, hostHeardMs, guestHeardMs, settledAt };
    this.rounds.push(round);
    this.live = await persist('the host moves on', async () => {
      try {
        const moved = await this.host.client.move(sessionId, 'next', { as: this.host.user });
        if (moved.completed) this.completed++;
        return moved.live;
      } catch (err) {
        // A Next whose answer was lost may have committed: the session, read again, says where it is.
        if (err instanceof ApiError && err.reply.status === 409) return this.host.client.snapshot(sessionId, this.host.user);
        throw err;
      }
    });
    return round;
  }

  /** Plays in the background until `stop()`; a failure stops the loop and is thrown by `stop()`. */
  start(): void {
    this.stopping = false;
    this.loop = (async () => {
      await this.resync();
      while (!this.stopping) {
        await this.round();
        await new Promise((r) => setTimeout(r, THINK_MS));
      }
    })();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.loop;
    this.loop = null;
  }

  /** How long each partner took to hear the other's answer in these rounds, from what has arrived by now (null: not yet). */
  latencies(rounds: Round[]): (number | null)[] {
    const sentAt = (r: Round, p: Player) => this.acks.find((a) => a.sessionId === r.sessionId && a.itemId === r.itemId && a.userId === p.user.id)?.sentAt ?? NaN;
    return rounds.flatMap((r) => {
      const key = `${r.sessionId} ${r.itemId}`;
      const [hostHeard, guestHeard] = [this.host.heard.get(key), this.guest.heard.get(key)];
      return [hostHeard === undefined ? null : hostHeard - sentAt(r, this.guest), guestHeard === undefined ? null : guestHeard - sentAt(r, this.host)];
    });
  }

  /** The first round acknowledged after `since` (ms, performance.now()) in which both heard each other, if any. */
  firstHeardBothWays(since: number): (Round & { settledAt: number }) | undefined {
    return this.rounds.find((r): r is Round & { settledAt: number } => r.at > since && r.settledAt !== null);
  }

  /** Resolves once `n` more rounds have been played (or rejects after `timeoutMs`, or when the loop failed). */
  async roundsPass(n: number, timeoutMs = 30_000): Promise<void> {
    const target = this.rounds.length + n;
    const start = performance.now();
    let failed: unknown = null;
    void this.loop?.catch((err: unknown) => (failed = err));
    while (this.rounds.length < target) {
      if (failed) throw failed;
      if (performance.now() - start > timeoutMs) throw new Error(`${n} rounds not played within ${timeoutMs} ms (${this.rounds.length - target + n} were)`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}
