import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Reads a PDF back as poppler's command-line tools see it: `pdftotext -layout` for the text,
 * `pdfinfo` for the page size and metadata, `pdffonts` for the embedded fonts. vitest.config.ts
 * sets PDFTOTEXT_FOUND; in CI the project runs without it so that every test fails saying why.
 */
function poppler(tool: 'pdftotext' | 'pdfinfo' | 'pdffonts', pdf: Buffer, args: string[]): string {
  if (process.env.PDFTOTEXT_FOUND !== '1') {
    throw new Error(
      'pdftotext (poppler-utils) is not installed: apt-get install poppler-utils. The PDF tests are required in CI.',
    );
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pdf-test-'));
  try {
    const file = path.join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    return execFileSync(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])], {
      encoding: 'utf8',
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text as laid out on the page(s); `page` picks one page (1-based). */
export function pdfText(pdf: Buffer, page?: number): string {
  const pages = page === undefined ? [] : ['-f', String(page), '-l', String(page)];
  return poppler('pdftotext', pdf, ['-layout', '-enc', 'UTF-8', ...pages]);
}

/** The text with every run of white space made one space: a wrapped line reads as one. */
export function flatText(pdf: Buffer): string {
  return pdfText(pdf).replace(/\s+/g, ' ');
}

export interface PdfInfo {
  title: string;
  author: string;
  pages: number;
  width: number;
  height: number;
}

export function pdfInfo(pdf: Buffer): PdfInfo {
  const out = poppler('pdfinfo', pdf, []);
  const field = (name: string) =>
    new RegExp(`^${name}:\\s*(.*)$`, 'm').exec(out)?.[1]?.trim() ?? '';
  const size = /^Page size:\s*([\d.]+) x ([\d.]+) pts/m.exec(out);
  return {
    title: field('Title'),
    author: field('Author'),
    pages: Number(field('Pages')),
    width: Number(size?.[1]),
    height: Number(size?.[2]),
  };
}

/** The names of the fonts the PDF carries, as pdffonts lists them ('BZZZZZ+DejaVuSans'). */
export function pdfFonts(pdf: Buffer): string[] {
  return poppler('pdffonts', pdf, [])
    .split('\n')
    .slice(2)
    .map((line) => line.split(/\s+/)[0] ?? '')
    .filter((name) => name !== '');
}

/** '₱11,400.00' / '-₱91.07' → centavos, exactly. */
export function centavosOf(printed: string): bigint {
  const match = /^(-?)₱([\d,]+)\.(\d{2})$/.exec(printed);
  if (!match) throw new Error(`Not a peso amount: ${printed}`);
  const value = BigInt(match[2]!.replaceAll(',', '')) * 100n + BigInt(match[3]!);
  return match[1] ? -value : value;
}

const AMOUNT = '(-?₱[\\d,]+\\.\\d{2})';

/** The amount printed right after `label` in flattened text, or null when the label is absent. */
export function amountAfter(text: string, label: string): bigint | null {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped} ${AMOUNT}`).exec(text);
  return match ? centavosOf(match[1]!) : null;
}
