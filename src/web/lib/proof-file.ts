import { LIMITS } from '../../domain/constants';
import type { ProofMimeType } from '../../domain/constants';
import { MESSAGES } from '../../domain/messages';

/*
 * SPEC §5 and DESIGN §3 payment proof rules that need no browser API, so they are unit-tested:
 * which files are accepted, how big, and the exact messages.
 */

export const PROOF_MESSAGES = {
  // The shared message, so the form and the server name the same accepted types (issue 15).
  invalidType: MESSAGES.proofType,
  tooLarge: (maxLabel: string) => `File is too large. Maximum size is ${maxLabel}.`,
  heicFailed: 'Failed to convert HEIC image. Please use JPG or PNG format.',
  compressFailed: 'Failed to compress image. Please try a smaller file.',
  tooLargeAfterCompression: 'File size must be less than 2MB after compression.',
  required: 'Payment proof is required',
} as const;

/** What the file really is, from its first bytes (or, for HEIC, its name and type as well). */
export type ProofKind = 'jpeg' | 'png' | 'webp' | 'pdf' | 'heic';

export const PROOF_MIME: Readonly<Record<Exclude<ProofKind, 'heic'>, ProofMimeType>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

/** For the file chooser; HEIC/HEIF is offered because it is converted in the browser. */
export const PROOF_ACCEPT =
  'image/jpeg,image/png,image/webp,application/pdf,image/heic,image/heif,.jpg,.jpeg,.png,.webp,.pdf,.heic,.heif';

/** A PDF (kept as it is) may be at most the server's limit. */
export const MAX_PDF_BYTES = LIMITS.proof_max_bytes;
/** An image is compressed, so it may start larger; past this a phone would run out of memory. */
export const MAX_IMAGE_BYTES = 25 * 1024 * 1024;
/** DESIGN §3: images over about 500 KB are compressed, to at most 1920 px on the longer side. */
export const COMPRESSION_THRESHOLD_BYTES = LIMITS.compression_threshold_bytes;
export const MAX_IMAGE_SIDE = 1920;

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}

/** The kind of a file from its leading bytes (at least 12), or null for anything else. */
export function sniffProofKind(bytes: Uint8Array): ProofKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'jpeg';
  }
  if (bytes.length >= 8 && ascii(bytes, 1, 4) === 'PNG' && bytes[0] === 0x89) return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') {
    return 'webp';
  }
  if (bytes.length >= 5 && ascii(bytes, 0, 5) === '%PDF-') return 'pdf';
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(bytes, 8, 12))) {
    return 'heic';
  }
  return null;
}

/** "1.5 MB", "820 KB", "312 bytes". */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) {
    const mb = bytes / (1024 * 1024);
    return `${mb >= 10 ? Math.round(mb) : Math.round(mb * 10) / 10} MB`;
  }
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/**
 * The message for a file that is refused as soon as it is chosen, or null when it may go on to
 * preparation (HEIC conversion, compression).
 */
export function checkChosenProof(kind: ProofKind | null, size: number): string | null {
  if (kind === null || size === 0) return PROOF_MESSAGES.invalidType;
  if (kind === 'pdf' && size > MAX_PDF_BYTES) return PROOF_MESSAGES.tooLarge('2 MB');
  if (kind !== 'pdf' && size > MAX_IMAGE_BYTES) return PROOF_MESSAGES.tooLarge('25 MB');
  return null;
}

/** The size of an image scaled so its longer side is at most `maxSide` (never enlarged). */
export function fitWithin(width: number, height: number, maxSide: number) {
  const scale = Math.min(1, maxSide / Math.max(width, height, 1));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** "receipt.HEIC" → "receipt.jpg". */
export function withExtension(name: string, extension: string): string {
  const base = name.replace(/\.[^./\\]*$/, '') || 'payment-proof';
  return `${base}.${extension}`;
}
