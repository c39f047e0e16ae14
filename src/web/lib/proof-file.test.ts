import { describe, expect, it } from 'vitest';
import {
  PROOF_MESSAGES,
  checkChosenProof,
  fitWithin,
  formatFileSize,
  sniffProofKind,
  withExtension,
} from './proof-file';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(
    values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])),
  );

describe('sniffProofKind', () => {
  it('knows each accepted type by its first bytes', () => {
    expect(sniffProofKind(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(sniffProofKind(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a))).toBe('png');
    expect(sniffProofKind(bytes('RIFF', 0, 0, 0, 0, 'WEBP'))).toBe('webp');
    expect(sniffProofKind(bytes('%PDF-1.4'))).toBe('pdf');
    expect(sniffProofKind(bytes(0, 0, 0, 0x18, 'ftyp', 'heic'))).toBe('heic');
    expect(sniffProofKind(bytes(0, 0, 0, 0x18, 'ftyp', 'mif1'))).toBe('heic');
  });

  it('refuses anything else, whatever the file is called', () => {
    expect(sniffProofKind(bytes('This is text'))).toBeNull();
    expect(sniffProofKind(bytes('GIF89a'))).toBeNull();
    expect(sniffProofKind(bytes(0, 0, 0, 0x18, 'ftyp', 'avif'))).toBeNull();
    expect(sniffProofKind(new Uint8Array())).toBeNull();
  });
});

describe('checkChosenProof (SPEC §5 messages)', () => {
  it('refuses a wrong type and an empty file', () => {
    expect(checkChosenProof(null, 100)).toBe('Only JPG, PNG, WebP, HEIC or PDF files are allowed');
    expect(checkChosenProof('png', 0)).toBe(PROOF_MESSAGES.invalidType);
  });

  it('refuses a PDF over 2 MB but lets a large image go on to compression', () => {
    expect(checkChosenProof('pdf', 2 * 1024 * 1024)).toBeNull();
    expect(checkChosenProof('pdf', 2 * 1024 * 1024 + 1)).toBe(
      'File is too large. Maximum size is 2 MB.',
    );
    expect(checkChosenProof('jpeg', 8 * 1024 * 1024)).toBeNull();
    expect(checkChosenProof('heic', 30 * 1024 * 1024)).toBe(
      'File is too large. Maximum size is 25 MB.',
    );
  });
});

describe('fitWithin', () => {
  it('scales the longer side down to the limit and never enlarges', () => {
    expect(fitWithin(4032, 3024, 1920)).toEqual({ width: 1920, height: 1440 });
    expect(fitWithin(1170, 2532, 1920)).toEqual({ width: 887, height: 1920 });
    expect(fitWithin(800, 600, 1920)).toEqual({ width: 800, height: 600 });
  });
});

describe('names and sizes', () => {
  it('renames a converted file', () => {
    expect(withExtension('IMG_0042.HEIC', 'jpg')).toBe('IMG_0042.jpg');
    expect(withExtension('receipt', 'jpg')).toBe('receipt.jpg');
    expect(withExtension('.heic', 'jpg')).toBe('payment-proof.jpg');
  });

  it('shows sizes the way guests read them', () => {
    expect(formatFileSize(615)).toBe('615 bytes');
    expect(formatFileSize(9178)).toBe('9 KB');
    expect(formatFileSize(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(formatFileSize(12 * 1024 * 1024)).toBe('12 MB');
  });
});
