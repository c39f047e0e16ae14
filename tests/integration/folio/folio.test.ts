import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInAs, type SignedIn } from '../../support/auth';
import { createPayment, setNow } from '../../support/back-office';
import { createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';

/**
 * Issue 17: the folio through the real app. Postings on creation, verification, refund and
 * cancellation; the reversal rules; a refund beyond what was paid; the senior citizen/PWD split
 * (decision 0017's worked example); twenty payments at once; append-only in the database.
 */

let t: TestApp;
let staff: SignedIn;
let manager: SignedIn;
let unitA: Awaited<ReturnType<typeof createUnit>>;
let unitQuiet: Awaited<ReturnType<typeof createUnit>>;

type Json = Record<string, unknown>;
type Entry = {
  entry_id: string;
  kind: string;
  amount: number;
  vat_amount: number;
  local_tax_amount: number;
  tax_treatment: string;
  reverses_entry_id: string | null;
  reason: string | null;
  created_by_name: string | null;
};
type Folio = {
  booking_id: string;
  entries: Entry[];
  charges_total: number;
  paid_total: number;
  refunded_total: number;
  balance: number;
  deposit_amount: number;
  balance_due_date: string | null;
  payment_status: string;
};

beforeAll(async () => {
  t = await createTestApp();
  [staff, manager] = await Promise.all([signInAs(t, 'staff'), signInAs(t, 'manager')]);
  // DESIGN §4 worked example 1's cabin A.
  unitA = await createUnit(t.database, {
    unit_name: 'Cabin A',
    base_rate: 3000,
    weekend_rate: 3000,
    base_occupancy: 2,
    max_occupancy: 4,
    extra_person_rate: 500,
  });
  unitQuiet = await createUnit(t.database, {
    unit_name: 'Quiet Cabin',
    base_rate: 3000,
    weekend_rate: 3000,
    base_occupancy: 4,
    max_occupancy: 6,
    extra_person_rate: 0,
  });
});
afterAll(() => t.close());
beforeEach(() => setNow(t, '2027-06-01'));

let stayDay = 0;
/** A staff booking through the API; each call takes later nights of `unit`. */
async function book(
  unit: { unit_id: string },
  numGuests: number,
  stay?: { check_in: string; check_out: string },
): Promise<Json> {
  stayDay += 4;
  const from = new Date(Date.UTC(2028, 0, 4 + stayDay)).toISOString().slice(0, 10);
  const to = new Date(Date.UTC(2028, 0, 6 + stayDay)).toISOString().slice(0, 10);
  const response = await staff.inject({
    method: 'POST',
    url: '/api/bookings',
    payload: {
      unit_id: unit.unit_id,
      guest_name: 'Maria Santos',
      contact_number: '0917 123 4567',
      email: `maria.${stayDay}@example.ph`,
      num_guests: numGuests,
      check_in: stay?.check_in ?? from,
      check_out: stay?.check_out ?? to,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Json;
}

async function folioOf(bookingId: string): Promise<Folio> {
  const response = await staff.inject({ method: 'GET', url: `/api/bookings/${bookingId}/folio` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Folio;
}

async function entryCount(): Promise<number> {
  const [row] = await t.database.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM folio_entries',
  );
  return Number(row!.n);
}

async function verify(paymentId: string, confirm = false) {
  return manager.inject({
    method: 'POST',
    url: `/api/payments/${paymentId}/verify`,
    payload: confirm ? { confirm_booking: true } : {},
  });
}

describe(`the folio (${process.env.TEST_DB})`, () => {
  it('a new booking posts its stay, stores its deposit and reads Unpaid (DESIGN §4 example 1)', async () => {
    const booking = await book(unitA, 3, { check_in: '2027-06-10', check_out: '2027-06-13' });
    expect(booking.total_amount).toBe(11458);
    const folio = await folioOf(booking.booking_id as string);
    expect(folio.entries).toEqual([
      expect.objectContaining({
        kind: 'lodging',
        amount: 11458,
        vat_amount: 1217,
        local_tax_amount: 101,
        tax_treatment: 'vatable',
        created_by_name: staff.user.name,
      }),
    ]);
    expect(folio).toMatchObject({
      charges_total: 11458,
      paid_total: 0,
      balance: 11458,
      // decision 0018: 50% rounded up to the whole peso; the balance due at check-in.
      deposit_amount: 5729,
      balance_due_date: '2027-06-10',
      payment_status: 'Unpaid',
    });
    const detail = await staff.inject({
      method: 'GET',
      url: `/api/bookings/${booking.booking_id}`,
    });
    expect(detail.json().data).toMatchObject({
      total_amount: 11458,
      paid_total: 0,
      balance: 11458,
      balance_due: 11458,
      deposit_amount: 5729,
      balance_due_date: '2027-06-10',
    });
  });

  it('a proof waits as Pending verification; verifying posts the payment; the deposit lets staff confirm', async () => {
    const booking = await book(unitA, 2);
    const bookingId = booking.booking_id as string;
    const total = booking.total_amount as number;
    const before = await folioOf(bookingId);
    const deposit = before.deposit_amount;

    // No verified deposit: staff may not confirm.
    const early = await staff.inject({
      method: 'POST',
      url: `/api/bookings/${bookingId}/status`,
      payload: { status: 'Confirmed' },
    });
    expect(early.statusCode).toBe(409);

    const proof = await createPayment(t.database, bookingId, {
      payment_status: 'Pending',
      payment_amount: deposit,
    });
    const waiting = await folioOf(bookingId);
    expect(waiting.payment_status).toBe('Pending verification');
    expect(waiting.entries.filter((entry) => entry.kind === 'payment')).toEqual([]);

    expect((await verify(proof.payment_id)).statusCode).toBe(200);
    const paid = await folioOf(bookingId);
    expect(paid.entries.filter((entry) => entry.kind === 'payment')).toEqual([
      expect.objectContaining({ amount: -deposit, tax_treatment: 'exempt', vat_amount: 0 }),
    ]);
    expect(paid).toMatchObject({
      paid_total: deposit,
      balance: total - deposit,
      payment_status: 'Deposit paid',
    });

    const confirmed = await staff.inject({
      method: 'POST',
      url: `/api/bookings/${bookingId}/status`,
      payload: { status: 'Confirmed' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toMatchObject({
      booking_status: 'Confirmed',
      payment_status: 'Deposit paid',
      paid_total: deposit,
      balance: total - deposit,
    });

    // The balance: Paid with a balance of 0, and the booking lists no more among the balances due.
    const rest = await createPayment(t.database, bookingId, {
      payment_status: 'Pending',
      payment_amount: total - deposit,
    });
    const due = await staff.inject({
      method: 'GET',
      url: '/api/bookings?balance=due&page_size=100',
    });
    expect((due.json().data as Json[]).map((row) => row.booking_id)).toContain(bookingId);
    expect((await verify(rest.payment_id)).statusCode).toBe(200);
    expect(await folioOf(bookingId)).toMatchObject({
      balance: 0,
      payment_status: 'Paid',
      balance_due_date: null,
    });
    const after = await staff.inject({
      method: 'GET',
      url: '/api/bookings?balance=due&page_size=100',
    });
    expect((after.json().data as Json[]).map((row) => row.booking_id)).not.toContain(bookingId);
  });

  it('lists a balance overdue once its due date has passed', async () => {
    const booking = await book(unitA, 2);
    const bookingId = booking.booking_id as string;
    const overdue = async () =>
      (
        (
          await staff.inject({ method: 'GET', url: '/api/bookings?balance=overdue&page_size=100' })
        ).json().data as Json[]
      ).map((row) => row.booking_id);
    expect(await overdue()).not.toContain(bookingId);
    setNow(t, '2028-12-31');
    expect(await overdue()).toContain(bookingId);
    const bad = await staff.inject({ method: 'GET', url: '/api/bookings?balance=soon' });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a refund beyond what was paid with 400 and writes nothing', async () => {
    const booking = await book(unitA, 2);
    const payment = await createPayment(t.database, booking.booking_id as string, {
      payment_amount: 2000,
    });
    const count = await entryCount();
    const response = await manager.inject({
      method: 'POST',
      url: `/api/payments/${payment.payment_id}/refund`,
      payload: { amount: 2000.01 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The refund cannot exceed ₱2,000.00.');
    expect(await entryCount()).toBe(count);

    const refund = await manager.inject({
      method: 'POST',
      url: `/api/payments/${payment.payment_id}/refund`,
      payload: { amount: 500 },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(await folioOf(booking.booking_id as string)).toMatchObject({
      paid_total: 1500,
      refunded_total: 500,
    });
  });

  it('a cancellation 20 days before arrival refunds 50% of what was paid, on the folio', async () => {
    const booking = await book(unitA, 2, { check_in: '2027-06-21', check_out: '2027-06-23' });
    const bookingId = booking.booking_id as string;
    await createPayment(t.database, bookingId, { payment_amount: 3000, payment_method: 'Maya' });
    const preview = await staff.inject({
      method: 'GET',
      url: `/api/bookings/${bookingId}/refund-preview`,
    });
    expect(preview.json().data).toMatchObject({ percent: 50, amount: 1500, days_before: 20 });
    const cancelled = await manager.inject({
      method: 'POST',
      url: `/api/bookings/${bookingId}/cancel`,
      payload: { reason: 'Change of plans' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().refund).toEqual({ percent: 50, amount: 1500, days_before: 20 });
    const folio = await folioOf(bookingId);
    expect(folio.entries.filter((entry) => entry.kind === 'refund')).toEqual([
      expect.objectContaining({ amount: 1500 }),
    ]);
    expect(folio).toMatchObject({
      paid_total: 1500,
      refunded_total: 1500,
      payment_status: 'Refunded',
      balance_due_date: null,
    });
  });

  it('a no-show forfeits what was paid: no refund entry', async () => {
    const booking = await book(unitA, 2, { check_in: '2027-07-21', check_out: '2027-07-22' });
    const bookingId = booking.booking_id as string;
    // Less than the stay's charges: an overpayment would be the guest's credit, refunded anyway.
    await createPayment(t.database, bookingId, { payment_amount: 2000 });
    const cancelled = await manager.inject({
      method: 'POST',
      url: `/api/bookings/${bookingId}/cancel`,
      payload: { reason: 'Did not arrive', no_show: true },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const folio = await folioOf(bookingId);
    expect(folio.entries.some((entry) => entry.kind === 'refund')).toBe(false);
    expect(folio.paid_total).toBe(2000);
  });

  describe('reversals', () => {
    it('reverse an entry once, with a reason, by a manager; everything else is refused and writes nothing', async () => {
      const first = await book(unitA, 2);
      const other = await book(unitA, 2);
      const firstId = first.booking_id as string;
      const [lodging] = (await folioOf(firstId)).entries;
      const [otherLodging] = (await folioOf(other.booking_id as string)).entries;
      const reverse = (session: SignedIn, bookingId: string, entryId: string, payload: Json) =>
        session.inject({
          method: 'POST',
          url: `/api/bookings/${bookingId}/folio/${entryId}/reverse`,
          payload,
        });

      const count = await entryCount();
      const byStaff = await reverse(staff, firstId, lodging!.entry_id, { reason: 'Wrong rate' });
      expect(byStaff.statusCode).toBe(403);
      const noReason = await reverse(manager, firstId, lodging!.entry_id, { reason: '  ' });
      expect(noReason.statusCode).toBe(400);
      const elsewhere = await reverse(manager, firstId, otherLodging!.entry_id, {
        reason: 'Wrong booking',
      });
      expect(elsewhere.statusCode).toBe(404);
      expect(elsewhere.json().message).toBe("This entry is not on this booking's folio");
      const notAnId = await reverse(manager, firstId, 'nonsense', { reason: 'x' });
      expect(notAnId.statusCode).toBe(404);
      expect(await entryCount()).toBe(count);

      const reversed = await reverse(manager, firstId, lodging!.entry_id, {
        reason: 'Charged the wrong rate',
      });
      expect(reversed.statusCode, reversed.body).toBe(201);
      const folio = reversed.json().data as Folio;
      const reversal = folio.entries.find((entry) => entry.kind === 'reversal')!;
      expect(reversal).toMatchObject({
        reverses_entry_id: lodging!.entry_id,
        amount: -lodging!.amount,
        vat_amount: -lodging!.vat_amount,
        reason: 'Charged the wrong rate',
        created_by_name: manager.user.name,
      });
      expect(folio).toMatchObject({ charges_total: 0, balance: 0 });
      expect(await entryCount()).toBe(count + 1);

      const twice = await reverse(manager, firstId, lodging!.entry_id, { reason: 'Again' });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe('This entry has already been reversed');
      const ofReversal = await reverse(manager, firstId, reversal.entry_id, { reason: 'Undo' });
      expect(ofReversal.statusCode).toBe(409);
      expect(ofReversal.json().message).toBe(
        'A reversal cannot be reversed; post a new entry instead',
      );
      expect(await entryCount()).toBe(count + 1);
    });

    it('the database refuses to edit or delete an entry, and a second reversal of one entry', async () => {
      const booking = await book(unitA, 2);
      const [entry] = (await folioOf(booking.booking_id as string)).entries;
      await expect(
        t.database.query('UPDATE folio_entries SET amount = 1 WHERE entry_id = $1', [
          entry!.entry_id,
        ]),
      ).rejects.toThrow(/never changed or deleted/);
      await expect(
        t.database.query('DELETE FROM folio_entries WHERE entry_id = $1', [entry!.entry_id]),
      ).rejects.toThrow(/never changed or deleted/);
      const insertReversal = () =>
        t.database.query(
          `INSERT INTO folio_entries (booking_id, kind, description, quantity, unit_amount, amount,
             tax_treatment, vat_amount, local_tax_amount, reverses_entry_id, reason)
           VALUES ($1, 'reversal', 'Reversal', 1, $2, $2, 'vatable', $3, $4, $5, 'test')`,
          [
            booking.booking_id,
            -entry!.amount,
            -entry!.vat_amount,
            -entry!.local_tax_amount,
            entry!.entry_id,
          ],
        );
      await insertReversal();
      await expect(insertReversal()).rejects.toThrow();
    });
  });

  it('senior citizen/PWD: 1 of 4 guests, the worked example of decision 0017', async () => {
    // Two June weekday nights (season ×0.8) of a ₱3,000 cabin for 4: subtotal 4,800, no discount,
    // VAT 576, local tax 48.
    const booking = await book(unitQuiet, 4, { check_in: '2027-06-15', check_out: '2027-06-17' });
    expect(booking.total_amount).toBe(5424);
    const bookingId = booking.booking_id as string;
    const byStaff = await staff.inject({
      method: 'POST',
      url: `/api/bookings/${bookingId}/senior-pwd`,
      payload: { eligible_guests: 1, id_numbers: ['SC-0001'] },
    });
    expect(byStaff.statusCode).toBe(403);
    const mismatch = await manager.inject({
      method: 'POST',
      url: `/api/bookings/${bookingId}/senior-pwd`,
      payload: { eligible_guests: 2, id_numbers: ['SC-0001'] },
    });
    expect(mismatch.statusCode).toBe(400);
    const tooMany = await manager.inject({
      method: 'POST',
      url: `/api/bookings/${bookingId}/senior-pwd`,
      payload: { eligible_guests: 5, id_numbers: ['1', '2', '3', '4', '5'] },
    });
    expect(tooMany.statusCode).toBe(400);

    const response = await manager.inject({
      method: 'POST',
      url: `/api/bookings/${bookingId}/senior-pwd`,
      payload: { eligible_guests: 1, id_numbers: ['SC-0001'] },
    });
    expect(response.statusCode, response.body).toBe(200);
    const folio = response.json().data as Folio;
    // net 4,800: exempt share 1,200 (local 12), VATable 3,600 (VAT 432, local 36), discount
    // 20% of 1,200 = 240 (its local tax −2.40, −2 to the peso): 4,068 + 1,212 − 242 = 5,038.
    const active = folio.entries.filter(
      (entry) =>
        entry.kind !== 'reversal' &&
        !folio.entries.some((other) => other.reverses_entry_id === entry.entry_id),
    );
    expect(active).toEqual([
      expect.objectContaining({
        kind: 'lodging',
        tax_treatment: 'vatable',
        amount: 4068,
        vat_amount: 432,
        local_tax_amount: 36,
      }),
      expect.objectContaining({
        kind: 'lodging',
        tax_treatment: 'exempt',
        amount: 1212,
        vat_amount: 0,
        local_tax_amount: 12,
      }),
      expect.objectContaining({
        kind: 'senior_pwd_discount',
        amount: -242,
        vat_amount: 0,
        local_tax_amount: -2,
      }),
    ]);
    expect(folio.charges_total).toBe(5038);
    const detail = await staff.inject({ method: 'GET', url: `/api/bookings/${bookingId}` });
    expect(detail.json().data.total_amount).toBe(5038);

    // The ID numbers are on the booking, redacted in the audit trail.
    const [audit] = await t.database.query<{ new_data: Json }>(
      `SELECT new_data FROM audit_logs WHERE table_name = 'bookings' AND record_id = $1
         AND 'senior_pwd_ids' = ANY (changed_fields) ORDER BY seq DESC LIMIT 1`,
      [bookingId],
    );
    expect(audit!.new_data.senior_pwd_ids).toBe('[REDACTED]');

    // Applying it again replaces the split: the total stays 5,038.
    const again = await manager.inject({
      method: 'POST',
      url: `/api/bookings/${bookingId}/senior-pwd`,
      payload: { eligible_guests: 1, id_numbers: ['SC-0001'] },
    });
    expect((again.json().data as Folio).charges_total).toBe(5038);
  });

  it('twenty payments verified at once leave the exact balance', async () => {
    const booking = await book(unitA, 2);
    const bookingId = booking.booking_id as string;
    const total = booking.total_amount as number;
    const proofs = [];
    for (let i = 0; i < 20; i += 1) {
      proofs.push(
        await createPayment(t.database, bookingId, {
          payment_status: 'Pending',
          payment_amount: 100.01,
        }),
      );
    }
    const answers = await Promise.all(proofs.map((proof) => verify(proof.payment_id)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    const folio = await folioOf(bookingId);
    expect(folio.entries.filter((entry) => entry.kind === 'payment')).toHaveLength(20);
    expect(folio.paid_total).toBe(2000.2);
    expect(folio.balance).toBe(Math.round((total - 2000.2) * 100) / 100);
    const [row] = await t.database.query<{ payment_status: string; total_amount: string }>(
      'SELECT payment_status, total_amount FROM bookings WHERE booking_id = $1',
      [bookingId],
    );
    expect(row!.payment_status).toBe(folio.payment_status);
  });

  it("issue 24: the folio's one statement answers the rows as they are stored, key for key", async () => {
    const booking = await book(unitA, 2);
    const bookingId = booking.booking_id as string;
    const verified = await createPayment(t.database, bookingId, {
      payment_status: 'Pending',
      payment_amount: 100.01,
    });
    expect((await verify(verified.payment_id)).statusCode).toBe(200);
    await createPayment(t.database, bookingId, { payment_status: 'Pending', payment_amount: 50 });
    const lodging = (await folioOf(bookingId)).entries.find((entry) => entry.kind === 'lodging')!;
    const reversed = await manager.inject({
      method: 'POST',
      url: `/api/bookings/${bookingId}/folio/${lodging.entry_id}/reverse`,
      payload: { reason: 'Re-priced; "by hand", \\ ünïcode ✓' },
    });
    expect(reversed.statusCode, reversed.body).toBe(201);
    // A deadline with microseconds: the answer keeps milliseconds, as Date does.
    await t.database.query(
      `UPDATE bookings SET proof_deadline = '2027-06-02 10:11:12.345999+00' WHERE booking_id = $1`,
      [bookingId],
    );
    const rows = await t.database.query<Record<string, unknown> & { created_at: Date }>(
      'SELECT * FROM folio_entries WHERE booking_id = $1 ORDER BY seq',
      [bookingId],
    );
    const folio = await folioOf(bookingId);
    expect(reversed.json().data).toEqual({ ...folio, deposit_due_at: null });
    expect(JSON.stringify(folio.entries)).toBe(
      JSON.stringify(
        rows.map((row) => ({
          entry_id: row.entry_id,
          kind: row.kind,
          description: row.description,
          quantity: row.quantity,
          unit_amount: row.unit_amount,
          amount: row.amount,
          tax_treatment: row.tax_treatment,
          vat_amount: row.vat_amount,
          local_tax_amount: row.local_tax_amount,
          reverses_entry_id: row.reverses_entry_id,
          reason: row.reason,
          created_at: row.created_at.toISOString(),
          created_by_name: row.created_by_name,
        })),
      ),
    );
    expect(folio.entries.map((entry) => entry.kind)).toEqual(['lodging', 'payment', 'reversal']);
    expect(folio).toMatchObject({
      charges_total: 0,
      paid_total: 100.01,
      balance: -100.01,
      payment_status: 'Overpaid',
      balance_due_date: null,
    });
    // A proof awaits verification and the deposit is not covered: the deadline is due.
    const owing = await book(unitA, 2);
    await createPayment(t.database, owing.booking_id as string, {
      payment_status: 'Pending',
      payment_amount: 10,
    });
    await t.database.query(
      `UPDATE bookings SET proof_deadline = '2027-06-02 10:11:12.345999+00' WHERE booking_id = $1`,
      [owing.booking_id],
    );
    expect(await folioOf(owing.booking_id as string)).toMatchObject({
      deposit_due_at: '2027-06-02T10:11:12.345Z',
      payment_status: 'Pending verification',
      balance_due_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    const missing = await staff.inject({
      method: 'GET',
      url: '/api/bookings/00000000-0000-4000-8000-000000000000/folio',
    });
    expect(missing.statusCode).toBe(404);
  });
});
