import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The package root, found by walking up from this file, so the same code works from src/ (tests,
 * scripts) and from the dist/server bundle.
 */
function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      if (pkg.name === 'resort-booking') return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('package root not found');
    dir = parent;
  }
}

export const projectRoot = findProjectRoot();
export const migrationsPath = path.join(projectRoot, 'migrations');
export const webDistPath = path.join(projectRoot, 'dist', 'web');
/** The public pages rendered to HTML at build time (scripts/prerender.mjs), one file per path. */
export const prerenderedPagesPath = path.join(projectRoot, 'dist', 'pages');

export const appVersion = (
  JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string }
).version;
