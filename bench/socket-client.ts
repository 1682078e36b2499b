/** The bench's Socket.IO client: websocket transport only, no reconnection, every wait bounded. */
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';

const CONNECT_TIMEOUT_MS = 10_000;

/** One client; resolves once connected, rejects on refusal or after CONNECT_TIMEOUT_MS. `onInvite` hears `invite:received` (bench/invite-latency.ts). */
export function connect(url: string, opts: Partial<ManagerOptions & SocketOptions>, all: Socket[], onInvite?: (key: unknown) => void): Promise<Socket> {
  const socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false, timeout: CONNECT_TIMEOUT_MS, ...opts });
  all.push(socket); // tracked before it connects, so the cleanup closes it whatever happens
  if (onInvite) socket.on('invite:received', (payload: { invite?: { sessionId?: unknown } } | undefined) => onInvite(payload?.invite?.sessionId));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`socket to ${url} not connected after ${CONNECT_TIMEOUT_MS} ms`)), CONNECT_TIMEOUT_MS + 1_000);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once('connect_error', (err) => {
      clearTimeout(timer);
      reject(new Error(`socket to ${url} refused: ${err.message}`));
    });
  });
}
