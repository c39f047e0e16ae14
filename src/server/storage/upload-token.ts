import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Signed upload tokens (DESIGN §2, SPEC §7 "upload of the proof to the signed storage location").
 * A token is `base64url(JSON claims) "." base64url(HMAC-SHA256(claims))`, keyed with a key derived
 * from SESSION_SECRET. The claims bind it to one bucket, one path and a size limit, and carry an
 * expiry and a random id; the id is what makes it one use (used_upload_tokens).
 */

export const UPLOAD_TOKEN_TTL_MS = 15 * 60 * 1000;

export type UploadTokenClaims = {
  v: 1;
  /** Bucket. */
  b: string;
  /** Object path (normal form). */
  p: string;
  /** Largest accepted body in bytes. */
  m: number;
  /** Expiry, epoch milliseconds. */
  e: number;
  /** Random token id. */
  id: string;
};

export type UploadTokenCheck =
  | { ok: true; claims: UploadTokenClaims }
  | { ok: false; reason: 'malformed' | 'bad-signature' | 'wrong-target' | 'expired' };

/** A key for this purpose only, so an upload token can never pass as another signed value. */
export function deriveUploadTokenKey(sessionSecret: string): Buffer {
  return createHmac('sha256', sessionSecret).update('resort:upload-token:v1').digest();
}

function sign(key: Buffer, encodedClaims: string): string {
  return createHmac('sha256', key).update(encodedClaims).digest('base64url');
}

export function createUploadToken(
  key: Buffer,
  target: { bucket: string; path: string; maxBytes: number; expiresAt: Date },
): { token: string; claims: UploadTokenClaims } {
  const claims: UploadTokenClaims = {
    v: 1,
    b: target.bucket,
    p: target.path,
    m: target.maxBytes,
    e: target.expiresAt.getTime(),
    id: randomBytes(18).toString('base64url'),
  };
  const encoded = Buffer.from(JSON.stringify(claims), 'utf8').toString('base64url');
  return { token: `${encoded}.${sign(key, encoded)}`, claims };
}

function isClaims(value: unknown): value is UploadTokenClaims {
  const c = value as Partial<UploadTokenClaims> | null;
  return (
    typeof c === 'object' &&
    c !== null &&
    c.v === 1 &&
    typeof c.b === 'string' &&
    typeof c.p === 'string' &&
    typeof c.m === 'number' &&
    Number.isInteger(c.m) &&
    c.m > 0 &&
    typeof c.e === 'number' &&
    Number.isFinite(c.e) &&
    typeof c.id === 'string' &&
    /^[A-Za-z0-9_-]{16,64}$/.test(c.id)
  );
}

/**
 * Checks the signature first (constant time), then the target, then the expiry. It does not look
 * at the one-use rule: that needs the database and happens where the upload is accepted.
 */
export function verifyUploadToken(
  key: Buffer,
  token: unknown,
  target: { bucket: string; path: string },
  now: Date,
): UploadTokenCheck {
  if (typeof token !== 'string' || token.length > 2048) return { ok: false, reason: 'malformed' };
  const parts = token.split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return { ok: false, reason: 'malformed' };
  const [encoded, signature] = parts as [string, string];
  const expected = Buffer.from(sign(key, encoded), 'base64url');
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'bad-signature' };
  }
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (!isClaims(claims)) return { ok: false, reason: 'malformed' };
  if (claims.b !== target.bucket || claims.p !== target.path) {
    return { ok: false, reason: 'wrong-target' };
  }
  if (claims.e <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}
