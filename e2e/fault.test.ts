import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, type RunningServer, startServer } from './support/server';

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
    const call = async (pathname: string, body: unknown, cookie?: string) => {
      const res = await fetch(`${origin}${pathname}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { origin, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: await res.json(), cookie: res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ') };
    };
    const signUp = async (name: string) => {
      const res = await call('/api/auth/sign-up/email', { email: `${name}-${Date.now()}@example.com`, username: name, password: 'Sunshine123', confirmPassword: 'Sunshine123' });
      return res.cookie;
    };
    const host = await signUp('host');
    const guest = await signUp('guest');
    const { json: invite } = await call('/api/partner/invites', {}, host);
    await call('/api/partner/invites/accept', { token: invite.token }, guest);
    const { json: cats } = await call('/api/games/would_you_rather/categories', undefined, host);
    const level = cats.categories.flatMap((c: { levels: { id: string; lock: string }[] }) => c.levels).find((l: { lock: string }) => l.lock === 'open');
    const { json: created } = await call('/api/sessions', { levelId: level.id }, host);
    const id = created.session.id as string;

    // Both players connect and stay in the room across reconnects, as the browser client does.
    const sockets: Socket[] = [];
    const reconnects = [0, 0];
    for (const [i, cookie] of [host, guest].entries()) {
      const socket = io(origin, { transports: ['websocket'], reconnectionDelay: 200, reconnectionDelayMax: 1000, extraHeaders: { origin, cookie } });
      socket.on('connect', () => {
        reconnects[i]++;
        socket.emit('session:join', { sessionId: id }, () => {});
      });
      sockets.push(socket);
    }
    await new Promise((r) => setTimeout(r, 500));

    // Half the level, then the crash right after the host's and guest's answers on item 5 are committed.
    for (let i = 0; i < 5; i++) {
      await call(`/api/sessions/${id}/answers`, { answer: 'a' }, host);
      await call(`/api/sessions/${id}/answers`, { answer: 'b' }, guest);
      await call(`/api/sessions/${id}/next`, {}, host);
    }
    await call(`/api/sessions/${id}/answers`, { answer: 'a' }, host);
    await call(`/api/sessions/${id}/answers`, { answer: 'a' }, guest);
    server.process.kill('SIGKILL');
    await new Promise((r) => server!.process.once('exit', r));

    server = await startServer({}, { dataDir, port });
    // Both clients come back by themselves and rejoin.
    for (let i = 0; i < 100 && reconnects.some((n) => n < 2); i++) await new Promise((r) => setTimeout(r, 100));
    expect(reconnects.every((n) => n >= 2)).toBe(true);

    const after = (await call(`/api/sessions/${id}`, undefined, host)).json;
    expect(after.session.currentIndex).toBe(5);
    expect(after.answers).toMatchObject({ mine: 'a', partner: 'a', bothAnswered: true });

    const moved = new Promise<{ currentIndex: number }>((r) => sockets[1].once('session:updated', r));
    await call(`/api/sessions/${id}/next`, {}, host);
    expect((await moved).currentIndex).toBe(6);
    for (let i = 6; i < after.itemCount; i++) {
      await call(`/api/sessions/${id}/answers`, { answer: 'b' }, host);
      await call(`/api/sessions/${id}/answers`, { answer: 'b' }, guest);
      await call(`/api/sessions/${id}/next`, {}, host);
    }
    expect((await call(`/api/sessions/${id}`, undefined, guest)).json.session.status).toBe('completed');
    for (const s of sockets) s.disconnect();
  });
});
