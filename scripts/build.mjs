// Builds the web app (Vite), renders the public pages to HTML (scripts/prerender.mjs, into
// dist/pages) and bundles the server (esbuild) into dist/, then writes a brotli and a gzip copy
// beside every compressible file of dist/web and dist/pages for @fastify/static's `preCompressed`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { build } from 'esbuild';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compressed once at build time at the highest levels (brotli 11 is too slow to do per request).
 * A copy that is not smaller than the file is not written, so the plain file is sent instead.
 */
async function writeCompressedSiblings(dir) {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  await Promise.all(
    files.map(async (file) => {
      const content = readFileSync(file);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      if (br.length < content.length) writeFileSync(`${file}.br`, br);
      if (gz.length < content.length) writeFileSync(`${file}.gz`, gz);
    }),
  );
}

const vite = spawnSync(
  process.execPath,
  ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'],
  {
    stdio: 'inherit',
  },
);
if (vite.status !== 0) process.exit(vite.status ?? 1);
const prerender = spawnSync(process.execPath, ['scripts/prerender.mjs'], { stdio: 'inherit' });
if (prerender.status !== 0) process.exit(prerender.status ?? 1);
await writeCompressedSiblings('dist/web');
await writeCompressedSiblings('dist/pages');

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
