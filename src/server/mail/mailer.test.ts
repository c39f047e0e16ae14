import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_GENERAL_SETTINGS } from '../../domain/settings';
import { loadConfig } from '../config';
import { createMailer } from './mailer';
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
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('mail templates', () => {
  it('escape every value in HTML', () => {
    const mail = resortBookingNotificationMail({ booking, resort });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<b>late');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
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
      ...resortBookingNotificationMail({ booking, resort }),
    });
    const files = readdirSync(path.join(dataDir, 'outbox'));
    expect(files).toEqual([path.basename(sent.file!)]);
    expect(files[0]).toMatch(/^\d{8}T\d{9}Z-[0-9a-f]{8}\.eml$/);
    const eml = readFileSync(sent.file!, 'utf8');
    expect(eml).toMatch(/^From: Playa Serena Beach Resort <reservations@playaserena\.ph>\r$/m);
    expect(eml).toMatch(/^To: ana@example\.ph\r$/m);
    expect(eml).toMatch(/^Subject: New guest booking: BK-2027-AB3D \(payment to verify\)\r$/m);
    expect(eml).toContain('multipart/alternative');
    expect(eml).toContain('text/plain');
    expect(eml).toContain('text/html');
    mailer.close();
  });

  it('names a message with a Message-ID by it and the time written, so a later attempt finds it', async () => {
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
      ...resortBookingNotificationMail({ booking, resort }),
      ...identity,
    });
    // Named by when it was written (the outbox sorts as mail left), not by its Date header.
    expect(path.basename(sent.file!)).toMatch(/^\d{8}T\d{9}Z-[0-9a-f]{8}\.eml$/);
    expect(path.basename(sent.file!)).not.toMatch(/^20270104T020000000Z/);
    expect(readFileSync(sent.file!, 'utf8')).toMatch(/^Date: Mon, 04 Jan 2027 02:00:00 \+0000\r$/m);
    expect(await mailer.wasDelivered(identity)).toBe(true);
    expect(await mailer.wasDelivered({ ...identity, messageId: '<job-2@playaserena.ph>' })).toBe(
      false,
    );
    const eml = readFileSync(sent.file!, 'utf8');
    expect(eml).toMatch(/^Message-ID: <job-1@playaserena\.ph>\r$/m);
    mailer.close();
  });
});
