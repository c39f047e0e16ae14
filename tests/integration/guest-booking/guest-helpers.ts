import { crc32, deflateSync } from 'node:zlib';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { DepositSettings } from '../../../src/domain/deposit';
import type { GuestBookingCreated } from '../../../src/domain/schemas/guest-booking.schema';
import type { SignedIn } from '../../support/auth';
import type { TestApp } from '../../support/test-app';

/**
 * Shared steps of the guest booking flow tests (issue 4): a pinned clock, real image and PDF
 * files, and the create → upload → confirm calls as a browser makes them.
 */

/** Pins the app's clock (DESIGN §3 "today" and every expiry read it). */
export function pinClock(t: TestApp, iso: string): void {
  const instant = new Date(iso);
  t.app.deps.clock.now = () => new Date(instant.getTime());
}

export async function makePng(width = 64, height = 48): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();
}

/** A JPEG carrying EXIF data that must not survive (camera make and an orientation). */
export async function makeJpegWithExif(): Promise<Buffer> {
  return sharp({
    create: { width: 80, height: 40, channels: 3, background: { r: 200, g: 80, b: 40 } },
  })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretPhoneMaker', Model: 'Model-X-Location' } })
    .toBuffer();
}

/** A small, valid one-page PDF. */
export function makePdf(extra = ''): Buffer {
  const text = `%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj
${extra}
trailer << /Root 1 0 R >>
%%EOF
`;
  return Buffer.from(text, 'latin1');
}

let emailSequence = 0;

export function guestBookingBody(unitId: string, overrides: Record<string, unknown> = {}) {
  emailSequence += 1;
  return {
    guest_name: 'María Dela Cruz',
    email: `Maria.${emailSequence}.${Date.now()}@Example.PH`,
    phone_number: '09171234567',
    unit_id: unitId,
    check_in: '2027-02-10',
    check_out: '2027-02-13',
    num_guests: 2,
    special_requests: 'Late arrival, around 9 PM',
    file_name: 'GCash receipt.png',
    file_type: 'image/png',
    file_size: 120_000,
    turnstile_token: 'test-token',
    ...overrides,
  };
}

/** Settings → Pricing's deposit rule (issue 17), set by an owner through PATCH /api/settings. */
export async function setDepositRule(owner: SignedIn, deposit: DepositSettings): Promise<void> {
  const response = await owner.inject({
    method: 'PATCH',
    url: '/api/settings',
    payload: { pricing: { deposit } },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The answer of POST /api/guest-booking (issue 17: with its deposit, balance and due date). */
export type CreatedGuestBooking = GuestBookingCreated;

export async function createGuestBooking(
  t: TestApp,
  body: Record<string, unknown>,
): Promise<CreatedGuestBooking> {
  const response = await t.app.inject({ method: 'POST', url: '/api/guest-booking', payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as CreatedGuestBooking;
}

export function uploadUrl(upload: { bucket: string; path: string; token: string }): string {
  return `/api/storage/upload/${upload.bucket}/${upload.path}?token=${encodeURIComponent(upload.token)}`;
}

export async function putFile(
  t: TestApp,
  upload: { bucket: string; path: string; token: string },
  bytes: Buffer,
  contentType: string,
) {
  return t.app.inject({
    method: 'PUT',
    url: uploadUrl(upload),
    headers: { 'content-type': contentType },
    payload: bytes,
  });
}

/** The confirm call, then the mails it stored, which leave after its answer (issue 24). */
export async function confirmProof(t: TestApp, created: CreatedGuestBooking, fileSize = 1000) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/guest-booking/confirm',
    payload: {
      booking_id: created.booking.booking_id,
      file_path: created.upload.path,
      file_size: fileSize,
    },
  });
  await t.app.deps.jobs.settled();
  return response;
}

/** Every file under DATA_DIR/<sub>, relative to it. */
export function filesUnder(t: TestApp, sub: string): string[] {
  const root = path.join(t.dataDir, sub);
  const out: string[] = [];
  const walk = (dir: string) => {
    let entries: string[];
    try {
      entries = readdirSync(dir);
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(path.relative(root, full));
    }
  };
  walk(root);
  return out.sort();
}

export function readOutbox(t: TestApp): { file: string; text: string }[] {
  return filesUnder(t, 'outbox').map((file) => ({
    file,
    text: readFileSync(path.join(t.dataDir, 'outbox', file), 'utf8'),
  }));
}

export async function count(t: TestApp, sql: string, params: unknown[] = []): Promise<number> {
  const rows = await t.database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${sql}`,
    params,
  );
  return rows[0]!.n;
}

/** A PNG whose header claims width × height, with a tiny body: a decompression bomb's shape. */
export function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
