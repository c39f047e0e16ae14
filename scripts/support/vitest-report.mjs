// What `npm test` says at its end of a Vitest run that failed (scripts/test.mjs).
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * What Vitest did not pass, said at the end of the run where a reader of CI's tail sees it: each
 * failed file with its error (a failed `beforeAll` fails the file and skips its tests) and each
 * failed test with the first line of its error. Vitest's own report of them is in its log, printed
 * whole when it ends, which may be far above the last lines.
 */
export function vitestFailures(report, root = process.cwd()) {
  const lines = [];
  const prefix = `${root}${path.sep}`;
  for (const file of report.testResults ?? []) {
    const name = file.name.startsWith(prefix) ? file.name.slice(prefix.length) : file.name;
    const failedTests = file.assertionResults.filter((test) => test.status === 'failed');
    const notRun =
      file.assertionResults.length -
      failedTests.length -
      file.assertionResults.filter((test) => test.status === 'passed').length;
    if (file.status !== 'failed' && failedTests.length === 0) continue;
    const firstLine = (text) =>
      String(text ?? '')
        .split('\n')
        .find((line) => line.trim()) ?? '';
    lines.push(`  ${name}${notRun > 0 ? ` (${notRun} test(s) not run)` : ''}`);
    if (file.message) lines.push(`    ${firstLine(file.message).slice(0, 300)}`);
    for (const test of failedTests) {
      lines.push(`    × ${test.fullName}: ${firstLine(test.failureMessages?.[0]).slice(0, 300)}`);
    }
  }
  return lines;
}

/** Vitest's own account of failures and unhandled errors, from its log (colours taken out). */
export function vitestLogFailures(logFile) {
  let text;
  try {
    text = readFileSync(logFile, 'utf8').replace(
      new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'),
      '',
    );
  } catch {
    return [];
  }
  const start = text.search(/⎯+ (Failed (Suites|Tests)|Unhandled Errors?) \d+ ⎯+/);
  if (start < 0) return [];
  return text.slice(start).split('\n').slice(0, 80);
}
