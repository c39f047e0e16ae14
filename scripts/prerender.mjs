// Renders the public pages to HTML at build time (issue 9, "Page budgets"): builds the app's
// prerender entry (src/web/prerender.tsx) for Node with Vite, renders each page below with the
// public entry's own components, and writes dist/pages/<page>.html: dist/web/public.html with the page's
// markup inside #root and its own title and description. The server sends that file for that
// exact path (src/server/http/error-handler.ts), so the page paints from the HTML and CSS before
// the JavaScript has loaded; the script then renders the live page into it
// (src/web/public-main.tsx).
// Run by scripts/build.mjs after the browser build.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

/** The public pages; a page whose content needs the API renders as it looks while loading. */
const PRERENDERED_PAGES = [
  '/',
  '/guest-booking',
  '/check-booking',
  '/calendar',
  '/privacy-policy',
  '/terms-and-conditions',
];

const root = path.resolve(import.meta.dirname, '..');
const bundleDir = path.join(root, 'dist/prerender');
const pagesDir = path.join(root, 'dist/pages');

const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** public.html with the page's markup in #root and its title and description in the head. */
function pageHtml(template, page) {
  let html = template.replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>`);
  if (page.title) {
    html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`);
  }
  if (page.description) {
    html = html.replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeHtml(page.description)}" />`,
    );
  }
  return html;
}

await build({
  root,
  logLevel: 'warn',
  build: {
    ssr: 'src/web/prerender.tsx',
    outDir: bundleDir,
    emptyOutDir: true,
    copyPublicDir: false,
  },
});

const template = readFileSync(path.join(root, 'dist/web/public.html'), 'utf8');
if (!template.includes('<div id="root"></div>'))
  throw new Error('dist/web/public.html has no #root');
const { prerenderPage } = await import(pathToFileURL(path.join(bundleDir, 'prerender.js')).href);

rmSync(pagesDir, { recursive: true, force: true });
mkdirSync(pagesDir, { recursive: true });
for (const url of PRERENDERED_PAGES) {
  const page = await prerenderPage(url);
  if (!page.html.includes('<h1')) throw new Error(`the prerendered ${url} has no heading`);
  const file = url === '/' ? 'index.html' : `${url.slice(1)}.html`;
  writeFileSync(path.join(pagesDir, file), pageHtml(template, page));
}
rmSync(bundleDir, { recursive: true, force: true });
// The rendered pages leave query timers and the like behind; nothing else is left to do.
process.exit(0);
