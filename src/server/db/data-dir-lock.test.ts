import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'resort-lock-'));
  dirs.push(dir);
  return dir;
}

describe('lockDataDir', () => {
  it('refuses a second owner while the first is alive, and frees the lock on release', async () => {
    const dir = tempDir();
    // Another live process holds the lock.
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(path.join(dir, 'db.lock'), String(sleeper.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(/already open in another process/);
    } finally {
      sleeper.kill();
    }
  });

  it('takes over a lock left by a process that died', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'db.lock'), '999999999');
    const release = lockDataDir(dir);
    release();
    expect(existsSync(path.join(dir, 'db.lock'))).toBe(false);
  });

  it('creates the folder and releases cleanly', () => {
    const dir = path.join(tempDir(), 'nested', 'data');
    const release = lockDataDir(dir);
    expect(existsSync(path.join(dir, 'db.lock'))).toBe(true);
    release();
    const again = lockDataDir(dir);
    again();
  });
});
