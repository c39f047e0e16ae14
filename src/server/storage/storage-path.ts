/**
 * Bucket names and object paths (DESIGN §2 storage). Paths come from URLs and request bodies, so
 * they are checked strictly before any driver turns them into a file name: no "..", no absolute
 * paths, no backslashes, no NUL or other control characters, no empty or dot segments, and only
 * a small set of characters per segment. A path that passes is already in its normal form.
 */

/** SPEC §3: payment proofs live in a bucket named payment-proofs (private, DESIGN §3). */
export const PAYMENT_PROOFS_BUCKET = 'payment-proofs';

const BUCKET = /^[a-z0-9][a-z0-9-]{1,62}$/;
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;
const MAX_PATH_LENGTH = 500;
const MAX_DEPTH = 8;

export function isValidBucket(bucket: unknown): bucket is string {
  return typeof bucket === 'string' && BUCKET.test(bucket);
}

/**
 * The normal form of an object path, or null when it is unsafe or malformed. A single leading or
 * trailing slash and repeated slashes are tolerated and removed; everything else must already be
 * clean (no decoding happens here: callers pass what the URL router decoded).
 */
export function normalizeStoragePath(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  if (raw.length === 0 || raw.length > MAX_PATH_LENGTH) return null;
  // Backslashes act as separators on Windows; control characters (NUL above all) cut file names.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  if (raw.startsWith('//')) return null;
  const segments = raw.split('/').filter((segment) => segment !== '');
  if (segments.length === 0 || segments.length > MAX_DEPTH) return null;
  for (const segment of segments) {
    if (segment === '.' || segment === '..' || !SEGMENT.test(segment)) return null;
    // "a..b" is harmless as a name, but nothing legitimate needs it and it reads like traversal.
    if (segment.includes('..')) return null;
  }
  return segments.join('/');
}

const EXTENSIONS: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/**
 * A file name safe to use as one path segment, keeping what a person would recognise: letters,
 * digits, dot, dash and underscore; anything else becomes a dash. The extension always matches the
 * declared type (DESIGN §3's proof types), so "IMG 0042.HEIC" declared as JPEG becomes
 * "img-0042.jpg".
 */
export function safeFileName(name: string, mimeType: string): string {
  const extension = EXTENSIONS[mimeType] ?? 'bin';
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '')
    .slice(0, 80);
  return `${base || 'payment-proof'}.${extension}`;
}

/** DESIGN §2 + SPEC §7: a proof lives at `{bookingId}/{timestamp}-{safe-file-name}`. */
export function paymentProofPath(
  bookingId: string,
  fileName: string,
  mimeType: string,
  now: Date,
): string {
  return `${bookingId}/${now.getTime()}-${safeFileName(fileName, mimeType)}`;
}
