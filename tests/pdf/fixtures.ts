import type { DocumentSnapshot } from '../../src/domain/documents';
import type { DocumentDto, SalesJournalDto } from '../../src/domain/schemas/document.schema';

/**
 * Snapshots as the documents service keeps them, built by hand (no database): a VAT-registered
 * stay with lodging, an exempt extra, a zero-rated line, a senior/PWD discount and a promo.
 */
export const SELLER = {
  registered_name: 'Bahay Kubo Resort Corp.',
  business_style: 'Bahay Kubo Beach Cabins',
  address: 'Purok 3, Barangay San Isidro, General Luna, Siargao, Surigao del Norte 8419',
  tin: '123-456-789-000',
  vat_registered: true,
  bir: null,
};

/*
 * Lines: lodging 2 nights × ₱5,600.00 = ₱11,200.00 (VAT-inclusive), island tour (exempt)
 * ₱1,500.00, airport transfer for a PEZA guest (zero-rated) ₱800.00: ₱13,500.00.
 * Senior/PWD: one of two guests, on the lodging: ₱5,600.00 share, VAT removed → ₱5,000.00, 20% =
 * ₱1,000.00 off; that share (₱4,000.00) is VAT-exempt. Promo ₱500.00 off the remaining lodging.
 * Lodging left VATable: ₱5,600.00 − ₱500.00 = ₱5,100.00 incl. VAT → ₱4,553.57 + VAT ₱546.43.
 * Total: 13,500.00 − 600.00 (VAT removed from the senior share) − 1,000.00 − 500.00 = 11,400.00
 *      = 4,553.57 + (4,000.00 + 1,500.00) + 800.00 + 546.43.
 */
export function stayReceipt(overrides: Partial<DocumentSnapshot> = {}): DocumentSnapshot {
  return {
    kind: 'acknowledgement_receipt',
    title: 'ACKNOWLEDGEMENT RECEIPT',
    number: 42,
    display_number: 'AR 000042',
    issue_date: '2027-03-14',
    scope: 'booking',
    seller: SELLER,
    buyer: {
      name: 'Maria Clara Santos',
      address: '12 Mabini Street, Quezon City',
      tin: '987-654-321-000',
    },
    booking: {
      reference: 'BK-7Q4M2X',
      check_in: '2027-03-12',
      check_out: '2027-03-14',
      unit_names: ['Cabin Dalisay', 'Cabin Alon'],
    },
    lines: [
      {
        description: 'Lodging, Cabin Dalisay',
        quantity: 2,
        unit_price: 5600,
        amount: 11200,
        tax_treatment: 'vatable',
      },
      {
        description: 'Island hopping tour',
        quantity: 1,
        unit_price: 1500,
        amount: 1500,
        tax_treatment: 'exempt',
      },
      {
        description: 'Airport transfer (PEZA-registered guest)',
        quantity: 1,
        unit_price: 800,
        amount: 800,
        tax_treatment: 'zero_rated',
      },
    ],
    discounts: [
      { kind: 'senior_pwd', description: 'VAT on the senior citizen/PWD share', amount: 600 },
      { kind: 'senior_pwd', description: 'Senior citizen/PWD discount 20%', amount: 1000 },
      { kind: 'other', description: 'Promo SUMMER500', amount: 500 },
    ],
    vatable_sales: 4553.57,
    vat_exempt_sales: 5500,
    zero_rated_sales: 800,
    vat_amount: 546.43,
    local_tax_amount: 0,
    total: 11400,
    amount_paid: 11400,
    payment_method: 'GCash, Cash',
    withholding: null,
    booklet_serial: null,
    replaces_display_number: null,
    ...overrides,
  };
}

/** The same sale on the resort's registered system: an invoice with the BIR registration. */
export function stayInvoice(overrides: Partial<DocumentSnapshot> = {}): DocumentSnapshot {
  return stayReceipt({
    kind: 'invoice',
    title: 'INVOICE',
    number: 17,
    display_number: 'INV 000017',
    seller: {
      ...SELLER,
      bir: {
        ac_number: 'AC-116-042027-000123',
        ac_date: '2027-01-20',
        serial_from: 1,
        serial_to: 5000,
      },
    },
    ...overrides,
  });
}

/** A deposit acknowledged on its own: one line, the booklet invoice written by hand. */
export function depositReceipt(overrides: Partial<DocumentSnapshot> = {}): DocumentSnapshot {
  return stayReceipt({
    number: 43,
    display_number: 'AR 000043',
    scope: 'payment',
    lines: [
      {
        description: 'Deposit, booking BK-7Q4M2X',
        quantity: 1,
        unit_price: 3360,
        amount: 3360,
        tax_treatment: 'vatable',
      },
    ],
    discounts: [],
    vatable_sales: 3000,
    vat_exempt_sales: 0,
    zero_rated_sales: 0,
    vat_amount: 360,
    total: 3360,
    amount_paid: 3360,
    payment_method: 'GCash',
    booklet_serial: '0457',
    ...overrides,
  });
}

/** Sales journal rows: `count` documents numbered from 1, every seventh one void. */
export function journal(count: number, gaps: string[] = []): SalesJournalDto {
  const documents: DocumentDto[] = Array.from({ length: count }, (_, index) => {
    const number = index + 1;
    const display = `AR ${String(number).padStart(6, '0')}`;
    return {
      document_id: `doc-${number}`,
      kind: 'acknowledgement_receipt',
      number,
      display_number: display,
      total: 1120,
      status: number % 7 === 0 ? 'void' : 'issued',
      booking_id: `booking-${number}`,
      booking_reference: `BK-${number}`,
      scope: 'payment',
      payment_id: `payment-${number}`,
      issued_at: `2027-03-${String((index % 28) + 1).padStart(2, '0')}T02:00:00.000Z`,
      issue_date: `2027-03-${String((index % 28) + 1).padStart(2, '0')}`,
      issued_by_name: 'Front Desk',
      buyer_name: `Guest Number ${number} with a rather long family name for the column`,
      buyer_tin: null,
      vatable_sales: 1000,
      vat_exempt_sales: 0,
      zero_rated_sales: 0,
      vat_amount: 120,
      local_tax_amount: 0,
      amount_paid: 1120,
      booklet_serial: `B-${1000 + number}`,
      void_reason: number % 7 === 0 ? 'Wrong buyer' : null,
      voided_at: null,
      replaces_document_id: null,
      replaces_display_number: null,
      replaced_by_display_number: null,
    };
  });
  const issued = documents.filter((doc) => doc.status === 'issued').length;
  return {
    from: '2027-03-01',
    to: '2027-03-31',
    documents,
    totals: {
      count: issued,
      void_count: count - issued,
      vatable_sales: 1000 * issued,
      vat_exempt_sales: 0,
      zero_rated_sales: 0,
      vat_amount: 120 * issued,
      local_tax_amount: 0,
      total: 1120 * issued,
    },
    gaps,
  };
}
