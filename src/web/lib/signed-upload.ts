import type { SignedUpload } from '../../domain/schemas/common.schema';
import { putFile } from './api';

/** A signed, expiring upload location the server hands out (DESIGN §2, SPEC §7). */
export type SignedUploadTarget = Pick<SignedUpload, 'bucket' | 'path' | 'token'>;

/** DESIGN §5: PUT /api/storage/upload/<bucket>/<path>?token=<token>, each segment encoded. */
export function signedUploadUrl(upload: SignedUploadTarget): string {
  const segments = [upload.bucket, ...upload.path.split('/')].filter((s) => s.length > 0);
  const path = segments.map(encodeURIComponent).join('/');
  return `/api/storage/upload/${path}?token=${encodeURIComponent(upload.token)}`;
}

/** PUTs a file (a payment proof, a receipt) to its signed location. */
export function uploadToSignedUrl(upload: SignedUploadTarget, file: File): Promise<void> {
  return putFile(signedUploadUrl(upload), file);
}

/** SPEC §8's message when a proof did not reach storage. */
export const proofUploadFailed = (message: string) => `Failed to upload payment proof: ${message}`;
