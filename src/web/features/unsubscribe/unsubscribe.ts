import { useMutation, useQuery } from '@tanstack/react-query';
// Types only: the public pages carry no zod (lib/search-params.ts).
import type { UnsubscribeDto } from '../../../domain/schemas/message.schema';
import { apiGet, postPublic } from '../../lib/api';

function unsubscribePath(token: string): string {
  return `/api/public/unsubscribe/${encodeURIComponent(token)}`;
}

/** GET /api/public/unsubscribe/:token (no sign-in): what the link unsubscribes, and whether. */
export async function getUnsubscribe(token: string, signal?: AbortSignal) {
  return (await apiGet<{ data: UnsubscribeDto }>(unsubscribePath(token), { signal })).data;
}

export function useUnsubscribeInfo(token: string | undefined) {
  return useQuery({
    queryKey: ['unsubscribe', token] as const,
    queryFn: ({ signal }) => getUnsubscribe(token!, signal),
    enabled: token !== undefined,
    retry: false,
  });
}

/** POST /api/public/unsubscribe/:token: records the opt-out. */
export async function postUnsubscribe(token: string) {
  await postPublic<unknown>(
    unsubscribePath(token),
    {},
    {
      fallback: 'We could not unsubscribe you. Please try again.',
    },
  );
}

export function useUnsubscribe(token: string) {
  return useMutation({
    mutationFn: () => postUnsubscribe(token),
    meta: { suppressErrorToast: true },
  });
}
