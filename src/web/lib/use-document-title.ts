import { useEffect } from 'react';
import { prerenderHead } from './prerender-head';

/** "Page | Site", or just the site name when page is empty. */
function documentTitle(page: string, site?: string): string {
  return [page, site].filter((part): part is string => Boolean(part)).join(' | ');
}

/** Sets the browser tab's title: "Page | Site", or just the site name when page is empty. */
export function useDocumentTitle(page: string, site?: string): void {
  const title = documentTitle(page, site);
  if (import.meta.env.SSR && title) prerenderHead.title = title;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
