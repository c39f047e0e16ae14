import { existsSync, readdirSync } from 'node:fs';

/**
 * The prerendered public pages in `dir` (written by scripts/prerender.mjs), by the path each one
 * is for: `index.html` is `/`, `guest-booking.html` is `/guest-booking`. Empty when the build
 * wrote none.
 */
export function findPrerenderedPages(dir: string): Map<string, string> {
  const pages = new Map<string, string>();
  if (!existsSync(dir)) return pages;
  for (const file of readdirSync(dir)) {
    const match = /^([a-z0-9-]+)\.html$/.exec(file);
    if (match) pages.set(match[1] === 'index' ? '/' : `/${match[1]}`, file);
  }
  return pages;
}
