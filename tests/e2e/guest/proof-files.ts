import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

/** The committed fixtures (made by fixtures/make-fixtures.ts). */
export const FIXTURES = {
  png: fileURLToPath(new URL('./fixtures/receipt.png', import.meta.url)),
  pdf: fileURLToPath(new URL('./fixtures/receipt.pdf', import.meta.url)),
  text: fileURLToPath(new URL('./fixtures/not-a-receipt.txt', import.meta.url)),
  /** An iPhone-style HEIC photo (made with libheif's heif-enc). */
  heic: fileURLToPath(new URL('./fixtures/receipt.heic', import.meta.url)),
};

/** A one-page PDF with one line of text; `padding` bytes of comment make it as big as needed. */
export function makePdf(text: string, padding = 0): Buffer {
  const stream = `BT /F1 18 Tf 40 760 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  if (padding > 0) body += `%${'x'.repeat(padding)}\n`;
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A GCash-like receipt screenshot drawn from SVG (a real PNG of a few kilobytes). */
export function receiptSvg(width = 360, height = 560): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 360 560">
  <rect width="360" height="560" fill="#f4f7fb"/>
  <rect width="360" height="96" fill="#0b5fd8"/>
  <text x="24" y="58" font-family="sans-serif" font-size="28" font-weight="700" fill="#fff">Payment sent</text>
  <text x="24" y="160" font-family="sans-serif" font-size="18" fill="#334">Amount</text>
  <text x="24" y="200" font-family="sans-serif" font-size="34" font-weight="700" fill="#112">PHP 10,000.00</text>
  <text x="24" y="260" font-family="sans-serif" font-size="16" fill="#334">To: Playa Serena Beach Resort</text>
  <text x="24" y="290" font-family="sans-serif" font-size="16" fill="#334">Ref. No. 1029 384 756</text>
  <text x="24" y="320" font-family="sans-serif" font-size="16" fill="#334">E2E test fixture</text>
</svg>`;
}

function tempDir(): string {
  return mkdtempSync(path.join(os.tmpdir(), 'resort-e2e-proof-'));
}

/** A PDF just over the 2 MB limit, written to a temporary folder (not committed). */
export function writeOversizePdf(): string {
  const file = path.join(tempDir(), 'big-statement.pdf');
  writeFileSync(file, makePdf('Oversize PDF', 2 * 1024 * 1024 + 50_000));
  return file;
}

/**
 * A large, noisy photo (over 2 MB as PNG) that the browser must compress before upload; written to
 * a temporary folder.
 */
export async function writeLargePhoto(): Promise<string> {
  const width = 2400;
  const height = 1800;
  const noise = Buffer.alloc(width * height * 3);
  let seed = 42;
  for (let i = 0; i < noise.length; i += 1) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    noise[i] = seed & 0xff;
  }
  const file = path.join(tempDir(), 'phone-photo.png');
  await sharp(noise, { raw: { width, height, channels: 3 } })
    .composite([{ input: Buffer.from(receiptSvg(width, height)), blend: 'over' }])
    .png({ compressionLevel: 6 })
    .toFile(file);
  return file;
}
