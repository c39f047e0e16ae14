import { sumCentavos, toCentavos, toPesos, negatePesos } from '../../domain/centavos';
import { NOT_VALID_FOR_INPUT_TAX } from '../../domain/documents';
import type { DocumentLayout, DocumentSnapshot, DocumentStatus } from '../../domain/documents';
import { formatCurrency, formatDate } from '../../domain/format';
import { BOLD, REGULAR, createPdf, finishPdf, numberPages } from './pdf-common';
import type { Pdf } from './pdf-common';

export { renderSalesJournalPdf } from './sales-journal-pdf';

/**
 * A receipt or invoice as a PDF (issue 20, decision 0022), drawn only from the snapshot kept when
 * it was issued: Tax Code §113 and RR 7-2024 §6(B) fields, in an A4 layout or an 80 mm roll for a
 * thermal printer (72 mm printable, one continuous page as long as the content).
 */

export interface DocumentForPdf {
  snapshot: DocumentSnapshot;
  status: DocumentStatus;
  void_reason: string | null;
}

interface LayoutSpec {
  width: number;
  /** Fixed page height (A4), or null: the roll is as long as its content. */
  height: number | null;
  margins: { top: number; bottom: number; left: number; right: number };
  size: { body: number; small: number; seller: number; title: number; void: number };
  /** A4 draws the lines as a four-column table; the roll, each line on two rows. */
  table: boolean;
}

const MM = 72 / 25.4;
const ROLL_WIDTH = 80 * MM;
const ROLL_SIDE = (ROLL_WIDTH - 72 * MM) / 2;
/** The first, measuring pass of the roll draws on a page this long (PDF's largest). */
const ROLL_MEASURE_HEIGHT = 14_400;
const VOID_RED = '#c62828';

const LAYOUTS: Record<DocumentLayout, LayoutSpec> = {
  a4: {
    width: 595.28,
    height: 841.89,
    margins: { top: 48, bottom: 48, left: 50, right: 50 },
    size: { body: 9.5, small: 8, seller: 15, title: 16, void: 44 },
    table: true,
  },
  roll: {
    width: ROLL_WIDTH,
    height: null,
    margins: { top: 12, bottom: 18, left: ROLL_SIDE, right: ROLL_SIDE },
    size: { body: 7.5, small: 6.5, seller: 10, title: 10, void: 28 },
    table: false,
  },
};

interface TextOptions {
  bold?: boolean;
  size?: number;
  align?: 'left' | 'center' | 'right';
  color?: string;
}

/** Writes top to bottom, keeping its own y; on A4 a block that does not fit starts a new page. */
class Flow {
  y: number;

  constructor(
    readonly pdf: Pdf,
    readonly spec: LayoutSpec,
  ) {
    this.y = spec.margins.top;
  }

  get left(): number {
    return this.spec.margins.left;
  }

  get width(): number {
    return this.spec.width - this.spec.margins.left - this.spec.margins.right;
  }

  private font(options: TextOptions): void {
    this.pdf
      .font(options.bold ? BOLD : REGULAR)
      .fontSize(options.size ?? this.spec.size.body)
      .fillColor(options.color ?? 'black');
  }

  /** Drawn at the top of each new page while set (the lines table's column titles). */
  onNewPage: (() => void) | null = null;

  /** Room for `height` more points, on a new page when the A4 page is full. */
  ensure(height: number): void {
    if (this.spec.height === null) return;
    if (this.y + height <= this.spec.height - this.spec.margins.bottom) return;
    this.pdf.addPage();
    this.y = this.spec.margins.top;
    this.onNewPage?.();
  }

  /** Room for a block, then its font again (a new page's header may have changed it). */
  private place(height: number, options: TextOptions): void {
    this.ensure(height);
    this.font(options);
  }

  text(value: string, options: TextOptions = {}): void {
    this.font(options);
    const height = this.pdf.heightOfString(value, { width: this.width });
    this.place(height, options);
    this.pdf.text(value, this.left, this.y, { width: this.width, align: options.align ?? 'left' });
    this.y += height;
  }

  /** A label on the left and an amount on the right of the same row. */
  row(label: string, value: string, options: TextOptions = {}): void {
    this.font(options);
    const labelWidth = this.width - this.pdf.widthOfString(value) - 14;
    const height = this.pdf.heightOfString(label, { width: labelWidth });
    this.place(height, options);
    this.pdf.text(label, this.left, this.y, { width: labelWidth });
    // On the label's last line, so a wrapped label reads on to its amount.
    const lastLine = this.y + height - this.pdf.currentLineHeight(true);
    this.pdf.text(value, this.left, lastLine, { width: this.width, align: 'right' });
    this.y += height;
  }

  /** Cells at fixed columns, each wrapped in its width; the tallest sets the row's height. */
  cells(
    values: { text: string; x: number; width: number; align: 'left' | 'right' }[],
    options: TextOptions = {},
  ): void {
    this.font(options);
    const height = Math.max(
      ...values.map((cell) => this.pdf.heightOfString(cell.text, { width: cell.width })),
    );
    this.place(height, options);
    for (const cell of values) {
      this.pdf.text(cell.text, this.left + cell.x, this.y, {
        width: cell.width,
        align: cell.align,
      });
    }
    this.y += height;
  }

  gap(points: number): void {
    this.y += points;
  }

  rule(weight = 0.5): void {
    this.ensure(6);
    this.pdf
      .lineWidth(weight)
      .strokeColor('#444444')
      .moveTo(this.left, this.y + 3)
      .lineTo(this.left + this.width, this.y + 3)
      .stroke();
    this.y += 6;
  }

  /** A bordered box around one or more lines of text (the input-tax notice, the VOID mark). */
  boxed(lines: { value: string; options: TextOptions }[], color: string): void {
    const padding = 5;
    const heights = lines.map(({ value, options }) => {
      this.font(options);
      return this.pdf.heightOfString(value, { width: this.width - 2 * padding });
    });
    const total = heights.reduce((sum, height) => sum + height, 0) + 2 * padding;
    this.ensure(total);
    this.pdf.lineWidth(1.2).strokeColor(color).rect(this.left, this.y, this.width, total).stroke();
    let y = this.y + padding;
    lines.forEach(({ value, options }, index) => {
      this.font(options);
      this.pdf.text(value, this.left + padding, y, {
        width: this.width - 2 * padding,
        align: options.align ?? 'center',
      });
      y += heights[index]!;
    });
    this.y += total;
  }
}

const money = (pesos: number): string => formatCurrency(pesos);
const less = (pesos: number): string => formatCurrency(negatePesos(pesos));
const serial = (value: number): string => String(value).padStart(6, '0');

function drawHeader(flow: Flow, doc: DocumentForPdf): void {
  const { snapshot } = doc;
  const { seller, size } = { seller: snapshot.seller, size: flow.spec.size };
  flow.text(seller.registered_name, { bold: true, size: size.seller, align: 'center' });
  if (seller.business_style) flow.text(seller.business_style, { align: 'center' });
  flow.text(seller.address, { align: 'center' });
  flow.text(`${seller.vat_registered ? 'VAT Reg. TIN' : 'Non-VAT Reg. TIN'}: ${seller.tin}`, {
    align: 'center',
  });
  flow.gap(size.body);
  flow.text(snapshot.title, { bold: true, size: size.title, align: 'center' });
  flow.text(`No. ${snapshot.display_number}`, { bold: true, align: 'center' });
  flow.text(`Date: ${formatDate(snapshot.issue_date)}`, { align: 'center' });
  if (snapshot.booklet_serial) {
    flow.text(`Booklet invoice No. ${snapshot.booklet_serial}`, { align: 'center' });
  }
  if (snapshot.replaces_display_number) {
    flow.text(`Replaces void document ${snapshot.replaces_display_number}`, { align: 'center' });
  }
  if (snapshot.kind === 'acknowledgement_receipt') {
    flow.gap(size.body / 2);
    flow.boxed([{ value: NOT_VALID_FOR_INPUT_TAX, options: { bold: true } }], 'black');
  }
  if (doc.status === 'void') {
    flow.gap(size.body / 2);
    flow.boxed(
      [
        { value: 'VOID', options: { bold: true, size: size.void, color: VOID_RED } },
        {
          value: `Reason: ${doc.void_reason ?? 'not given'}`,
          options: { bold: true, color: VOID_RED },
        },
      ],
      VOID_RED,
    );
  }
  flow.gap(size.body);
}

function drawParties(flow: Flow, snapshot: DocumentSnapshot): void {
  const { buyer, booking } = snapshot;
  flow.text(`Sold to: ${buyer.name}`, { bold: true });
  if (buyer.address) flow.text(`Address: ${buyer.address}`);
  if (buyer.tin) flow.text(`TIN: ${buyer.tin}`);
  flow.gap(flow.spec.size.body / 2);
  flow.text(`Booking: ${booking.reference}`);
  flow.text(`Stay: ${formatDate(booking.check_in)} – ${formatDate(booking.check_out)}`);
  if (booking.unit_names.length > 0) {
    flow.text(
      `${booking.unit_names.length === 1 ? 'Cabin' : 'Cabins'}: ${booking.unit_names.join(', ')}`,
    );
  }
  flow.gap(flow.spec.size.body / 2);
}

function drawLines(flow: Flow, snapshot: DocumentSnapshot): void {
  flow.rule();
  if (flow.spec.table) {
    const money = 90;
    const quantity = 45;
    const description = flow.width - quantity - 2 * money;
    const columns = (row: [string, string, string, string]) => [
      { text: row[0], x: 0, width: description - 8, align: 'left' as const },
      { text: row[1], x: description, width: quantity, align: 'right' as const },
      { text: row[2], x: description + quantity, width: money, align: 'right' as const },
      { text: row[3], x: description + quantity + money, width: money, align: 'right' as const },
    ];
    const header = () => {
      flow.cells(columns(['Description', 'Qty', 'Unit price', 'Amount']), { bold: true });
      flow.rule(0.3);
    };
    header();
    flow.onNewPage = header;
    for (const line of snapshot.lines) {
      flow.cells(
        columns([
          line.description,
          String(line.quantity),
          formatCurrency(line.unit_price),
          formatCurrency(line.amount),
        ]),
      );
      flow.gap(2);
    }
    flow.onNewPage = null;
  } else {
    flow.row('Description', 'Amount', { bold: true });
    flow.rule(0.3);
    for (const line of snapshot.lines) {
      flow.text(line.description);
      flow.row(`   ${line.quantity} × ${formatCurrency(line.unit_price)}`, money(line.amount));
    }
  }
  flow.rule();
}

function drawTotals(flow: Flow, snapshot: DocumentSnapshot): void {
  const gross = toPesos(sumCentavos(snapshot.lines.map((line) => toCentavos(line.amount))));
  if (snapshot.discounts.length > 0) {
    flow.row('Total sales', money(gross));
    for (const discount of snapshot.discounts) {
      flow.row(`Less: ${discount.description}`, less(discount.amount));
    }
    flow.rule(0.3);
  }
  const vat = snapshot.seller.vat_registered;
  const breakdown: [string, number, boolean][] = [
    ['VATable sales', snapshot.vatable_sales, vat],
    ['VAT-exempt sales', snapshot.vat_exempt_sales, vat],
    ['Zero-rated sales', snapshot.zero_rated_sales, vat],
    ['VAT (12%)', snapshot.vat_amount, vat],
    ['Local tax', snapshot.local_tax_amount, false],
  ];
  for (const [label, amount, always] of breakdown) {
    if (always || amount !== 0) flow.row(label, money(amount));
  }
  flow.rule(0.3);
  flow.row('TOTAL', money(snapshot.total), { bold: true, size: flow.spec.size.body + 1.5 });
  flow.gap(flow.spec.size.body / 2);
  flow.row(
    snapshot.payment_method ? `Amount paid (${snapshot.payment_method})` : 'Amount paid',
    money(snapshot.amount_paid),
  );
  if (snapshot.payment_method) flow.text(`Payment method: ${snapshot.payment_method}`);
  if (snapshot.withholding) {
    const { percent, amount } = snapshot.withholding;
    flow.row(`Less: withholding tax ${percent}%`, less(amount));
    const due = toPesos(toCentavos(snapshot.total) - toCentavos(amount));
    flow.row('Amount due after withholding', money(due), { bold: true });
  }
}

function drawFooter(flow: Flow, snapshot: DocumentSnapshot): void {
  const { bir } = snapshot.seller;
  if (!bir) return;
  flow.gap(flow.spec.size.body);
  const small = { size: flow.spec.size.small, align: 'center' } as const;
  flow.text(`BIR AC No. ${bir.ac_number}`, small);
  flow.text(`Date issued: ${formatDate(bir.ac_date)}`, small);
  flow.text(`Approved series: ${serial(bir.serial_from)}–${serial(bir.serial_to)}`, small);
}

/** Everything the document says; returns the y below the last line. */
function drawDocument(pdf: Pdf, spec: LayoutSpec, doc: DocumentForPdf): number {
  const flow = new Flow(pdf, spec);
  drawHeader(flow, doc);
  drawParties(flow, doc.snapshot);
  drawLines(flow, doc.snapshot);
  drawTotals(flow, doc.snapshot);
  drawFooter(flow, doc.snapshot);
  return flow.y;
}

/** Two red strokes corner to corner over every page of a void document. */
function strikeThrough(pdf: Pdf): void {
  const range = pdf.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    pdf.switchToPage(index);
    const { width, height } = pdf.page;
    pdf.save().opacity(0.35).lineWidth(2).strokeColor(VOID_RED);
    pdf
      .moveTo(12, 12)
      .lineTo(width - 12, height - 12)
      .stroke();
    pdf
      .moveTo(width - 12, 12)
      .lineTo(12, height - 12)
      .stroke();
    pdf.restore();
  }
}

export async function renderDocumentPdf(
  doc: DocumentForPdf,
  layout: DocumentLayout,
): Promise<Buffer> {
  const spec = LAYOUTS[layout];
  const open = (height: number) =>
    createPdf({
      size: [spec.width, height],
      margins: spec.margins,
      title: doc.snapshot.display_number,
      author: doc.snapshot.seller.registered_name,
      subject: doc.snapshot.title,
      bufferPages: true,
    });
  let height = spec.height;
  if (height === null) {
    // The roll: measure on a long page, then draw on one exactly as long as the content. Past
    // PDF's longest page (hundreds of lines) it continues on pages of that length.
    const measure = open(ROLL_MEASURE_HEIGHT);
    const bottom = drawDocument(measure, spec, doc);
    await finishPdf(measure);
    height = Math.min(ROLL_MEASURE_HEIGHT, Math.ceil(bottom + spec.margins.bottom));
  }
  const pdf = open(height);
  drawDocument(pdf, { ...spec, height }, doc);
  if (doc.status === 'void') strikeThrough(pdf);
  if (pdf.bufferedPageRange().count > 1) {
    numberPages(pdf, doc.snapshot.display_number, spec.size.small);
  }
  return finishPdf(pdf);
}
