import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, type SignedIn } from '../../support/auth';
import { createPayment, setNow } from '../../support/back-office';
import { createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';
import { SELLER, book, issue, nextNumbers, patchBilling } from './documents-support';

/**
 * Issue 20 point 6: fifty documents issued at once (ten bookings, five verified payments each)
 * take fifty consecutive numbers, no gap and no duplicate, on both databases: the counter row is
 * updated in each issuing transaction, which queues them.
 */

let t: TestApp;
let staff: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  staff = await signInAs(t, 'staff');
  const owner = await signInAs(t, 'owner');
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
});
