import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerRequestLog } from './request-log';

/** An app logging to memory at `level`, with a quick, a slow and a failing route. */
async function appAt(level: string) {
  const lines: { level: number; msg: string; statusCode?: number; slowRequests?: number }[] = [];
  const stream = new Writable({ write: (chunk, _encoding, next) => void (lines.push(JSON.parse(String(chunk))), next()) });
  const app = Fastify({ logger: { level, stream }, logController: new LogController({ disableRequestLogging: true }) });
  registerRequestLog(app, { slowMs: 40 });
  app.get('/quick', async () => ({ ok: true }));
  app.get('/slow', async () => new Promise((resolve) => setTimeout(() => resolve({ ok: true }), 60)));
  app.get('/broken', async (_request, reply) => reply.status(503).send({ ok: false }));
  return { app, lines };
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
    const { app, lines } = await appAt('warn');
    await app.inject({ url: '/broken' });
    await Promise.all([app.inject({ url: '/slow' }), app.inject({ url: '/slow' }), app.inject({ url: '/slow' })]);
    expect(lines).toEqual([
      expect.objectContaining({ level: WARN, msg: 'request failed', statusCode: 503 }),
      expect.objectContaining({ level: WARN, msg: 'slow request', statusCode: 200, slowRequests: 1 }),
    ]);
  });
});
