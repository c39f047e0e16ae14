import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { MESSAGES } from '../../domain/messages';
import { AppError } from '../errors';

/**
 * DESIGN §3 payment proof: JPEG, PNG, WebP or PDF, checked from the bytes (never from the name or
 * the declared type alone). Images are decoded and re-encoded in their own format, turned upright
 * per EXIF and stripped of every metadata block (GPS position, device, thumbnails); PDFs are kept
 * as they are after their header and a polyglot check.
 */

/** SPEC §5's message for a wrong type, naming every type the bytes may be (issue 15: WebP too). */
export const INVALID_FILE_TYPE_MESSAGE = MESSAGES.uploadedFileType;

/**
 * Largest image accepted, in pixels. A 48-megapixel phone photo (8000 × 6000) fits; a "bomb" that
 * declares 30,000 × 30,000 in a tiny file is refused from its header, before any pixel is decoded.
 * sharp is given the same limit, so an image whose header lies is refused by the decoder too.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

export type ProofMime = 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';

const SNIFFED: Readonly<Record<string, ProofMime>> = {
  'image/jpeg': 'image/jpeg',
  'image/png': 'image/png',
  'image/webp': 'image/webp',
  'application/pdf': 'application/pdf',
};

const invalidType = () => new AppError(415, INVALID_FILE_TYPE_MESSAGE);

/** 'image' or 'pdf' for a declared Content-Type, or null for anything else. */
function familyOfDeclared(contentType: string | undefined): 'image' | 'pdf' | null {
  const mime = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (mime === 'image/jpeg' || mime === 'image/jpg' || mime === 'image/pjpeg') return 'image';
  if (mime === 'image/png' || mime === 'image/webp') return 'image';
  if (mime === 'application/pdf') return 'pdf';
  return null;
}

// Markup that would make a browser render the file as a page or an image with scripts, and PDF
// actions that run code or other programs. A payment receipt has none of them.
export const POLYGLOT_MARKERS =
  /<(?:!doctype\s+html|html|head|body|script|svg|iframe|object|embed|meta|\?xml-stylesheet)[\s>/]|\/(?:JavaScript|Launch)\b/i;

function checkPdf(bytes: Buffer): void {
  // The header must be at offset 0: a PDF reader tolerates junk before it, a browser sniffing
  // HTML does too, and that gap is where polyglots live.
  if (!bytes.subarray(0, 5).equals(Buffer.from('%PDF-', 'latin1'))) throw invalidType();
  if (POLYGLOT_MARKERS.test(bytes.toString('latin1'))) throw invalidType();
}

/**
 * An image's size read from its header only, before any pixel is decoded: a file that is no
 * image is refused with `invalid()`, one that declares more than MAX_IMAGE_PIXELS with 415.
 * Payment proofs and cabin photos both pass through here.
 */
export async function readImageSize(
  bytes: Buffer,
  invalid: () => AppError,
): Promise<{ width: number; height: number }> {
  const metadata = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
    .metadata()
    .catch(() => {
      throw invalid();
    });
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  if (width < 1 || height < 1) throw invalid();
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new AppError(415, 'The image is too large to process. Please upload a smaller image.');
  }
  return { width, height };
}

async function reencodeImage(bytes: Buffer, mime: ProofMime): Promise<Buffer> {
  await readImageSize(bytes, invalidType);
  try {
    // Without withMetadata()/keepMetadata(), sharp writes no EXIF, XMP, IPTC or ICC data.
    const pipeline = sharp(bytes, {
      limitInputPixels: MAX_IMAGE_PIXELS,
      failOn: 'warning',
    }).autoOrient();
    switch (mime) {
      case 'image/jpeg':
        return await pipeline.jpeg({ quality: 90 }).toBuffer();
      case 'image/png':
        return await pipeline.png({ compressionLevel: 9 }).toBuffer();
      default:
        return await pipeline.webp({ quality: 90 }).toBuffer();
    }
  } catch {
    throw invalidType();
  }
}

/**
 * The bytes to store for an uploaded proof, or an AppError 415 when the file is not an accepted
 * type, does not agree with its declared Content-Type family, or cannot be decoded safely.
 */
export async function prepareProofFile(
  bytes: Buffer,
  declaredContentType: string | undefined,
): Promise<{ data: Buffer; mime: ProofMime }> {
  const declared = familyOfDeclared(declaredContentType);
  if (declared === null) throw invalidType();
  const sniffed = await fileTypeFromBuffer(bytes).catch(() => undefined);
  const mime = sniffed ? SNIFFED[sniffed.mime] : undefined;
  if (!mime) throw invalidType();
  const actual = mime === 'application/pdf' ? 'pdf' : 'image';
  if (actual !== declared) throw invalidType();
  if (mime === 'application/pdf') {
    checkPdf(bytes);
    return { data: bytes, mime };
  }
  // A polyglot: an image that also carries a PDF or markup (after its end marker, say). The
  // re-encoding below would drop it, but such a file is no honest receipt: refuse it outright.
  const text = bytes.toString('latin1');
  if (text.includes('%PDF-') || POLYGLOT_MARKERS.test(text)) throw invalidType();
  return { data: await reencodeImage(bytes, mime), mime };
}

/** SPEC §5's "File must be less than 2MB", with the number taken from MAX_PROOF_BYTES. */
export function fileTooLargeMessage(maxBytes: number): string {
  const megabytes = Math.round((maxBytes / (1024 * 1024)) * 10) / 10;
  return `File must be less than ${megabytes}MB`;
}
