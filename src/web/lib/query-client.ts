import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from '../components/ui/toast';
import { isApiError } from './api';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** The mutation shows its own error message; skip the global error toast. */
      suppressErrorToast?: boolean;
      /**
       * A 401 from this mutation is an answer, not a lost session (a wrong password at sign-in):
       * do not send the user to the login page.
       */
      expectUnauthorized?: boolean;
    };
  }
}

/** SPEC §8: no retry when the message says unauthorized, forbidden, not found or bad request. */
const NON_RETRYABLE_MESSAGE = /unauthori[sz]ed|forbidden|not found|bad request/i;
const NON_RETRYABLE_STATUS = new Set([400, 401, 403, 404]);

export const MAX_QUERY_RETRIES = 3;

export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && NON_RETRYABLE_STATUS.has(error.status)) return false;
  if (error instanceof Error && NON_RETRYABLE_MESSAGE.test(error.message)) return false;
  return failureCount < MAX_QUERY_RETRIES;
}

/** SPEC §9: backoff doubling from 1 s, capped at 30 s. */
export function queryRetryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, 30_000);
}

export function isUnauthorized(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

export interface QueryClientOptions {
  /**
   * Called when any query or mutation is answered 401 (the session is gone or was revoked).
   * SPEC §4/§9: the app then clears its state and goes to /login; main.tsx wires that here so
   * the 401 handling lives in one place. Returns whether it dealt with it (it does not on public
   * pages, where a 401 is an ordinary error).
   */
  onUnauthorized?: () => boolean;
}

export function createQueryClient(options: QueryClientOptions = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isUnauthorized(error)) options.onUnauthorized?.();
      },
    }),
    // CONVENTIONS "One error model": one place turns failed mutations into toasts.
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        // A lost session is announced once, by onUnauthorized, rather than by every call.
        if (
          isUnauthorized(error) &&
          !mutation.meta?.expectUnauthorized &&
          options.onUnauthorized?.()
        ) {
          return;
        }
        if (mutation.meta?.suppressErrorToast) return;
        toast.error(error instanceof Error ? error.message : 'An unexpected error occurred.');
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 5 * 60 * 1000,
        gcTime: 30 * 60 * 1000,
        retry: shouldRetryQuery,
        retryDelay: queryRetryDelay,
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
