import { randomUUID } from 'node:crypto';
import {
  PAYMENT_INSTRUCTION_MESSAGES,
  type PaymentInstructions,
} from '../../domain/schemas/payment-instructions.schema';
import type { AppDeps } from '../deps';
import { badRequest } from '../errors';
import type { ActorContext } from '../http/request-context';
import { preparePaymentQr } from './payment-qr-file';

/**
 * Issue 17 point 3: the resort's QR Ph code. Meant to be shown to guests, so it is public like
 * the cabin photos (never like a payment proof): stored in a bucket of its own under a random
 * name, its URL kept in the payment instructions, served while it is the current one.
 */
export const PAYMENT_QR_BUCKET = 'payment-qr';
export const PAYMENT_QR_URL_PREFIX = '/api/public/payment-qr/';
export const PAYMENT_QR_KEY = /^[a-z0-9-]{1,100}\.png$/;

function keyOf(url: string | null): string | null {
  if (!url?.startsWith(PAYMENT_QR_URL_PREFIX)) return null;
  const key = url.slice(PAYMENT_QR_URL_PREFIX.length);
  return PAYMENT_QR_KEY.test(key) ? key : null;
}

async function removeFile(deps: AppDeps, url: string | null): Promise<void> {
  const key = keyOf(url);
  if (key) await deps.storage.driver.delete(PAYMENT_QR_BUCKET, key).catch(() => undefined);
}

/**
 * Replaces the QR code (owners): checked and re-encoded first (415 for anything but a real JPEG,
 * PNG or WebP), stored, then named in the settings in one audited change; the previous file goes
 * once that is committed, the new one if it is not.
 */
export async function uploadPaymentQr(
  deps: AppDeps,
  upload: { body: unknown; contentType: string | undefined },
  context: ActorContext,
): Promise<PaymentInstructions> {
  const body = upload.body;
  if (!Buffer.isBuffer(body) || body.length === 0) {
    throw badRequest(PAYMENT_INSTRUCTION_MESSAGES.qrRequired);
  }
  const png = await preparePaymentQr(body, upload.contentType);
  const key = `${randomUUID()}.png`;
  const url = `${PAYMENT_QR_URL_PREFIX}${key}`;
  await deps.storage.driver.put(PAYMENT_QR_BUCKET, key, png);
  let previous: string | null;
  try {
    previous = await deps.settings.setPaymentQrUrl(url, context);
  } catch (error) {
    await removeFile(deps, url);
    throw error;
  }
  await removeFile(deps, previous);
  return deps.settings.getPaymentInstructions();
}

/** Removes the QR code (owners); without one there is nothing to do (idempotent). */
export async function removePaymentQr(
  deps: AppDeps,
  context: ActorContext,
): Promise<PaymentInstructions> {
  const current = await deps.settings.getPaymentInstructions();
  if (current.qr_image_url === null) return current;
  const previous = await deps.settings.setPaymentQrUrl(null, context);
  await removeFile(deps, previous);
  return deps.settings.getPaymentInstructions();
}

/** The current QR code's bytes, or null (unknown, replaced or malformed name: 404). */
export async function openPaymentQr(
  deps: AppDeps,
  key: string,
): Promise<{ stream: NodeJS.ReadableStream; size: number } | null> {
  if (!PAYMENT_QR_KEY.test(key)) return null;
  const current = (await deps.settings.getPaymentInstructions()).qr_image_url;
  if (keyOf(current) !== key) return null;
  const driver = deps.storage.driver;
  const info = await driver.stat(PAYMENT_QR_BUCKET, key);
  if (!info) return null;
  const stream = await driver.getStream(PAYMENT_QR_BUCKET, key);
  return stream ? { stream, size: info.size } : null;
}
