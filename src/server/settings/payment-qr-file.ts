import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { PAYMENT_INSTRUCTION_MESSAGES } from '../../domain/schemas/payment-instructions.schema';
import { AppError } from '../errors';
import { MAX_IMAGE_PIXELS, POLYGLOT_MARKERS, readImageSize } from '../storage/proof-file';

/**
 * Issue 17 point 3: the QR Ph code guests scan. The checks of a cabin photo (unit-photo-file.ts,
 * after the payment proof's proof-file.ts): the real type read from the bytes (JPEG, PNG or
 * WebP) agreeing with the declared Content-Type, no markup or PDF hidden inside, no
 * decompression bomb; then re-encoded without any metadata as a lossless PNG (a lossy encoding
 * blurs the modules a phone's camera reads), at most QR_MAX_SIDE pixels on its longer side.
 */

export const QR_MAX_SIDE = 1200;

const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp']);
const DECLARED = new Set(['image/jpeg', 'image/jpg', 'image/pjpeg', 'image/png', 'image/webp']);

const invalidType = () => new AppError(415, PAYMENT_INSTRUCTION_MESSAGES.qrInvalidType);

export async function preparePaymentQr(
  bytes: Buffer,
  declaredContentType: string | undefined,
): Promise<Buffer> {
  const declared = (declaredContentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (!DECLARED.has(declared)) throw invalidType();
  const sniffed = await fileTypeFromBuffer(bytes).catch(() => undefined);
  if (!sniffed || !ACCEPTED.has(sniffed.mime)) throw invalidType();
  const text = bytes.toString('latin1');
  if (text.includes('%PDF-') || POLYGLOT_MARKERS.test(text)) throw invalidType();

  await readImageSize(bytes, invalidType);
  try {
    // Without keepMetadata()/withMetadata(), sharp writes no EXIF, XMP, IPTC or ICC data.
    return await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'warning' })
      .autoOrient()
      .toColourspace('srgb')
      .resize({ width: QR_MAX_SIDE, height: QR_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch {
    throw invalidType();
  }
}
