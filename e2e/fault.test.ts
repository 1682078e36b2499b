import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiClient, createCouple, fetchTransport } from '../test/api-client';
import { freePort, type RunningServer, startServer } from './support/server';
import type { SessionUpdatedEvent } from '@core/contracts/sessions';

/**
 * The server process is killed with SIGKILL mid-level and started again on the same data folder. Clients
 * reconnect by themselves, rejoin the session room, and finish the level; no committed answer is lost.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'twogether-fault-'));
let server: RunningServer | undefined;
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a server crash mid-level', () => {
  it('loses no committed answer, and both players finish after the restart', async () => {
    const port = await freePort();
    server = await startServer({}, { dataDir, port });
    const origin = server.url;
    const api = new ApiClient(fetchTransport(origin));
    const [host, guest] = await createCouple(api);
    const id = await api.createSession(host);
    // Both players connect and stay in the room across reconnects, as the browser client does.
    const sockets: Socket[] = [];
    // Joins the server acknowledged, per player: 1 after the first connect, 2 once back in the room after the crash.
    const joins = [0, 0];
    for (const [i, { cookie }] of [host, guest].entries()) {
      const socket = io(origin, { transports: ['websocket'], reconnectionDelay: 200, reconnectionDelayMax: 1000, extraHeaders: { origin, cookie } });
      socket.on('connect', () => socket.emit('session:join', { sessionId: id }, (ack: { ok: boolean }) => ack.ok && joins[i]++));
      sockets.push(socket);
    }
    await expect.poll(() => Math.min(...joins)).toBe(1);

    // Half the level, then the crash right after the host's and guest's answers on item 5 are committed.
    for (let i = 0; i < 5; i++) {
      await api.answer(id, 'a', { as: host });
      await api.answer(id, 'b', { as: guest });
      await api.move(id, 'next', { as: host });
    }
    await api.answer(id, 'a', { as: host });
    await api.answer(id, 'a', { as: guest });
    server.process.kill('SIGKILL');
    await new Promise((r) => server!.process.once('exit', r));

    server = await startServer({}, { dataDir, port });
    // Both clients come back by themselves and rejoin.
    await expect.poll(() => Math.min(...joins), { timeout: 10_000 }).toBe(2);

    const after = await api.snapshot(id, host);
    expect(after.session.currentIndex).toBe(5);
    expect(after.answers).toMatchObject({ mine: 'a', partner: 'a', bothAnswered: true });

    const moved = new Promise<SessionUpdatedEvent>((r) => sockets[1].once('session:updated', r));
    await api.move(id, 'next', { as: host });
    expect((await moved).live.session.currentIndex).toBe(6);
    for (let i = 6; i < after.itemCount; i++) {
      await api.answer(id, 'b', { as: host });
      await api.answer(id, 'b', { as: guest });
      await api.move(id, 'next', { as: host });
    }
    expect((await api.snapshot(id, guest)).session.status).toBe('completed');
    for (const s of sockets) s.disconnect();
  });
});
