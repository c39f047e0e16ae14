import type { SalesJournalDto } from '../../domain/schemas/document.schema';
import { formatCurrency, formatDate } from '../../domain/format';
import { BOLD, REGULAR, createPdf, finishPdf, fitText, numberPages } from './pdf-common';
import type { Pdf } from './pdf-common';

/**
 * The sales journal as a PDF (issue 20, decision 0022): landscape A4, one row per document, the
 * header and column titles repeated on every page, the totals of the issued documents and the gap
 * check at the end — what the bookkeeper files with the monthly and quarterly VAT returns.
 */

export interface JournalSeller {
  registered_name: string;
  address: string;
  tin: string;
}

const PAGE = { width: 841.89, height: 595.28 };
const MARGINS = { top: 36, bottom: 40, left: 36, right: 36 };
const SIZE = { title: 14, body: 7.5, small: 7 };
const ROW_GAP = 3;

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
}

const COLUMNS: Column[] = [
  { title: 'Number', width: 62, align: 'left' },
  { title: 'Date', width: 62, align: 'left' },
  { title: 'Buyer', width: 150, align: 'left' },
  { title: 'VATable', width: 68, align: 'right' },
  { title: 'Exempt', width: 62, align: 'right' },
  { title: 'Zero-rated', width: 62, align: 'right' },
  { title: 'VAT', width: 58, align: 'right' },
  { title: 'Local tax', width: 54, align: 'right' },
  { title: 'Total', width: 72, align: 'right' },
  { title: 'Status', width: 46, align: 'left' },
  { title: 'Booklet serial', width: 74, align: 'left' },
];
/** Space kept on each side of a cell, so a right-aligned amount never touches the next text. */
const CELL_PAD = 4;

type Row = string[];

const VOID_RED = '#c62828';

function drawRow(pdf: Pdf, y: number, row: Row, bold = false): number {
  pdf.font(bold ? BOLD : REGULAR).fontSize(SIZE.body);
  let x = MARGINS.left;
  COLUMNS.forEach((column, index) => {
    const width = column.width - 2 * CELL_PAD;
    const text = fitText(pdf, row[index] ?? '', width);
    pdf.fillColor(column.title === 'Status' && text === 'VOID' ? VOID_RED : 'black');
    pdf.text(text, x + CELL_PAD, y, {
      width,
      align: column.align,
      lineBreak: false,
    });
    x += column.width;
  });
  return y + pdf.currentLineHeight(true) + ROW_GAP;
}

function rule(pdf: Pdf, y: number, weight = 0.5): number {
  pdf
    .lineWidth(weight)
    .strokeColor('#444444')
    .moveTo(MARGINS.left, y)
    .lineTo(PAGE.width - MARGINS.right, y)
    .stroke();
  return y + 3;
}

function drawPageHeader(
  pdf: Pdf,
  journal: SalesJournalDto,
  seller: JournalSeller,
  first: boolean,
): number {
  const width = PAGE.width - MARGINS.left - MARGINS.right;
  let y = MARGINS.top;
  pdf.font(BOLD).fontSize(SIZE.title).fillColor('black');
  pdf.text(first ? 'Sales journal' : 'Sales journal (continued)', MARGINS.left, y, { width });
  y += pdf.currentLineHeight(true) + 2;
  pdf.font(REGULAR).fontSize(SIZE.body + 1);
  const lines = [
    `${seller.registered_name} · ${seller.address} · TIN ${seller.tin}`,
    `Documents issued from ${formatDate(journal.from)} to ${formatDate(journal.to)}`,
  ];
  for (const line of lines) {
    pdf.text(line, MARGINS.left, y, { width });
    y += pdf.heightOfString(line, { width });
  }
  y += 6;
  y = drawRow(
    pdf,
    y,
    COLUMNS.map((column) => column.title),
    true,
  );
  return rule(pdf, y - 1);
}

const money = (pesos: number): string => formatCurrency(pesos);

export async function renderSalesJournalPdf(
  journal: SalesJournalDto,
  seller: JournalSeller,
): Promise<Buffer> {
  const pdf = createPdf({
    size: [PAGE.width, PAGE.height],
    margins: MARGINS,
    title: `Sales journal ${journal.from} to ${journal.to}`,
    author: seller.registered_name,
    subject: 'Sales journal',
    bufferPages: true,
  });
  const bottom = PAGE.height - MARGINS.bottom;
  const rowHeight = () => pdf.font(REGULAR).fontSize(SIZE.body).currentLineHeight(true) + ROW_GAP;
  let y = drawPageHeader(pdf, journal, seller, true);
  const room = (height: number) => {
    if (y + height <= bottom) return;
    pdf.addPage();
    y = drawPageHeader(pdf, journal, seller, false);
  };

  if (journal.documents.length === 0) {
    pdf.font(REGULAR).fontSize(SIZE.body).text('No documents in this range.', MARGINS.left, y);
    y += rowHeight();
  }
  for (const doc of journal.documents) {
    room(rowHeight());
    y = drawRow(pdf, y, [
      doc.display_number,
      formatDate(doc.issue_date),
      doc.buyer_name,
      money(doc.vatable_sales),
      money(doc.vat_exempt_sales),
      money(doc.zero_rated_sales),
      money(doc.vat_amount),
      money(doc.local_tax_amount),
      money(doc.total),
      doc.status === 'void' ? 'VOID' : 'Issued',
      doc.booklet_serial ?? '',
    ]);
  }

  const { totals } = journal;
  room(rowHeight() * 4 + 6);
  y = rule(pdf, y, 0.8);
  y = drawRow(
    pdf,
    y,
    [
      'Totals',
      '',
      `${totals.count} issued, ${totals.void_count} void (not counted)`,
      money(totals.vatable_sales),
      money(totals.vat_exempt_sales),
      money(totals.zero_rated_sales),
      money(totals.vat_amount),
      money(totals.local_tax_amount),
      money(totals.total),
      '',
      '',
    ],
    true,
  );
  y += 6;
  const gapLine =
    journal.gaps.length === 0
      ? 'Gap check: no missing numbers'
      : `Gap check: missing numbers: ${journal.gaps.join(', ')}`;
  const width = PAGE.width - MARGINS.left - MARGINS.right;
  const gapFont = () => pdf.font(BOLD).fontSize(SIZE.body + 1);
  room(gapFont().heightOfString(gapLine, { width }));
  gapFont()
    .fillColor(journal.gaps.length === 0 ? 'black' : VOID_RED)
    .text(gapLine, MARGINS.left, y, { width });

  numberPages(pdf, 'Sales journal', SIZE.small);
  return finishPdf(pdf);
}
