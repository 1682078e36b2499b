import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

type Operation = { responses?: Record<string, { content?: unknown }> };

describe('the OpenAPI document at /api/docs', () => {
  it("documents the app's own API: every operation with its success answer, and no stand-in or development route", async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, Operation>> };
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));
    expect(operations.length).toBeGreaterThan(30);
    expect(operations.map((o) => o.path).filter((p) => /^\/(v1|local-pay|dev|api\/dev|api\/test)\//.test(p))).toEqual([]);
    // A success either has a body the document describes, or is a redirect (the verification link's 302).
    const undocumented = operations.filter(({ op }) => !Object.entries(op.responses ?? {}).some(([status, r]) => (status.startsWith('2') && r.content) || status.startsWith('3')));
    expect(undocumented.map((o) => `${o.method} ${o.path}`)).toEqual([]);
    expect(doc.paths['/api/payments/webhook']?.post.responses?.['200']?.content).toBeDefined();
  });
});
