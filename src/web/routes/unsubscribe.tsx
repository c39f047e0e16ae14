import { createFileRoute } from '@tanstack/react-router';
import { UnsubscribePage } from '../features/unsubscribe/unsubscribe-page';
import { optionalString } from '../lib/search-params';

interface UnsubscribeSearch {
  token?: string;
}

export const Route = createFileRoute('/unsubscribe')({
  // Hand-written (not zod) so the entry chunk stays free of zod.
  validateSearch: (search: Record<string, unknown>): UnsubscribeSearch => {
    const token = optionalString(search.token, 512);
    return token ? { token } : {};
  },
  component: UnsubscribeRoute,
});

function UnsubscribeRoute() {
  const { token } = Route.useSearch();
  return <UnsubscribePage token={token} />;
}
