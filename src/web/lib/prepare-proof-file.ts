import { LIMITS } from '../../domain/constants';
import {
  COMPRESSION_THRESHOLD_BYTES,
  MAX_IMAGE_SIDE,
  PROOF_MESSAGES,
  PROOF_MIME,
  checkChosenProof,
  fitWithin,
  sniffProofKind,
  withExtension,
} from './proof-file';
import type { ProofKind } from './proof-file';

/** A refused file, with the SPEC §5 message to show at the upload field. */
export class ProofFileError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProofFileError';
  }
}

/** Reads the file's leading bytes to learn what it really is (not what its name says). */
export async function detectProofKind(file: Blob): Promise<ProofKind | null> {
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  return sniffProofKind(head);
}

/** Refuses a wrong type or an oversize PDF at once, before any work is done on it. */
export async function checkProofFile(file: File): Promise<ProofKind> {
  const kind = await detectProofKind(file).catch(() => null);
  const message = checkChosenProof(kind, file.size);
  if (message || kind === null) throw new ProofFileError(message ?? PROOF_MESSAGES.invalidType);
  return kind;
}

function toBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

const QUALITIES = [0.86, 0.76, 0.66, 0.56];

/**
 * DESIGN §3: draws the image at most 1920 px on its longer side and encodes it as JPEG, lowering
 * the quality and then the size until it is under 2 MB. The browser decodes the image (and
 * applies its EXIF orientation); the re-encode also drops the photo's metadata.
 */
async function encodeJpeg(source: ImageBitmap, maxBytes: number): Promise<Blob> {
  let { width, height } = fitWithin(source.width, source.height, MAX_IMAGE_SIDE);
  let smallest: Blob | null = null;
  for (let round = 0; round < 3; round += 1) {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    // JPEG has no transparency: a transparent screenshot gets a white page, not a black one.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.drawImage(source, 0, 0, width, height);
    for (const quality of QUALITIES) {
      const blob = await toBlob(canvas, 'image/jpeg', quality);
      if (!blob) throw new Error('The canvas could not encode the image');
      if (!smallest || blob.size < smallest.size) smallest = blob;
      if (blob.size <= maxBytes) return blob;
    }
    ({ width, height } = fitWithin(width, height, Math.round(Math.max(width, height) * 0.75)));
  }
  if (!smallest) throw new Error('The image could not be encoded');
  return smallest;
}

async function compressImage(file: Blob): Promise<Blob> {
  let bitmap: ImageBitmap | null = null;
  try {
    bitmap = await createImageBitmap(file);
    return await encodeJpeg(bitmap, LIMITS.proof_max_bytes);
  } catch (cause) {
    throw new ProofFileError(PROOF_MESSAGES.compressFailed, { cause });
  } finally {
    bitmap?.close();
  }
}

/**
 * HEIC/HEIF to JPEG. Safari decodes HEIC itself; elsewhere libheif (heic-to, about 3 MB) is
 * fetched with a dynamic import, only when such a file is chosen. Its "csp" build runs without
 * eval and without compiling WebAssembly, so the app's CSP stays as strict as it is.
 */
async function convertHeic(file: File): Promise<Blob> {
  try {
    const bitmap = await createImageBitmap(file);
    try {
      return await encodeJpeg(bitmap, LIMITS.proof_max_bytes);
    } finally {
      bitmap.close();
    }
  } catch {
    // This browser cannot decode HEIC: use libheif below.
  }
  try {
    const { heicTo } = await import('heic-to/csp');
    return await heicTo({ blob: file, type: 'image/jpeg', quality: 0.9 });
  } catch (cause) {
    throw new ProofFileError(PROOF_MESSAGES.heicFailed, { cause });
  }
}

/**
 * SPEC §4 "file conversion/compression": the file that is uploaded. HEIC becomes JPEG; an image
 * over about 500 KB is compressed; a PDF or a small image is sent as it is. Throws ProofFileError
 * with SPEC §5's message.
 */
export async function prepareProofFile(file: File): Promise<File> {
  const kind = await checkProofFile(file);
  if (kind === 'pdf') return new File([file], file.name, { type: PROOF_MIME.pdf });

  let blob: Blob = file;
  let type: string = kind === 'heic' ? 'image/jpeg' : PROOF_MIME[kind];
  let name = file.name;
  if (kind === 'heic') {
    blob = await convertHeic(file);
    type = 'image/jpeg';
    name = withExtension(file.name, 'jpg');
  }
  if (blob.size > COMPRESSION_THRESHOLD_BYTES) {
    const compressed = await compressImage(blob);
    // Keep the original when "compressing" made it bigger and it already fits.
    if (compressed.size < blob.size || blob.size > LIMITS.proof_max_bytes) {
      blob = compressed;
      type = 'image/jpeg';
      name = withExtension(name, 'jpg');
    }
  }
  if (blob.size > LIMITS.proof_max_bytes) {
    throw new ProofFileError(PROOF_MESSAGES.tooLargeAfterCompression);
  }
  return new File([blob], name, { type, lastModified: Date.now() });
}
