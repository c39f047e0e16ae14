import { writeFileSync } from 'node:fs';
import { renderDocumentPdf } from '../../src/server/documents/document-pdf';
import { stayReceipt } from './fixtures';

/**
 * Bundled by bundled-server.test.ts the way scripts/build.mjs bundles the server (esbuild,
 * packages external) and run from under dist/: the fonts must resolve from there too.
 */
const [layout, out] = process.argv.slice(2);
const pdf = await renderDocumentPdf(
  { snapshot: stayReceipt(), status: 'issued', void_reason: null },
  layout === 'roll' ? 'roll' : 'a4',
);
writeFileSync(out!, pdf);
