import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Sharp } from 'sharp';
import { UNIT_PHOTO_MESSAGES } from '../../domain/schemas/unit-photo.schema';
import { AppError } from '../errors';
import { MAX_IMAGE_PIXELS, POLYGLOT_MARKERS, readImageSize } from '../storage/proof-file';

/**
 * Issue 15 cabin photos: the payment proof's checks (proof-file.ts) for images only — the real
 * type read from the bytes (JPEG, PNG or WebP), agreeing with the declared Content-Type, no
 * markup or PDF hidden inside, no decompression bomb — then re-encoded as WebP: turned upright
 * per EXIF, every metadata block dropped (GPS position, device, thumbnails), at most
 * PHOTO_MAX_SIDE pixels on its longer side, with a small variant for cards.
 */

/** The large variant fits in this square (never enlarged). */
export const PHOTO_MAX_SIDE = 1600;
/** The card variant: cards are at most ~370 CSS pixels wide, on screens up to ~1.75 dppx. */
export const PHOTO_THUMB_SIDE = 640;

const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp']);
const DECLARED = new Set(['image/jpeg', 'image/jpg', 'image/pjpeg', 'image/png', 'image/webp']);

const invalidType = () => new AppError(415, UNIT_PHOTO_MESSAGES.invalidType);

export type PreparedVariant = { data: Buffer; width: number; height: number };
export type PreparedPhoto = { large: PreparedVariant; thumb: PreparedVariant };

async function encode(pipeline: Sharp, side: number, quality: number) {
  const { data, info } = await pipeline
    .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
    .webp({ quality })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The two WebP variants of an uploaded photo, or an AppError 415 for anything else. */
export async function prepareUnitPhoto(
  bytes: Buffer,
  declaredContentType: string | undefined,
): Promise<PreparedPhoto> {
  const declared = (declaredContentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (!DECLARED.has(declared)) throw invalidType();
  const sniffed = await fileTypeFromBuffer(bytes).catch(() => undefined);
  if (!sniffed || !ACCEPTED.has(sniffed.mime)) throw invalidType();
  const text = bytes.toString('latin1');
  if (text.includes('%PDF-') || POLYGLOT_MARKERS.test(text)) throw invalidType();

  await readImageSize(bytes, invalidType);
  try {
    // Without keepMetadata()/withMetadata(), sharp writes no EXIF, XMP, IPTC or ICC data.
    const source = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'warning' })
      .autoOrient()
      .toColourspace('srgb');
    const large = await encode(source.clone(), PHOTO_MAX_SIDE, 82);
    const thumb = await encode(source.clone(), PHOTO_THUMB_SIDE, 78);
    return { large, thumb };
  } catch {
    throw invalidType();
  }
}
