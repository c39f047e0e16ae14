import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';

/**
 * Wraps a list page's "change my search params" callback so it never pulls the user back: a
 * search debounced while the user already clicked through to a record (the next page still
 * loading, this one still on screen) would otherwise navigate back to the list. The change is
 * dropped when the router's latest location is no longer the path this page was opened on
 * (search-only changes keep the path).
 */
export function useSearchNavigate<TSearch>(
  change: (next: TSearch) => void,
): (next: TSearch) => void {
  const router = useRouter();
  const [pathname] = useState(() => router.latestLocation.pathname);
  return (next: TSearch) => {
    if (router.latestLocation.pathname !== pathname) return;
    change(next);
  };
}
