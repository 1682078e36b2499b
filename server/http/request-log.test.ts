import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../clock';
import { registerRequestLog, SLOW_REQUEST_MS } from './request-log';

/** How long each route takes, as the request log is told it: no request has to take that long for real. */
const took: Record<string, number> = { '/quick': 5, '/slow': SLOW_REQUEST_MS + 500, '/broken': 5 };

/** An app logging to memory at `level`, with a quick, a slow and a failing route, on a clock that stands still. */
async function appAt(level: string) {
  const lines: { level: number; msg: string; statusCode?: number; slowRequests?: number }[] = [];
  const stream = new Writable({ write: (chunk, _encoding, next) => void (lines.push(JSON.parse(String(chunk))), next()) });
  const app = Fastify({ logger: { level, stream }, logController: new LogController({ disableRequestLogging: true }) });
  const clock = manualClock('2026-03-09T12:00:00Z');
  registerRequestLog(app, { clock, responseTime: (reply) => took[reply.request.url]! });
  app.get('/quick', async () => ({ ok: true }));
  app.get('/slow', async () => ({ ok: true }));
  app.get('/broken', async (_request, reply) => reply.status(503).send({ ok: false }));
  return { app, lines, clock };
}

const WARN = 40;
const DEBUG = 20;

describe('request logging', () => {
  it('writes nothing for an ordinary request at info level, one line at debug', async () => {
    const info = await appAt('info');
    await info.app.inject({ url: '/quick' });
    expect(info.lines).toEqual([]);
    const debug = await appAt('debug');
    await debug.app.inject({ url: '/quick' });
    expect(debug.lines).toEqual([expect.objectContaining({ level: DEBUG, msg: 'request completed', statusCode: 200 })]);
  });

  it('warns of server errors and slow requests at warn level, slow ones at most once a second with their count', async () => {
    const { app, lines, clock } = await appAt('warn');
    await app.inject({ url: '/broken' });
    await app.inject({ url: '/quick' });
    for (let i = 0; i < 3; i++) await app.inject({ url: '/slow' });
    expect(lines).toEqual([
      expect.objectContaining({ level: WARN, msg: 'request failed', statusCode: 503 }),
      expect.objectContaining({ level: WARN, msg: 'slow request', statusCode: 200, slowRequests: 1 }),
    ]);
    // A second on, the next slow request's line counts the two that went unlogged as well.
    clock.advance(1_000);
    await app.inject({ url: '/slow' });
    expect(lines.slice(2)).toEqual([expect.objectContaining({ level: WARN, msg: 'slow request', slowRequests: 3 })]);
  });
});
