import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vitestFailures, vitestLogFailures } from './vitest-report.mjs';

/*
 * A real Vitest run over a file whose suite's beforeAll throws (its two tests are skipped, and the
 * JSON report says nothing of why) and whose third test fails: what npm test prints at its end
 * must name both, with the hook's own error.
 */
const FIXTURE = `
describe('a suite', () => {
  beforeAll(() => {
    throw new Error('the hook broke');
  });
  it('first', () => expect(1).toBe(1));
  it('second', () => expect(1).toBe(1));
});
it('a test that fails', () => expect(1).toBe(2));
it('a test that passes', () => expect(2).toBe(2));
`;

let dir: string;
let report: Parameters<typeof vitestFailures>[0];
let logFile: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'vitest-report-'));
  writeFileSync(path.join(dir, 'vitest.config.mjs'), 'export default {};\n');
  writeFileSync(path.join(dir, 'fixture.test.js'), FIXTURE);
  const jsonFile = path.join(dir, 'vitest.json');
  const run = spawnSync(
    process.execPath,
    [
      path.resolve('node_modules/vitest/vitest.mjs'),
      'run',
      '--root',
      dir,
      '--globals',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${jsonFile}`,
    ],
    { cwd: dir, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '1' } },
  );
  expect(run.status).toBe(1);
  logFile = path.join(dir, 'vitest.log');
  writeFileSync(logFile, run.stdout + run.stderr);
  report = JSON.parse(readFileSync(jsonFile, 'utf8'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('what npm test says of a failed Vitest run', () => {
  it('names the file, its tests not run and the failed test with its error', () => {
    expect(vitestFailures(report, dir)).toEqual([
      '  fixture.test.js (2 test(s) not run)',
      '    × a test that fails: AssertionError: expected 1 to be 2 // Object.is equality',
    ]);
  });

  it("quotes Vitest's own report from the log, the hook's error included, without colours", () => {
    const lines = vitestLogFailures(logFile);
    const text = lines.join('\n');
    expect(lines[0]).toMatch(/^⎯+ Failed Suites 1 ⎯+$/);
    expect(text).toContain('Error: the hook broke');
    expect(text).toMatch(/Failed Tests 1/);
    expect(text).not.toContain('\u001b[');
  });

  it('says nothing of a passing run or a log that is not there', () => {
    const passing = {
      testResults: [
        {
          name: path.join(dir, 'ok.test.js'),
          status: 'passed',
          message: '',
          assertionResults: [{ fullName: 'ok', status: 'passed', failureMessages: [] }],
        },
      ],
    };
    expect(vitestFailures(passing, dir)).toEqual([]);
    expect(vitestLogFailures(path.join(dir, 'no-such.log'))).toEqual([]);
  });
});
