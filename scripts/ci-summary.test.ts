import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script without types
import { summarize } from './ci-summary.mjs';

const report = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    numPassedTests: 12,
    numFailedTests: 0,
    numFailedTestSuites: 0,
    numPendingTests: 0,
    testResults: [{ name: '/work/core/dates.test.ts' }, { name: '/work/e2e/auth.test.ts' }],
    ...over,
  });

describe('the line CI reads', () => {
  it('ends with exactly "N passed, N failed"', () => {
    expect(summarize(report())).toEqual({ lines: ['12 passed, 0 failed'], ok: true });
  });

  it('puts skipped tests on a line of their own, above', () => {
    expect(summarize(report({ numPendingTests: 2 })).lines).toEqual(['2 skipped', '12 passed, 0 failed']);
  });

  it('counts a run without the end-to-end files as a failure', () => {
    const { lines, ok } = summarize(report({ testResults: [{ name: '/work/core/dates.test.ts' }] }));
    expect(ok).toBe(false);
    expect(lines.at(-1)).toBe('12 passed, 1 failed');
  });

  it('counts a file that failed to load when no test failed', () => {
    expect(summarize(report({ numFailedTestSuites: 1 }))).toMatchObject({ ok: false, lines: ['12 passed, 1 failed'] });
  });

  it('fails without a report', () => {
    expect(summarize(null)).toEqual({ lines: ['ci: no test report', '0 passed, 1 failed'], ok: false });
  });

  it('counts each static check beside the tests, and names a failed one', () => {
    const checks = [
      { name: 'typecheck', ok: true },
      { name: 'lint', ok: false },
      { name: 'format:check', ok: true },
    ];
    expect(summarize(report(), checks)).toEqual({ lines: ['ci: lint failed', '14 passed, 1 failed'], ok: false });
    expect(summarize(report(), [{ name: 'typecheck', ok: true }])).toEqual({ lines: ['13 passed, 0 failed'], ok: true });
  });
});
