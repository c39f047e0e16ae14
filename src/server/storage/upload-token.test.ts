import { describe, expect, it } from 'vitest';
import { createUploadToken, deriveUploadTokenKey, verifyUploadToken } from './upload-token';

const key = deriveUploadTokenKey('a-session-secret-of-at-least-32-characters');
const target = { bucket: 'payment-proofs', path: 'booking/1-receipt.png' };
const now = new Date('2027-01-04T02:00:00Z');
const expiresAt = new Date('2027-01-04T02:15:00Z');

describe('signed upload tokens', () => {
  it('verifies for its bucket and path until it expires', () => {
    const { token, claims } = createUploadToken(key, { ...target, maxBytes: 2_097_152, expiresAt });
    expect(verifyUploadToken(key, token, target, now)).toEqual({ ok: true, claims });
    expect(claims).toMatchObject({ b: 'payment-proofs', p: target.path, m: 2_097_152 });
    expect(verifyUploadToken(key, token, target, expiresAt)).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('is bound to exactly its bucket and path', () => {
    const { token } = createUploadToken(key, { ...target, maxBytes: 10, expiresAt });
    expect(verifyUploadToken(key, token, { ...target, path: 'booking/2-other.png' }, now)).toEqual({
      ok: false,
      reason: 'wrong-target',
    });
    expect(verifyUploadToken(key, token, { ...target, bucket: 'other' }, now)).toEqual({
      ok: false,
      reason: 'wrong-target',
    });
  });

  it('refuses a changed claim, another key and garbage', () => {
    const { token } = createUploadToken(key, { ...target, maxBytes: 10, expiresAt });
    const [claims, signature] = token.split('.') as [string, string];
    const changed = JSON.parse(Buffer.from(claims, 'base64url').toString());
    changed.m = 1_000_000_000;
    const forged = `${Buffer.from(JSON.stringify(changed)).toString('base64url')}.${signature}`;
    expect(verifyUploadToken(key, forged, target, now)).toEqual({
      ok: false,
      reason: 'bad-signature',
    });
    const otherKey = deriveUploadTokenKey('another-session-secret-of-32-characters!');
    expect(verifyUploadToken(otherKey, token, target, now).ok).toBe(false);
    for (const bad of [undefined, '', 'abc', 'a.b.c', `${claims}.`, 'x'.repeat(3000)]) {
      expect(verifyUploadToken(key, bad, target, now).ok).toBe(false);
    }
  });

  it('gives every token its own id', () => {
    const a = createUploadToken(key, { ...target, maxBytes: 10, expiresAt });
    const b = createUploadToken(key, { ...target, maxBytes: 10, expiresAt });
    expect(a.claims.id).not.toBe(b.claims.id);
  });
});
