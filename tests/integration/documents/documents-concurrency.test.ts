import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_MESSAGES } from '../../../src/domain/documents';
import { signInAs, type SignedIn } from '../../support/auth';
import { createPayment, setNow } from '../../support/back-office';
import { createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';
import {
  SELLER,
  book,
  documentCount,
  issue,
  issued,
  nextNumbers,
  patchBilling,
} from './documents-support';

/**
 * Issue 20 point 6: fifty documents issued at once (ten bookings, five verified payments each)
 * take fifty consecutive numbers, no gap and no duplicate, on both databases: the counter row is
 * updated in each issuing transaction, which queues them.
 */

let t: TestApp;
let staff: SignedIn;
let owner: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  staff = await signInAs(t, 'staff');
  owner = await signInAs(t, 'owner');
  setNow(t, '2027-06-01');
  expect((await patchBilling(owner, SELLER)).statusCode).toBe(200);
});
afterAll(() => t.close());

describe(`documents issued at once (${process.env.TEST_DB})`, () => {
  it('50 concurrent issues → numbers 1..50, consecutive, no duplicate', async () => {
    const unit = await createUnit(t.database, { unit_name: 'Race Cabin', base_rate: 2500 });
    const requests: { bookingId: string; paymentId: string }[] = [];
    for (let b = 0; b < 10; b += 1) {
      const booking = await book(staff, unit.unit_id);
      for (let p = 0; p < 5; p += 1) {
        const payment = await createPayment(t.database, booking.booking_id, {
          payment_amount: 100 + p,
          payment_method: 'Cash',
        });
        requests.push({ bookingId: booking.booking_id, paymentId: payment.payment_id });
      }
    }
    const answers = await Promise.all(
      requests.map((request) =>
        issue(staff, request.bookingId, { scope: 'payment', payment_id: request.paymentId }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    const numbers = answers.map((answer) => answer.json().data.number as number);
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(await nextNumbers(t)).toMatchObject({ acknowledgement_receipt: 51 });

    const manager = await signInAs(t, 'manager');
    const journal = await manager.inject({
      method: 'GET',
      url: '/api/documents?from=2027-06-01&to=2027-06-01',
    });
    expect(journal.json().data.gaps).toEqual([]);
    expect(journal.json().data.totals.count).toBe(50);
  });

  it('ten whole-stay issues on one booking at once: one document, nine clear refusals, no gap', async () => {
    const unit = await createUnit(t.database, { unit_name: 'Queue Cabin', base_rate: 1800 });
    const booking = await book(staff, unit.unit_id);
    const before = await nextNumbers(t);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => issue(staff, booking.booking_id, { scope: 'booking' })),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes, answers.map((answer) => answer.body).join('\n')).toEqual([
      201, 409, 409, 409, 409, 409, 409, 409, 409, 409,
    ]);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
      // Each lost the race, read the booking again and found its stay documented.
      expect(refused.json().message).toBe(DOCUMENT_MESSAGES.stayDocumented);
    }
    const after = await nextNumbers(t);
    expect(after.acknowledgement_receipt).toBe(before.acknowledgement_receipt! + 1);
  });
});

/**
 * Issue 24 (migration 0030): a document is worked out from facts read without a lock and written
 * by issue_document, which holds the booking's lock and refuses (SQLSTATE DOCST) when the stamp of
 * those facts changed since they were read, before it takes a number.
 */
describe(`the facts a document is worked out from (${process.env.TEST_DB})`, () => {
  const stampOf = async (bookingId: string) =>
    (
      await t.database.query<{ stamp: string }>('SELECT document_facts_stamp($1) AS stamp', [
        bookingId,
      ])
    )[0]!.stamp;

  it('change the stamp: the booking, its guest, cabin, folio, payments, documents and the billing profile', async () => {
    const unit = await createUnit(t.database, { unit_name: 'Stamp Cabin', base_rate: 2100 });
    const booking = await book(staff, unit.unit_id);
    const id = booking.booking_id;
    const changes: [string, () => Promise<unknown>][] = [
      [
        'booking',
        () =>
          t.database.query(
            `UPDATE bookings SET internal_notes = 'late arrival' WHERE booking_id = $1`,
            [id],
          ),
      ],
      [
        'guest',
        () =>
          t.database.query(
            `UPDATE guests SET guest_name = 'Maria S. Santos' WHERE guest_id = (SELECT guest_id FROM bookings WHERE booking_id = $1)`,
            [id],
          ),
      ],
      [
        'cabin',
        () =>
          t.database.query('UPDATE units SET description = $2 WHERE unit_id = $1', [
            unit.unit_id,
            'Sea view',
          ]),
      ],
      [
        'payment and folio',
        () => createPayment(t.database, id, { payment_amount: 500, payment_method: 'Cash' }),
      ],
      ['document', () => issued(staff, id, { scope: 'booking' })],
      ['billing profile', () => patchBilling(owner, { ...SELLER, business_style: 'Isla Verde' })],
    ];
    let stamp = await stampOf(id);
    for (const [what, change] of changes) {
      await change();
      const next = await stampOf(id);
      expect(next, what).not.toBe(stamp);
      stamp = next;
    }
    // Reading changes nothing.
    expect(await stampOf(id)).toBe(stamp);
  });

  it('a write from facts read before a payment arrived is refused and takes no number', async () => {
    const unit = await createUnit(t.database, { unit_name: 'Stale Cabin', base_rate: 2300 });
    const booking = await book(staff, unit.unit_id);
    const stale = await stampOf(booking.booking_id);
    await createPayment(t.database, booking.booking_id, {
      payment_amount: 700,
      payment_method: 'Cash',
    });
    const before = await nextNumbers(t);
    const documents = await documentCount(t);
    const payload = (stamp: string) =>
      JSON.stringify({
        actor: null,
        booking_id: booking.booking_id,
        stamp,
        kind: 'acknowledgement_receipt',
        floor: 1,
        serial_to: null,
        number_prefix: 'AR',
        row: {
          booking_id: booking.booking_id,
          scope: 'booking',
          payment_id: null,
          snapshot: { kind: 'acknowledgement_receipt' },
          issue_date: '2027-06-01',
          vatable_sales: 0,
          vat_exempt_sales: 0,
          zero_rated_sales: 0,
          vat_amount: 0,
          local_tax_amount: 0,
          total: 0,
          amount_paid: 0,
          buyer_name: 'Maria Santos',
          issued_at: '2027-06-01T02:00:00Z',
        },
      });
    const refused = await t.database
      .query('SELECT issue_document($1::jsonb)', [payload(stale)])
      .then(
        () => null,
        (error: { code?: string }) => error.code,
      );
    expect(refused).toBe('DOCST');
    expect(await nextNumbers(t)).toEqual(before);
    expect(await documentCount(t)).toBe(documents);

    // The same write from the facts as they are now goes through, with the next number.
    const [written] = await t.database.query<{
      issued: { number: number; snapshot: Record<string, unknown> };
    }>('SELECT issue_document($1::jsonb) AS issued', [payload(await stampOf(booking.booking_id))]);
    const doc = typeof written!.issued === 'string' ? JSON.parse(written!.issued) : written!.issued;
    expect(doc.number).toBe(before.acknowledgement_receipt);
    expect(doc.snapshot).toMatchObject({
      number: before.acknowledgement_receipt,
      display_number: `AR ${String(before.acknowledgement_receipt).padStart(6, '0')}`,
    });
  });
});
