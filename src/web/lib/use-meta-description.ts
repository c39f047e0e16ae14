import { useEffect } from 'react';
import { prerenderHead } from './prerender-head';

/** Sets <meta name="description"> while the page is shown, then restores the previous one. */
export function useMetaDescription(content: string): void {
  if (import.meta.env.SSR) prerenderHead.description = content;
  useEffect(() => {
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !meta;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    const previous = meta.content;
    meta.content = content;
    return () => {
      if (created) meta.remove();
      else meta.content = previous;
    };
  }, [content]);
}
