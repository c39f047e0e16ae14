import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_GENERAL_SETTINGS } from '../../domain/settings';
import {
  DEFAULT_PAYMENT_INSTRUCTIONS,
  type PaymentInstructions,
} from '../../domain/settings-defaults';
import { loadConfig } from '../config';
import { createMailer } from './mailer';
import { bookingConfirmedMail } from './templates/booking-confirmed';
import { bookingReceivedMail } from './templates/booking-received';
import type { BookingMailDetails } from './templates/layout';
import { resortBookingNotificationMail } from './templates/resort-booking-notification';

const booking: BookingMailDetails = {
  booking_reference: 'BK-2027-AB3D',
  guest_name: 'Ana <img src=x onerror=alert(1)>',
  email: 'ana@example.ph',
  phone_number: '+639171234567',
  unit_name: 'Sunset Beachfront Cabin',
  unit_type: 'Deluxe',
  check_in: '2027-01-05',
  check_out: '2027-01-08',
  nights: 3,
  num_guests: 2,
  total_amount: 11458,
  special_requests: 'Quiet room & <b>late</b> check-in',
};
const resort = DEFAULT_GENERAL_SETTINGS;
/** Issue 17: 50% now, the balance at check-in. */
const deposit = { deposit_amount: 5729, balance_amount: 5729, balance_due_date: '2027-01-05' };
const payment: PaymentInstructions = {
  ...DEFAULT_PAYMENT_INSTRUCTIONS,
  gcash_number: '+639171112222',
  gcash_name: 'Playa <Serena> Inc.',
  maya_number: '+639183334444',
  maya_name: '',
  bank_accounts: [
    { bank: 'BPI', account_name: 'Playa Serena Inc.', account_number: '1234-5678-90' },
  ],
  qr_image_url: '/api/public/payment-qr/abc.png',
  note: 'Send the screenshot & your name',
};
const received = (overrides: Partial<Parameters<typeof bookingReceivedMail>[0]> = {}) =>
  bookingReceivedMail({ booking, resort, deposit, payment, ...overrides });
/** The folio of a booking with `paid` verified of 11,458, its balance due at check-in. */
const folioPaying = (paid: number) => ({
  charges_total: 11458,
  paid_total: paid,
  balance: 11458 - paid,
  balance_due_date: paid >= 11458 ? null : '2027-01-05',
});
const confirmed = (paid: number) =>
  bookingConfirmedMail({ booking, resort, folio: folioPaying(paid), payment });

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('mail templates', () => {
  it('tell the guest what SPEC §1 promises, with dates and pesos as SPEC §9 writes them', () => {
    const mail = received({ checkBookingUrl: 'https://r.ph/check-booking?ref=BK-2027-AB3D' });
    expect(mail.subject).toBe('Booking received: BK-2027-AB3D');
    for (const text of [mail.text, mail.html]) {
      expect(text).toContain('Jan 05, 2027');
      expect(text).toContain('Jan 08, 2027');
      expect(text).toContain('3 nights');
      expect(text).toContain('₱11,458.00');
      expect(text).toContain('within 24 hours on business days');
      expect(text).toContain('8:00 AM to 8:00 PM Philippine time every day');
      expect(text).toContain('in writing');
    }
  });

  it('say the deposit and balance (issue 17), or that it is paid in full', () => {
    const mail = received();
    const sentence = 'Deposit ₱5,729.00 now, balance ₱5,729.00 due on Jan 05, 2027.';
    expect(mail.text).toContain(sentence);
    expect(mail.html).toContain(sentence);

    const full = received({
      deposit: { deposit_amount: 11458, balance_amount: 0, balance_due_date: '2027-01-04' },
    });
    for (const text of [full.text, full.html]) {
      expect(text).toContain('Paid in full: ₱11,458.00 now, nothing due later.');
      expect(text).not.toContain('Deposit ');
    }
  });

  it("list how to pay from the settings, with the booking reference for the payment's note", () => {
    const mail = received({ publicUrl: 'https://r.ph' });
    for (const text of [mail.text, mail.html]) {
      expect(text).toContain('How to pay');
      expect(text).toContain('GCash: +63 917 111 2222 (Playa');
      expect(text).toContain('Maya: +63 918 333 4444');
      expect(text).not.toContain('Maya: +63 918 333 4444 (');
      expect(text).toContain('BPI: 1234-5678-90 (Playa Serena Inc.)');
      expect(text).toContain(
        'Write your booking reference BK-2027-AB3D in the payment note, so we can match your payment.',
      );
      expect(text).toContain('https://r.ph/api/public/payment-qr/abc.png');
    }
    expect(mail.text).toContain('Send the screenshot & your name');
    expect(mail.html).toContain('Send the screenshot &amp; your name');
    expect(mail.html).toContain('Playa &lt;Serena&gt; Inc.');

    // No accounts configured: the resort's phone and e-mail, as the guest pages say; no QR link
    // without the public address.
    const bare = received({ payment: DEFAULT_PAYMENT_INSTRUCTIONS });
    expect(bare.text).toContain(
      `GCash or Maya: send to ${resort.contact_phone} (${resort.resort_name}).`,
    );
    expect(bare.text).toContain(`Bank transfer: e-mail ${resort.contact_email}`);
    expect(received().text).not.toContain('QR Ph');
  });

  it('escape every value in HTML', () => {
    for (const mail of [
      received(),
      resortBookingNotificationMail({ booking, resort }),
      confirmed(11458),
    ]) {
      expect(mail.html).not.toContain('<img');
      expect(mail.html).not.toContain('<b>late');
      expect(mail.html).not.toContain('<Serena>');
      expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    }
  });

  it('write the written confirmation with what is paid and the balance due and when, from the folio', () => {
    const mail = confirmed(5000);
    expect(mail.subject).toBe('Booking confirmed: BK-2027-AB3D');
    for (const text of [mail.text, mail.html]) {
      expect(text).toContain('We have verified your payment of ₱5,000.00');
      expect(text).toContain('A balance of ₱6,458.00 is due on Jan 05, 2027.');
      expect(text).toContain('How to pay');
    }
    expect(mail.text).toContain('Amount paid (verified): ₱5,000.00');
    expect(mail.text).toContain('Balance due:');
    expect(mail.text).toContain('Due on:');

    const paid = confirmed(11458);
    expect(paid.text).toContain('Your stay is paid in full.');
    expect(paid.text).not.toContain('Balance due');
    expect(paid.text).not.toContain('How to pay');

    const unpaid = confirmed(0);
    expect(unpaid.text).toContain(
      'We have not received a verified payment yet: ₱11,458.00 is due on Jan 05, 2027.',
    );

    // The total is the folio's charges (an extra posted since), not the booking's old figure.
    const withExtra = bookingConfirmedMail({
      booking,
      resort,
      payment,
      folio: {
        charges_total: 13831,
        paid_total: 5729,
        balance: 8102,
        balance_due_date: '2027-01-05',
      },
    });
    expect(withExtra.text).toMatch(/Total amount: +₱13,831\.00/);
    expect(withExtra.text).toContain('A balance of ₱8,102.00 is due on Jan 05, 2027.');
  });
});

describe('outbox transport (DESIGN §2)', () => {
  it('writes an RFC 822 .eml file per message into DATA_DIR/outbox', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'resort-mail-'));
    dirs.push(dataDir);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SESSION_SECRET: 'test-session-secret-0123456789abcdef0123456789',
    });
    const mailer = createMailer(config);
    expect(mailer.transport).toBe('outbox');
    const sent = await mailer.sendMail({
      to: 'ana@example.ph',
      ...received(),
    });
    const files = readdirSync(path.join(dataDir, 'outbox'));
    expect(files).toEqual([path.basename(sent.file!)]);
    expect(files[0]).toMatch(/^\d{8}T\d{9}Z-[0-9a-f]{8}\.eml$/);
    const eml = readFileSync(sent.file!, 'utf8');
    expect(eml).toMatch(/^From: Playa Serena Beach Resort <reservations@playaserena\.ph>\r$/m);
    expect(eml).toMatch(/^To: ana@example\.ph\r$/m);
    expect(eml).toMatch(/^Subject: Booking received: BK-2027-AB3D\r$/m);
    expect(eml).toContain('multipart/alternative');
    expect(eml).toContain('text/plain');
    expect(eml).toContain('text/html');
    mailer.close();
  });

  it('names a message with a Message-ID by it and its date, so a resend can find it', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'resort-mail-'));
    dirs.push(dataDir);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SESSION_SECRET: 'test-session-secret-0123456789abcdef0123456789',
    });
    const mailer = createMailer(config);
    const identity = {
      messageId: '<job-1@playaserena.ph>',
      date: new Date('2027-01-04T02:00:00Z'),
    };
    expect(await mailer.wasDelivered(identity)).toBe(false);
    const sent = await mailer.sendMail({
      to: 'ana@example.ph',
      ...received(),
      ...identity,
    });
    expect(path.basename(sent.file!)).toMatch(/^20270104T020000000Z-[0-9a-f]{8}\.eml$/);
    expect(await mailer.wasDelivered(identity)).toBe(true);
    expect(await mailer.wasDelivered({ ...identity, messageId: '<job-2@playaserena.ph>' })).toBe(
      false,
    );
    const eml = readFileSync(sent.file!, 'utf8');
    expect(eml).toMatch(/^Message-ID: <job-1@playaserena\.ph>\r$/m);
    mailer.close();
  });
});
