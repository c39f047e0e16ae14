import { describe, expect, it } from 'vitest';
import {
  IDEMPOTENCY_STORAGE_KEY,
  forgetIdempotencyKey,
  idempotencyKeyFor,
  keepKeyAfter,
  type KeyStore,
} from './multi-unit-idempotency';

function memoryStore(): KeyStore & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

describe('the multi-unit Idempotency-Key (SPEC §7)', () => {
  it('reuses the stored key for the same body and makes a new one for another', () => {
    const store = memoryStore();
    let n = 0;
    const newKey = () => `key-${++n}`;
    const body = { units: [{ unit_id: 'a', num_guests: 2 }] };
    expect(idempotencyKeyFor(store, body, newKey)).toBe('key-1');
    expect(idempotencyKeyFor(store, { ...body }, newKey)).toBe('key-1');
    expect(idempotencyKeyFor(store, { units: [] }, newKey)).toBe('key-2');
    expect(store.items.has(IDEMPOTENCY_STORAGE_KEY)).toBe(true);
  });

  it('starts afresh after the key is forgotten or the entry is damaged', () => {
    const store = memoryStore();
    let n = 0;
    const newKey = () => `key-${++n}`;
    expect(idempotencyKeyFor(store, 'a', newKey)).toBe('key-1');
    forgetIdempotencyKey(store);
    expect(idempotencyKeyFor(store, 'a', newKey)).toBe('key-2');
    store.items.set(IDEMPOTENCY_STORAGE_KEY, '{not json');
    expect(idempotencyKeyFor(store, 'a', newKey)).toBe('key-3');
  });

  it('reads a key saved before issue 22 (its body sent source "web"), and never lends it to a new body', () => {
    const store = memoryStore();
    const guest = { guest_name: 'Acme Travel', email: 'a@acme.ph', contact_number: '09175550142' };
    const before = { primary_guest: guest, units: [{ unit_id: 'a', num_guests: 2 }] };
    const oldBody = { ...before, source: 'web' };
    store.items.set(
      IDEMPOTENCY_STORAGE_KEY,
      JSON.stringify({ key: 'saved-key', fingerprint: JSON.stringify(oldBody) }),
    );
    // A retry of the old tab's request keeps its key (the server still takes "web").
    expect(idempotencyKeyFor(store, oldBody, () => 'fresh')).toBe('saved-key');
    // The wizard now sends the source staff chose: another request, another key.
    expect(idempotencyKeyFor(store, { ...before, source: 'phone' }, () => 'fresh')).toBe('fresh');
  });

  it('keeps the key after a dropped connection, a 409 or a 5xx, not after a judged request', () => {
    expect([0, 409, 500, 503].map(keepKeyAfter)).toEqual([true, true, true, true]);
    expect([400, 404, 422].map(keepKeyAfter)).toEqual([false, false, false]);
  });
});
