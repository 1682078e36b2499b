// The line CI reads at the end of .ci/run: exactly "N passed, N failed", from Vitest's JSON report.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const e2eFile = /[\\/]e2e[\\/][^\\/]+\.test\.ts$/;

/**
 * Skipped tests go on a line of their own, above. A run without the end-to-end files counts one more failure:
 * CI must never pass with that suite quietly left out. The static checks that .ci/run runs beside the tests (type
 * check, lint, format check) count one each, passed or failed, and a failed one is named above the line.
 * @param {string | null} reportText the JSON report, or null when there is none
 * @param {{ name: string, ok: boolean }[]} [checks] the static checks' results
 * @returns {{ lines: string[], ok: boolean }}
 */
export function summarize(reportText, checks = []) {
  const checkLines = checks.filter((c) => !c.ok).map((c) => `ci: ${c.name} failed`);
  const checksPassed = checks.filter((c) => c.ok).length;
  const checksFailed = checks.length - checksPassed;
  const { lines, ok, passed, failed } = summarizeTests(reportText);
  return {
    lines: [...checkLines, ...lines, `${passed + checksPassed} passed, ${failed + checksFailed} failed`],
    ok: ok && checksFailed === 0,
  };
}

/** @param {string | null} reportText */
function summarizeTests(reportText) {
  let r;
  try {
    r = JSON.parse(reportText ?? '');
  } catch {
    return { lines: ['ci: no test report'], ok: false, passed: 0, failed: 1 };
  }
  let failed = r.numFailedTests + (r.numFailedTestSuites && !r.numFailedTests ? r.numFailedTestSuites : 0);
  const lines = [];
  const e2eRan = (r.testResults ?? []).some((t) => e2eFile.test(t.name));
  if (!e2eRan) {
    lines.push('ci: the end-to-end suite did not run');
    failed++;
  }
  const skipped = r.numPendingTests + (r.numTodoTests ?? 0);
  if (skipped) lines.push(`${skipped} skipped`);
  return { lines, ok: failed === 0, passed: r.numPassedTests, failed };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let text = null;
  try {
    text = readFileSync(process.argv[2] ?? 'test-results/results.json', 'utf8');
  } catch {
    /* no report: summarize says so */
  }
  // Each further argument is one static check's result, `name=0` (its exit status).
  const checks = process.argv.slice(3).map((arg) => {
    const at = arg.lastIndexOf('=');
    return { name: arg.slice(0, at), ok: arg.slice(at + 1) === '0' };
  });
  const { lines, ok } = summarize(text, checks);
  for (const line of lines) console.log(line);
  process.exit(ok ? 0 : 1);
}
