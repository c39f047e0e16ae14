import { describe, expect, it } from 'vitest';
import {
  isValidBucket,
  normalizeStoragePath,
  paymentProofPath,
  safeFileName,
} from './storage-path';

describe('normalizeStoragePath', () => {
  it('keeps clean paths and tidies slashes', () => {
    expect(normalizeStoragePath('abc/1700000000000-receipt.png')).toBe(
      'abc/1700000000000-receipt.png',
    );
    expect(normalizeStoragePath('/abc//def/')).toBe('abc/def');
  });

  it.each([
    '',
    '..',
    'a/../b',
    '../etc/passwd',
    'a/./b',
    'a\\b',
    'a/b\u0000.png',
    'a/b\n.png',
    '//server/share',
    '.hidden',
    'a/..b',
    'a/b c.png',
    'a/ü.png',
    'x/'.repeat(9) + 'y',
    'a'.repeat(501),
  ])('refuses %j', (raw) => {
    expect(normalizeStoragePath(raw)).toBeNull();
  });

  it('refuses anything but a string', () => {
    expect(normalizeStoragePath(undefined)).toBeNull();
    expect(normalizeStoragePath(['a'])).toBeNull();
  });
});

describe('buckets and proof paths', () => {
  it('accepts lower-case bucket names only', () => {
    expect(isValidBucket('payment-proofs')).toBe(true);
    expect(isValidBucket('Payment')).toBe(false);
    expect(isValidBucket('../x')).toBe(false);
  });

  it('makes safe file names whose extension follows the declared type', () => {
    expect(safeFileName('GCash Receipt (1).PNG', 'image/png')).toBe('gcash-receipt-1.png');
    expect(safeFileName('IMG_0042.HEIC', 'image/jpeg')).toBe('img_0042.jpg');
    expect(safeFileName('Résumé de paiement.pdf', 'application/pdf')).toBe(
      'resume-de-paiement.pdf',
    );
    expect(safeFileName('../../etc/passwd', 'image/png')).toBe('etc-passwd.png');
    expect(safeFileName('分かりました.webp', 'image/webp')).toBe('payment-proof.webp');
  });

  it('puts a proof under its booking with a timestamp (SPEC §7)', () => {
    const path = paymentProofPath(
      '0b5f6a1e-2f4d-4c6b-9a8e-1d2c3b4a5f6e',
      'receipt.png',
      'image/png',
      new Date('2027-01-04T02:00:00Z'),
    );
    expect(path).toBe('0b5f6a1e-2f4d-4c6b-9a8e-1d2c3b4a5f6e/1799028000000-receipt.png');
    expect(normalizeStoragePath(path)).toBe(path);
  });
});
