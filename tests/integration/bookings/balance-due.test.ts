import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, type SignedIn } from '../../support/auth';
import { createPayment } from '../../support/back-office';
import { createBooking, createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let staff: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  staff = await signInAs(t, 'staff');
});
afterAll(() => t.close());

describe(`GET /api/bookings/:id balance_due (${process.env.TEST_DB})`, () => {
  it('is the total less verified payments net of refunds, exact to the centavo', async () => {
    const unit = await createUnit(t.database);
    const booking = await createBooking(
      t.database,
      unit.unit_id,
      { check_in: '2036-03-02', check_out: '2036-03-05' },
      { total_amount: 11458.3 },
    );
    const balance = async () => {
      const response = await staff.inject({
        method: 'GET',
        url: `/api/bookings/${booking.booking_id}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.balance_due as number;
    };
    expect(await balance()).toBe(11458.3);

    await createPayment(t.database, booking.booking_id, { payment_amount: 1000.1 });
    await createPayment(t.database, booking.booking_id, { payment_amount: 0.2 });
    // Awaiting verification: not paid yet.
    await createPayment(t.database, booking.booking_id, {
      payment_amount: 5000,
      payment_status: 'Pending',
    });
    expect(await balance()).toBe(10458);

    await createPayment(t.database, booking.booking_id, {
      payment_amount: 300.05,
      payment_status: 'Refunded',
    });
    expect(await balance()).toBe(10758.05);

    await createPayment(t.database, booking.booking_id, { payment_amount: 20000 });
    expect(await balance()).toBe(0);
  });
});
