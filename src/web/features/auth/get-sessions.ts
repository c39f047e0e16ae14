import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';
import type { ActiveSession } from '../../../domain/schemas/auth.schema';

export async function getSessions(signal?: AbortSignal): Promise<ActiveSession[]> {
  const body = await apiGet<{ data?: ActiveSession[] } | ActiveSession[]>('/api/auth/sessions', {
    signal,
  });
  const list = Array.isArray(body) ? body : (body.data ?? []);
  // This browser first, then the most recent.
  return [...list].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.created_at.localeCompare(a.created_at),
  );
}

export const sessionsQueryKey = ['auth', 'sessions'] as const;

export function sessionsQueryOptions() {
  return queryOptions({
    queryKey: sessionsQueryKey,
    queryFn: ({ signal }) => getSessions(signal),
    staleTime: 0,
  });
}

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}

/** "Chrome on Windows", "Safari on iPhone": enough to recognise one's own devices. */
export function describeUserAgent(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\/|Opera/.test(userAgent)
      ? 'Opera'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Chrome\/|Chromium\/|CriOS\//.test(userAgent)
          ? /Chromium\//.test(userAgent)
            ? 'Chromium'
            : 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : null;
  const os = /iPhone/.test(userAgent)
    ? 'iPhone'
    : /iPad/.test(userAgent)
      ? 'iPad'
      : /Android/.test(userAgent)
        ? 'Android'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(userAgent)
            ? 'macOS'
            : /CrOS/.test(userAgent)
              ? 'ChromeOS'
              : /Linux/.test(userAgent)
                ? 'Linux'
                : null;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? 'Unknown device';
}
