import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findPrerenderedPages } from './prerendered-pages';

describe('findPrerenderedPages', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('maps each HTML file to the path it is for, index.html to /', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'pages-'));
    for (const file of ['index.html', 'guest-booking.html', 'guest-booking.html.br', 'notes.txt']) {
      writeFileSync(path.join(dir, file), '');
    }
    expect(Object.fromEntries(findPrerenderedPages(dir))).toEqual({
      '/': 'index.html',
      '/guest-booking': 'guest-booking.html',
    });
  });

  it('is empty when the build wrote no pages', () => {
    expect(findPrerenderedPages(path.join(os.tmpdir(), 'no-such-folder-for-pages')).size).toBe(0);
  });
});
