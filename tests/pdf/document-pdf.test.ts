import { describe, expect, it } from 'vitest';
import { NOT_VALID_FOR_INPUT_TAX } from '../../src/domain/documents';
import type { DocumentLayout, DocumentSnapshot } from '../../src/domain/documents';
import { renderDocumentPdf } from '../../src/server/documents/document-pdf';
import { depositReceipt, stayInvoice, stayReceipt } from './fixtures';
import { amountAfter, centavosOf, flatText, pdfFonts, pdfInfo, pdfText } from './pdf-text';

/**
 * Issue 20 "Done when": the PDF's text, as pdftotext extracts it, carries every field Tax Code §113
 * and RR 7-2024 §6(B) ask for, and the VAT lines add up to the total.
 */

const LAYOUTS: DocumentLayout[] = ['a4', 'roll'];
const MM = 72 / 25.4;

function render(
  snapshot: DocumentSnapshot,
  layout: DocumentLayout,
  voidReason: string | null = null,
): Promise<Buffer> {
  return renderDocumentPdf(
    { snapshot, status: voidReason ? 'void' : 'issued', void_reason: voidReason },
    layout,
  );
}

/** The printed amount after `label`, which must be there. */
function printed(text: string, label: string): bigint {
  const amount = amountAfter(text, label);
  expect(amount, `"${label}" followed by an amount`).not.toBeNull();
  return amount!;
}

describe.each(LAYOUTS)('a document PDF, %s layout', (layout) => {
  it('shows every field of a VAT-registered stay receipt, and the VAT lines add up to the total', async () => {
    const snapshot = stayReceipt();
    const pdf = await render(snapshot, layout);
    const text = flatText(pdf);

    for (const field of [
      'Bahay Kubo Resort Corp.',
      'Bahay Kubo Beach Cabins',
      'Purok 3, Barangay San Isidro, General Luna, Siargao, Surigao del Norte 8419',
      'VAT Reg. TIN: 123-456-789-000',
      'ACKNOWLEDGEMENT RECEIPT',
      'No. AR 000042',
      'Date: Mar 14, 2027',
      NOT_VALID_FOR_INPUT_TAX,
      'Sold to: Maria Clara Santos',
      'Address: 12 Mabini Street, Quezon City',
      'TIN: 987-654-321-000',
      'Booking: BK-7Q4M2X',
      'Stay: Mar 12, 2027 – Mar 14, 2027',
      'Cabins: Cabin Dalisay, Cabin Alon',
      'Payment method: GCash, Cash',
    ]) {
      expect(text).toContain(field);
    }
    expect(text).not.toContain('Non-VAT');
    expect(text).not.toContain('VOID');

    // Each line: description, quantity, unit price, amount.
    expect(text).toMatch(/Lodging, Cabin Dalisay 2 (× )?₱5,600\.00 ₱11,200\.00/);
    expect(text).toMatch(/Island hopping tour 1 (× )?₱1,500\.00 ₱1,500\.00/);
    expect(text).toMatch(/Airport transfer \(PEZA-registered guest\) 1 (× )?₱800\.00 ₱800\.00/);

    // Discounts apart: the senior/PWD 20% and the promo.
    expect(printed(text, 'Less: Senior citizen/PWD discount 20%')).toBe(-100_000n);
    expect(printed(text, 'Less: VAT on the senior citizen/PWD share')).toBe(-60_000n);
    expect(printed(text, 'Less: Promo SUMMER500')).toBe(-50_000n);

    const vatable = printed(text, 'VATable sales');
    const exempt = printed(text, 'VAT-exempt sales');
    const zeroRated = printed(text, 'Zero-rated sales');
    const vat = printed(text, 'VAT (12%)');
    const total = printed(text, 'TOTAL');
    expect([vatable, exempt, zeroRated, vat]).toEqual([455_357n, 550_000n, 80_000n, 54_643n]);
    expect(amountAfter(text, 'Local tax')).toBeNull();
    expect(vatable + exempt + zeroRated + vat).toBe(total);
    expect(total).toBe(1_140_000n);

    // Lines less discounts are the total too.
    const gross = printed(text, 'Total sales');
    const discounts = [...text.matchAll(/Less: [^₱]*? (-₱[\d,]+\.\d{2})/g)].map((match) =>
      centavosOf(match[1]!),
    );
    expect(gross + discounts.reduce((sum, amount) => sum + amount, 0n)).toBe(total);
    expect(printed(text, 'Amount paid (GCash, Cash)')).toBe(1_140_000n);

    // Every amount carries the peso sign, drawn from the embedded font.
    expect(text.match(/₱/g)!.length).toBeGreaterThanOrEqual(16);
    const fonts = pdfFonts(pdf);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(font).toMatch(/^[A-Z]{6}\+DejaVuSans(-Bold)?$/);

    const info = pdfInfo(pdf);
    expect(info.title).toBe('AR 000042');
    expect(info.author).toBe('Bahay Kubo Resort Corp.');
  });

  it('adds the local tax to the sum, and prints the withholding and what is due after it', async () => {
    const snapshot = stayReceipt({
      lines: [
        {
          description: 'Lodging, Cabin Alon',
          quantity: 3,
          unit_price: 4000,
          amount: 12000,
          tax_treatment: 'vatable',
        },
        {
          description: 'Environmental fee',
          quantity: 2,
          unit_price: 50,
          amount: 100,
          tax_treatment: 'exempt',
        },
      ],
      discounts: [],
      vatable_sales: 10_625,
      vat_exempt_sales: 0,
      zero_rated_sales: 0,
      vat_amount: 1275,
      local_tax_amount: 200,
      total: 12_100,
      amount_paid: 12_100,
      withholding: { percent: 2, amount: 212.5 },
      replaces_display_number: 'AR 000012',
      buyer: {
        name: 'Island Ventures Inc.',
        address: 'Cebu Business Park, Cebu City',
        tin: '111-222-333-00000',
      },
    });
    const text = flatText(await render(snapshot, layout));

    const parts = [
      'VATable sales',
      'VAT-exempt sales',
      'Zero-rated sales',
      'VAT (12%)',
      'Local tax',
    ];
    const sum = parts.map((label) => printed(text, label)).reduce((a, b) => a + b, 0n);
    expect(printed(text, 'Local tax')).toBe(20_000n);
    expect(sum).toBe(printed(text, 'TOTAL'));
    expect(printed(text, 'Less: withholding tax 2%')).toBe(-21_250n);
    expect(printed(text, 'Amount due after withholding')).toBe(1_188_750n);
    expect(text).toContain('Replaces void document AR 000012');
    expect(text).toContain('Sold to: Island Ventures Inc.');
  });

  it('marks a payment acknowledgement receipt not valid for input tax, with the booklet serial', async () => {
    const text = flatText(await render(depositReceipt(), layout));
    expect(text).toContain(NOT_VALID_FOR_INPUT_TAX);
    expect(text).toContain('No. AR 000043');
    expect(text).toContain('Booklet invoice No. 0457');
    expect(text).toMatch(/Deposit, booking BK-7Q4M2X 1 (× )?₱3,360\.00 ₱3,360\.00/);
    expect(printed(text, 'VATable sales') + printed(text, 'VAT (12%)')).toBe(
      printed(text, 'TOTAL'),
    );
    expect(printed(text, 'Amount paid (GCash)')).toBe(336_000n);
    // Nothing discounted: no "Less:" lines.
    expect(text).not.toContain('Less:');
  });

  it("shows an invoice's BIR acknowledgement certificate and approved series, without the input-tax notice", async () => {
    const pdf = await render(stayInvoice(), layout);
    const text = flatText(pdf);
    expect(text).toContain('INVOICE No. INV 000017');
    expect(text).toContain('BIR AC No. AC-116-042027-000123');
    expect(text).toContain('Date issued: Jan 20, 2027');
    expect(text).toContain('Approved series: 000001–005000');
    expect(text).not.toContain('ACKNOWLEDGEMENT RECEIPT');
    expect(text).not.toContain(NOT_VALID_FOR_INPUT_TAX);
    expect(pdfInfo(pdf).title).toBe('INV 000017');
  });

  it('marks a void document VOID with its reason', async () => {
    const text = flatText(await render(stayReceipt(), layout, 'Wrong buyer name'));
    expect(text).toContain('VOID');
    expect(text).toContain('Reason: Wrong buyer name');
    // Still the whole document, number and all.
    expect(text).toContain('No. AR 000042');
    expect(printed(text, 'TOTAL')).toBe(1_140_000n);
  });

  it('names a non-VAT seller as such and prints no VAT lines', async () => {
    const snapshot = stayReceipt({
      seller: { ...stayReceipt().seller, vat_registered: false },
      lines: [
        {
          description: 'Lodging, Cabin Alon',
          quantity: 1,
          unit_price: 2500,
          amount: 2500,
          tax_treatment: 'exempt',
        },
      ],
      discounts: [],
      vatable_sales: 0,
      vat_exempt_sales: 2500,
      zero_rated_sales: 0,
      vat_amount: 0,
      total: 2500,
      amount_paid: 0,
      payment_method: null,
    });
    const text = flatText(await render(snapshot, layout));
    expect(text).toContain('Non-VAT Reg. TIN: 123-456-789-000');
    expect(text).not.toContain('VATable sales');
    expect(text).not.toContain('VAT (12%)');
    expect(printed(text, 'VAT-exempt sales')).toBe(printed(text, 'TOTAL'));
    expect(printed(text, 'Amount paid')).toBe(0n);
    expect(text).not.toContain('Payment method');
  });
});

/** A stay of `count` exempt extras at `price` each, nothing discounted. */
function longStay(count: number, price: number): DocumentSnapshot {
  const lines = Array.from({ length: count }, (_, index) => ({
    description: `Extra bed night ${index + 1}`,
    quantity: 1,
    unit_price: price,
    amount: price,
    tax_treatment: 'exempt' as const,
  }));
  const total = count * price;
  return stayReceipt({
    lines,
    discounts: [],
    vatable_sales: 0,
    vat_exempt_sales: total,
    zero_rated_sales: 0,
    vat_amount: 0,
    total,
    amount_paid: total,
  });
}

describe('page sizes', () => {
  it('draws the roll on one page 80 mm wide, as long as its content', async () => {
    const short = pdfInfo(await render(depositReceipt(), 'roll'));
    const long = pdfInfo(await render(stayInvoice(), 'roll', 'Wrong buyer name'));
    for (const info of [short, long]) {
      expect(info.pages).toBe(1);
      expect(Math.abs(info.width - 80 * MM)).toBeLessThan(0.1);
    }
    expect(long.height).toBeGreaterThan(short.height);
    expect(short.height).toBeLessThan(600);
  });

  it('continues a roll longer than the longest PDF page on a second page', async () => {
    const pdf = await render(longStay(900, 10), 'roll');
    const info = pdfInfo(pdf);
    expect(info.pages).toBe(2);
    expect(Math.abs(info.width - 80 * MM)).toBeLessThan(0.1);
    const text = flatText(pdf);
    expect(text).toContain('Extra bed night 900 ');
    expect(printed(text, 'TOTAL')).toBe(900_000n);
  });

  it('prints A4, and a long document continues on numbered pages', async () => {
    const pdf = await render(longStay(90, 100), 'a4');
    const info = pdfInfo(pdf);
    expect([Math.round(info.width), Math.round(info.height)]).toEqual([595, 842]);
    expect(info.pages).toBeGreaterThanOrEqual(2);
    const text = flatText(pdf);
    expect(text).toContain('Extra bed night 1 ');
    expect(text).toContain('Extra bed night 90 ');
    expect(text).toContain(`AR 000042 · Page 1 of ${info.pages}`);
    expect(text).toContain(`AR 000042 · Page ${info.pages} of ${info.pages}`);
    // The lines table's column titles start the next page too.
    expect(pdfText(pdf, 2)).toMatch(/^\s*Description\s+Qty\s+Unit price\s+Amount$/m);
    expect(printed(text, 'TOTAL')).toBe(900_000n);
  });
});
