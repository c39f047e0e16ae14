// Builds the web app (Vite) and bundles the server (esbuild) into dist/.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

const vite = spawnSync(
  process.execPath,
  ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'],
  {
    stdio: 'inherit',
  },
);
if (vite.status !== 0) process.exit(vite.status ?? 1);

await build({
  entryPoints: ['src/server/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});

mkdirSync('dist', { recursive: true });
writeFileSync('dist/.build-stamp', new Date().toISOString() + '\n');
