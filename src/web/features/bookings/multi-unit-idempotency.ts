/**
 * SPEC §7: the multi-unit booking's Idempotency-Key is session-scoped and kept in session storage.
 * One key belongs to one request body: a double click, or a retry after a dropped connection,
 * sends the same body with the same key, and the server makes one booking. A changed body gets a
 * new key (the server would refuse the old one with 422). After a definite answer the key is
 * dropped, so the next attempt is a new request.
 */

export const IDEMPOTENCY_STORAGE_KEY = 'resort.multi-unit-booking.idempotency';

export interface KeyStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

interface StoredKey {
  key: string;
  fingerprint: string;
}

function read(store: KeyStore): StoredKey | null {
  try {
    const parsed = JSON.parse(store.getItem(IDEMPOTENCY_STORAGE_KEY) ?? 'null') as unknown;
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      typeof (parsed as StoredKey).key === 'string' &&
      typeof (parsed as StoredKey).fingerprint === 'string'
    ) {
      return parsed as StoredKey;
    }
  } catch {
    // A damaged entry is replaced below.
  }
  return null;
}

/** The key for this body: the stored one when the body is the same, else a new one. */
export function idempotencyKeyFor(
  store: KeyStore,
  body: unknown,
  newKey: () => string = () => crypto.randomUUID(),
): string {
  const fingerprint = JSON.stringify(body);
  const stored = read(store);
  if (stored && stored.fingerprint === fingerprint) return stored.key;
  const key = newKey();
  try {
    store.setItem(IDEMPOTENCY_STORAGE_KEY, JSON.stringify({ key, fingerprint }));
  } catch {
    // Storage blocked: this attempt still carries its key.
  }
  return key;
}

/**
 * Whether the key may be used again after this answer. It stays for a network failure, a 5xx and
 * a 409 (the same request may still be running, or the answer is a refusal worth repeating); it
 * goes after a success and after the server judged the request itself (400, 404, 422).
 */
export function keepKeyAfter(status: number): boolean {
  return status === 0 || status === 409 || status >= 500;
}

export function forgetIdempotencyKey(store: KeyStore): void {
  try {
    store.removeItem(IDEMPOTENCY_STORAGE_KEY);
  } catch {
    // Nothing to forget.
  }
}
