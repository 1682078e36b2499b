// The line CI reads at the end of .ci/run: exactly "N passed, N failed", from Vitest's JSON report.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const e2eFile = /[\\/]e2e[\\/][^\\/]+\.test\.ts$/;

/**
 * Skipped tests go on a line of their own, above. A run without the end-to-end files counts one more failure:
 * CI must never pass with that suite quietly left out.
 * @param {string | null} reportText the JSON report, or null when there is none
 * @returns {{ lines: string[], ok: boolean }}
 */
export function summarize(reportText) {
  let r;
  try {
    r = JSON.parse(reportText ?? '');
  } catch {
    return { lines: ['ci: no test report', '0 passed, 1 failed'], ok: false };
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
  lines.push(`${r.numPassedTests} passed, ${failed} failed`);
  return { lines, ok: failed === 0 };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let text = null;
  try {
    text = readFileSync(process.argv[2] ?? 'test-results/results.json', 'utf8');
  } catch {
    /* no report: summarize says so */
  }
  const { lines, ok } = summarize(text);
  for (const line of lines) console.log(line);
  process.exit(ok ? 0 : 1);
}
