// `npm start`: build when the sources are newer than the last build, then run the server.
// Migrations run and the database is seeded by the server itself on start-up.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const inputs = [
  'src',
  'migrations',
  'public',
  'index.html',
  'public.html',
  'vite.config.ts',
  'package.json',
  'package-lock.json',
];

function newest(p) {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of readdirSync(p)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

const stamp = 'dist/.build-stamp';
const stale =
  !existsSync(stamp) ||
  !existsSync('dist/server/main.js') ||
  !existsSync('dist/web/index.html') ||
  Math.max(...inputs.map(newest)) > statSync(stamp).mtimeMs;

if (stale) {
  console.log('Building the app (first start or sources changed)...');
  const result = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
