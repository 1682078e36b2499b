/** What the bench's parent process and its load generators (bench/load-worker.ts) say to each other over IPC. */
import type { SessionSnapshot } from '../core/contracts/sessions';
import type { ShareResult, Share } from './realtime-load';

/** A server the generators talk to; `origin` is the app's APP_URL (the relay ignores it). */
export interface Target {
  url: string;
  origin: string;
}

/** One session's room: its two players, and which server each of them is on. */
export interface RoomSpec {
  sessionId: string;
  host: { id: string; cookie: string };
  partner: { id: string; cookie: string };
  /** Index in the servers of the process the host's socket and answers go to, and of the one the partner's socket is on. */
  hostServer: number;
  partnerServer: number;
  /** The bare relay only: its room's name, and the app's snapshot of the session as the partner sees it. */
  relayRoom?: string;
  snapshot?: SessionSnapshot;
}

export interface WorkerSetup {
  kind: 'app' | 'relay';
  servers: Target[];
  rooms: RoomSpec[];
  connectConcurrency: number;
  connectTimeoutMs: number;
}

export type ToWorker =
  | { type: 'setup'; setup: WorkerSetup }
  | { type: 'probe'; count: number }
  /** `startAtMs` on the machine's monotonic clock (lib.ts `monotonicMs`), the same for every generator. */
  | { type: 'run'; ratePerS: number; durationS: number; startAtMs: number; share: Share }
  | { type: 'close' };

export type FromWorker =
  | { type: 'ready'; sockets: number; connectS: number }
  | { type: 'probed'; probeMs: number[] }
  | { type: 'ran'; run: ShareResult; gaps: number; wrong: number; disconnects: number }
  | { type: 'closed' }
  | { type: 'error'; message: string };
