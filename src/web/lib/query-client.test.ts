import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { createQueryClient, queryRetryDelay, shouldRetryQuery } from './query-client';

describe('query retry policy (SPEC §8, §9)', () => {
  it('retries other failures up to 3 times', () => {
    const error = new ApiError(503, 'Service temporarily unavailable');
    expect(shouldRetryQuery(0, error)).toBe(true);
    expect(shouldRetryQuery(2, error)).toBe(true);
    expect(shouldRetryQuery(3, error)).toBe(false);
    expect(
      shouldRetryQuery(0, new ApiError(0, 'Network error. Please check your connection.')),
    ).toBe(true);
  });

  it.each([400, 401, 403, 404])('does not retry status %i', (status) => {
    expect(shouldRetryQuery(0, new ApiError(status, 'Something'))).toBe(false);
  });

  it.each(['Unauthorized', 'Forbidden', 'Booking not found', 'Bad Request'])(
    'does not retry when the message says "%s"',
    (message) => {
      expect(shouldRetryQuery(0, new Error(message))).toBe(false);
    },
  );

  it('backs off from 1 s, doubling, capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(queryRetryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });

  it('uses the SPEC §9 cache defaults and never retries mutations', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.staleTime).toBe(5 * 60 * 1000);
    expect(defaults.queries?.gcTime).toBe(30 * 60 * 1000);
    expect(defaults.queries?.refetchOnWindowFocus).toBe(true);
    expect(defaults.queries?.refetchOnReconnect).toBe(true);
    expect(defaults.mutations?.retry).toBe(false);
  });
});

describe('401 handling in one place (SPEC §9)', () => {
  it('reports a 401 from any query, and from a mutation unless it expects one', async () => {
    let calls = 0;
    const client = createQueryClient({
      onUnauthorized: () => {
        calls += 1;
        return true;
      },
    });
    await client
      .fetchQuery({
        queryKey: ['x'],
        queryFn: () =>
          Promise.reject(new ApiError(401, 'Authentication required. Please sign in.')),
        retry: false,
      })
      .catch(() => undefined);
    expect(calls).toBe(1);

    const failing = () => Promise.reject(new ApiError(401, 'Authentication failed.'));
    await client
      .getMutationCache()
      .build(client, { mutationFn: failing, meta: { expectUnauthorized: true } })
      .execute(undefined)
      .catch(() => undefined);
    expect(calls).toBe(1);
    await client
      .getMutationCache()
      .build(client, { mutationFn: failing })
      .execute(undefined)
      .catch(() => undefined);
    expect(calls).toBe(2);
  });
});
