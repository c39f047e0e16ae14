import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/**
 * What the document PDFs share (decision 0022): DejaVu Sans embedded and subset (it has the peso
 * sign, and its ToUnicode map keeps the text extractable), never pdfkit's built-in Helvetica, and
 * the finished file as one Buffer.
 */

export type Pdf = InstanceType<typeof PDFDocument>;

/** Font names registered on every PDF. */
export const REGULAR = 'DejaVuSans';
export const BOLD = 'DejaVuSans-Bold';

let fontPaths: { regular: string; bold: string } | null = null;

/**
 * The font files, resolved through node's module resolution from this module's URL: the same
 * call finds node_modules from src/server (tsx, tests) and from the dist/server bundle, which
 * keeps packages external.
 */
function fonts(): { regular: string; bold: string } {
  if (!fontPaths) {
    const require = createRequire(import.meta.url);
    fontPaths = {
      regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
      bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
    };
  }
  return fontPaths;
}

export interface PdfOptions {
  size: [number, number];
  margins: { top: number; bottom: number; left: number; right: number };
  title: string;
  author: string;
  subject: string;
  /** Keep every page to write "Page n of m" on them at the end. */
  bufferPages?: boolean;
}

/** A PDF whose first and default font is DejaVu Sans, so Helvetica is never loaded. */
export function createPdf(options: PdfOptions): Pdf {
  const { regular, bold } = fonts();
  const pdf = new PDFDocument({
    size: options.size,
    margins: options.margins,
    font: regular,
    bufferPages: options.bufferPages ?? false,
    info: {
      Title: options.title,
      Author: options.author,
      Subject: options.subject,
      Creator: 'Resort booking system',
    },
    displayTitle: true,
    lang: 'en-PH',
  });
  pdf.registerFont(REGULAR, regular);
  pdf.registerFont(BOLD, bold);
  pdf.font(REGULAR);
  return pdf;
}

/** Ends the PDF and resolves with its bytes. */
export function finishPdf(pdf: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    pdf.end();
  });
}

/** `text` cut with "…" to fit `width` at the current font and size (table cells keep one line). */
export function fitText(pdf: Pdf, text: string, width: number): string {
  if (pdf.widthOfString(text) <= width) return text;
  let kept = text;
  while (kept.length > 0 && pdf.widthOfString(`${kept}…`) > width) kept = kept.slice(0, -1);
  return `${kept.trimEnd()}…`;
}

/** "Page 1 of 3" at the foot of every buffered page, inside the bottom margin. */
export function numberPages(pdf: Pdf, label: string, size: number): void {
  const range = pdf.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    pdf.switchToPage(index);
    const { margins, width, height } = pdf.page;
    // Writing inside the bottom margin must not start a new page.
    const bottom = margins.bottom;
    pdf.page.margins.bottom = 0;
    pdf
      .font(REGULAR)
      .fontSize(size)
      .fillColor('#555555')
      .text(
        `${label} · Page ${index + 1} of ${range.count}`,
        margins.left,
        height - bottom / 2 - size / 2,
        { width: width - margins.left - margins.right, align: 'right', lineBreak: false },
      );
    pdf.page.margins.bottom = bottom;
  }
  pdf.fillColor('black');
}
