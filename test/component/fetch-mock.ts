import { onTestFinished, vi } from 'vitest';
import type { ErrorCode } from '@core/error-codes';

/** One request the screen sent, as the mock saw it. */
export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

/** A JSON answer, or with `text` a raw one (a proxy's HTML page), or no answer at all. */
type Reply = { status?: number; json?: unknown; text?: string; contentType?: string } | 'offline';
/** `'POST /api/auth/sign-in/email'` → the answer; a function sees the request (and may answer differently each time). */
export type Routes = Record<string, Reply | ((req: SentRequest) => Reply | Promise<Reply>)>;

/**
 * Replaces `fetch` with a small router of canned answers (the test may change them as it goes), and records every
 * request. A request no route answers fails the test: the screen asked for something the test did not expect.
 */
export function mockFetch(routes: Routes) {
  const sent: SentRequest[] = [];
  const unexpected: string[] = [];
  onTestFinished(() => {
    if (unexpected.length) throw new Error(`unexpected requests: ${unexpected.join(', ')}`);
  });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const req: SentRequest = { method, path: url.pathname + url.search, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
    sent.push(req);
    const route = routes[`${method} ${url.pathname + url.search}`] ?? routes[`${method} ${url.pathname}`];
    if (!route) {
      unexpected.push(`${method} ${req.path}`);
      throw new TypeError('Failed to fetch');
    }
    const reply = typeof route === 'function' ? await route(req) : route;
    if (reply === 'offline') throw new TypeError('Failed to fetch');
    const body = reply.text ?? (reply.json === undefined ? null : JSON.stringify(reply.json));
    return new Response(body, { status: reply.status ?? 200, headers: { 'content-type': reply.contentType ?? 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    sent,
    /** The requests to one route (`'POST /api/sessions/s1/answers'`). */
    to: (key: string) => sent.filter((r) => `${r.method} ${r.path.split('?')[0]}` === key),
  };
}

/** The API's error body: one of its codes (core/error-codes.ts), and the message the screen shows. */
export const apiError = (status: number, code: ErrorCode, message: string): Reply => ({ status, json: { error: { code, message } } });
