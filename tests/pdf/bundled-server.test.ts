import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/server/paths';
import { flatText, pdfFonts } from './pdf-text';

/**
 * `npm run build` bundles src/server into dist/server with packages left external: the PDF code
 * must still find the DejaVu fonts in node_modules from there (decision 0022).
 */
describe('the PDFs from the built server', () => {
  mkdirSync(path.join(projectRoot, 'dist'), { recursive: true });
  const dir = mkdtempSync(path.join(projectRoot, 'dist', 'pdf-check-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('embeds the fonts when bundled as scripts/build.mjs bundles the server', async () => {
    const bundle = path.join(dir, 'server', 'check.js');
    await build({
      entryPoints: [path.join(import.meta.dirname, 'bundle-entry.ts')],
      outfile: bundle,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      logLevel: 'warning',
    });
    for (const layout of ['a4', 'roll']) {
      const out = path.join(dir, `${layout}.pdf`);
      execFileSync(process.execPath, [bundle, layout, out]);
      const pdf = readFileSync(out);
      expect(flatText(pdf)).toMatch(/TOTAL ₱11,400\.00/);
      for (const font of pdfFonts(pdf)) expect(font).toMatch(/DejaVuSans/);
    }
  });
});
