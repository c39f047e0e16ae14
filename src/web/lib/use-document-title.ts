import { useEffect } from 'react';

/** Sets the browser tab's title: "Page | Site", or just the site name when page is empty. */
export function useDocumentTitle(page: string, site?: string): void {
  useEffect(() => {
    const parts = [page, site].filter((part): part is string => Boolean(part));
    if (parts.length > 0) document.title = parts.join(' | ');
  }, [page, site]);
}
