import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DEPOSIT_SETTINGS, type DepositSettings } from '../../../src/domain/deposit';
import { signInAs, type SignedIn } from '../../support/auth';
import { createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';
import { startSmtpServer, type TestSmtpServer } from '../jobs/smtp-helpers';
import {
  confirmProof,
  createGuestBooking,
  guestBookingBody,
  makePng,
  pinClock,
  putFile,
  setDepositRule,
} from './guest-helpers';

/**
 * Issue 17 in the guest's e-mails, delivered to a real SMTP server in the test process: the
 * received mail says the deposit, the balance and its date (or that it is paid in full) and how to
 * pay, with the booking reference for the payment note; the written confirmation says what is
 * paid and the balance due and when, from the folio (the stay and the extras picked).
 */

let smtp: TestSmtpServer;
let t: TestApp;
let owner: SignedIn;
let manager: SignedIn;
let cabin: { unit_id: string };
let breakfast: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  [owner, manager] = await Promise.all([signInAs(t, 'owner'), signInAs(t, 'manager')]);
  cabin = await createUnit(t.database, { unit_name: 'Mail Cabin', max_occupancy: 4 });
  const response = await manager.inject({
    method: 'POST',
    url: '/api/extras',
    payload: {
      name: 'Breakfast',
      price: 350,
      charge_per: 'person_night',
      tax_treatment: 'vatable',
      guest_bookable: true,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  breakfast = (response.json() as { data: { extra_id: string } }).data.extra_id;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
afterEach(() => setDepositRule(owner, DEFAULT_DEPOSIT_SETTINGS));

const setDeposit = (deposit: DepositSettings) => setDepositRule(owner, deposit);

describe(`the guest's e-mails over SMTP (${process.env.TEST_DB})`, () => {
  const textOf = (subject: string) => {
    const mail = smtp.received.find((received) => received.subject === subject);
    expect(
      mail,
      `no mail "${subject}" among ${smtp.received.map((m) => m.subject).join(', ')}`,
    ).toBeDefined();
    return { text: mail!.text ?? '', html: typeof mail!.html === 'string' ? mail!.html : '' };
  };

  async function bookAndSendProof(stay: { check_in: string; check_out: string }) {
    const created = await createGuestBooking(
      t,
      guestBookingBody(cabin.unit_id, {
        ...stay,
        extras: [{ extra_id: breakfast, quantity: 1 }],
      }),
    );
    expect((await putFile(t, created.upload, await makePng(), 'image/png')).statusCode).toBe(200);
    expect((await confirmProof(t, created)).statusCode).toBe(200);
    return created;
  }

  async function verifyAndConfirm(bookingId: string) {
    const [payment] = await t.database.query<{ payment_id: string }>(
      'SELECT payment_id FROM payments WHERE booking_id = $1',
      [bookingId],
    );
    const response = await manager.inject({
      method: 'POST',
      url: `/api/payments/${payment!.payment_id}/verify`,
      payload: { confirm_booking: true },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as { confirmation_email_sent: boolean }).confirmation_email_sent).toBe(
      true,
    );
  }

  it('the received mail says the deposit, the balance and its date and how to pay; the confirmation what is paid and what is due', async () => {
    pinClock(t, '2027-01-04T02:00:00Z');
    const instructions = await owner.inject({
      method: 'PATCH',
      url: '/api/settings',
      payload: {
        payment_instructions: {
          gcash_number: '0917 111 2222',
          gcash_name: 'Playa Serena Inc.',
          maya_number: '',
          maya_name: '',
          bank_accounts: [
            { bank: 'BPI', account_name: 'Playa Serena Inc.', account_number: '1234-5678-90' },
          ],
          note: 'Payments are verified on business days.',
        },
      },
    });
    expect(instructions.statusCode, instructions.body).toBe(200);
    await setDeposit({ mode: 'percent', percent: 50, balance_due_days_before_arrival: 7 });

    const created = await bookAndSendProof({ check_in: '2027-05-10', check_out: '2027-05-13' });
    const { booking } = created;
    const money = (pesos: number) =>
      `₱${pesos.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    expect(booking.balance_due_date).toBe('2027-05-03');

    const received = textOf(`Booking received: ${booking.booking_reference}`);
    const sentence = `Deposit ${money(booking.deposit_amount)} now, balance ${money(booking.balance_amount)} due on May 03, 2027.`;
    for (const part of [received.text, received.html]) {
      expect(part).toContain(sentence);
      // The total is the folio's: the stay and the breakfast.
      expect(part).toContain(money(booking.total_amount));
      expect(part).toContain('How to pay');
      expect(part).toContain('GCash: +63 917 111 2222 (Playa Serena Inc.)');
      expect(part).toContain('BPI: 1234-5678-90 (Playa Serena Inc.)');
      expect(part).toContain(
        `Write your booking reference ${booking.booking_reference} in the payment note`,
      );
      expect(part).toContain('Payments are verified on business days.');
    }
    expect(received.text).not.toContain('Maya:');

    await verifyAndConfirm(booking.booking_id);
    const confirmed = textOf(`Booking confirmed: ${booking.booking_reference}`);
    for (const part of [confirmed.text, confirmed.html]) {
      expect(part).toContain(`We have verified your payment of ${money(booking.deposit_amount)}`);
      expect(part).toContain(
        `A balance of ${money(booking.balance_amount)} is due on May 03, 2027.`,
      );
      expect(part).toContain(money(booking.total_amount));
      expect(part).toContain(`Write your booking reference ${booking.booking_reference}`);
    }
  });

  it('says "Paid in full" when the deposit is the whole total, and the confirmation that nothing is due', async () => {
    pinClock(t, '2027-01-04T02:00:00Z');
    await setDeposit({ mode: 'full', percent: 50, balance_due_days_before_arrival: 0 });
    const { booking } = await bookAndSendProof({ check_in: '2027-05-20', check_out: '2027-05-22' });
    expect(booking).toMatchObject({ deposit_amount: booking.total_amount, balance_amount: 0 });
    const total = `₱${booking.total_amount.toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

    const received = textOf(`Booking received: ${booking.booking_reference}`);
    for (const part of [received.text, received.html]) {
      expect(part).toContain(`Paid in full: ${total} now, nothing due later.`);
      expect(part).not.toContain('Deposit ₱');
    }

    await verifyAndConfirm(booking.booking_id);
    const confirmed = textOf(`Booking confirmed: ${booking.booking_reference}`);
    expect(confirmed.text).toContain(`We have verified your payment of ${total}`);
    expect(confirmed.text).toContain('Your stay is paid in full.');
    expect(confirmed.text).not.toContain('Balance due');
    expect(confirmed.text).not.toContain('How to pay');
  });
});
