import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';
import {
  count,
  createGuestBooking,
  filesUnder,
  guestBookingBody,
  makeJpegWithExif,
  makePdf,
  makePng,
  pngClaiming,
  pinClock,
  putFile,
  uploadUrl,
  type CreatedGuestBooking,
} from './guest-helpers';

let t: TestApp;
let unitId: string;
let nextDay = 0;

beforeAll(async () => {
  t = await createTestApp();
  unitId = (await createUnit(t.database, { max_occupancy: 4 })).unit_id;
});
afterAll(() => t.close());
beforeEach(() => pinClock(t, '2027-01-04T02:00:00Z'));

/** A fresh booking on its own night, with a signed upload for a proof of `fileType`. */
async function book(
  fileType = 'image/png',
  fileName = 'receipt.png',
): Promise<CreatedGuestBooking> {
  nextDay += 2;
  const day = (n: number) => new Date(Date.UTC(2027, 2, 1 + n)).toISOString().slice(0, 10);
  return createGuestBooking(
    t,
    guestBookingBody(unitId, {
      check_in: day(nextDay),
      check_out: day(nextDay + 1),
      file_type: fileType,
      file_name: fileName,
    }),
  );
}

const INVALID_TYPE = 'Invalid file type. Please upload a JPG, PNG, WebP or PDF file.';

function storedProofs(): string[] {
  return filesUnder(t, 'storage');
}

describe(`signed proof upload (${process.env.TEST_DB})`, () => {
  it('re-encodes a JPEG upright and strips its EXIF data', async () => {
    const created = await book('image/jpeg', 'IMG_0042.HEIC');
    expect(created.upload.path).toMatch(/-img_0042\.jpg$/);
    const original = await makeJpegWithExif();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    expect(original.includes(Buffer.from('SecretPhoneMaker'))).toBe(true);

    const response = await putFile(t, created.upload, original, 'image/jpeg');
    expect(response.statusCode, response.body).toBe(200);
    const stored = readFileSync(
      path.join(t.dataDir, 'storage', 'payment-proofs', created.upload.path),
    );
    const metadata = await sharp(stored).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(stored.includes(Buffer.from('SecretPhoneMaker'))).toBe(false);
    expect([metadata.width, metadata.height]).toEqual([80, 40]);
  });

  it('accepts WebP', async () => {
    const created = await book('image/webp', 'proof.webp');
    const webp = await sharp(await makePng())
      .webp()
      .toBuffer();
    const response = await putFile(t, created.upload, webp, 'image/webp');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().content_type).toBe('image/webp');
  });

  it('refuses a file over MAX_PROOF_BYTES with 413 and stores nothing', async () => {
    const created = await book();
    const before = storedProofs();
    const big = Buffer.concat([await makePng(), Buffer.alloc(2 * 1024 * 1024)]);
    const response = await putFile(t, created.upload, big, 'image/png');
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'File must be less than 2MB' });
    expect(storedProofs()).toEqual(before);

    // One byte over the limit, without a Content-Length to go by (the parser counts).
    const justOver = Buffer.alloc(2 * 1024 * 1024 + 1, 1);
    const chunked = await t.app.inject({
      method: 'PUT',
      url: uploadUrl(created.upload),
      headers: { 'content-type': 'image/png', 'transfer-encoding': 'chunked' },
      payload: justOver,
    });
    expect(chunked.statusCode).toBe(413);
    expect(storedProofs()).toEqual(before);

    // The token was not spent by the refusals: the right file still goes through.
    const ok = await putFile(t, created.upload, await makePng(), 'image/png');
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('reads an oversized upload to its end before the 413, so a client still sending gets the message', async () => {
    // Node closes a connection whose request is still arriving when the answer goes out; the
    // browser, still sending, would then see a broken pipe instead of SPEC §5's message.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const over = 2 * 1024 * 1024 + 1;
    const framings = [
      { head: `content-length: ${over}`, frame: (bytes: Buffer) => bytes, last: Buffer.alloc(0) },
      {
        head: 'transfer-encoding: chunked',
        frame: (bytes: Buffer) =>
          Buffer.concat([
            Buffer.from(`${bytes.length.toString(16)}\r\n`),
            bytes,
            Buffer.from('\r\n'),
          ]),
        last: Buffer.from('0\r\n\r\n'),
      },
    ];
    for (const { head, frame, last } of framings) {
      const created = await book();
      const before = storedProofs();
      const socket = net.connect(port, '127.0.0.1');
      let answer = '';
      let failure: Error | null = null;
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      socket.on('error', (error) => (failure = error));
      await new Promise<void>((resolve) => socket.once('connect', resolve));
      socket.write(
        `PUT ${uploadUrl(created.upload)} HTTP/1.1\r\nhost: 127.0.0.1\r\n` +
          `content-type: image/png\r\n${head}\r\n\r\n`,
      );
      // All but the last byte: past the limit for the chunked body, not yet ended for either.
      socket.write(frame(Buffer.alloc(over - 1, 7)));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(answer, head).toBe('');
      socket.write(Buffer.concat([frame(Buffer.alloc(1, 7)), last]));
      await new Promise<void>((resolve) => {
        const done = () => (answer.includes('File must be less than 2MB') ? resolve() : undefined);
        socket.on('data', done);
        socket.on('close', () => resolve());
        done();
      });
      socket.destroy();
      expect(failure, head).toBeNull();
      expect(answer.startsWith('HTTP/1.1 413'), answer).toBe(true);
      expect(answer).toContain('{"message":"File must be less than 2MB"}');
      expect(storedProofs()).toEqual(before);
    }
  });

  it('refuses wrong types with 415: text named .png, SVG, HTML, GIF, a lying Content-Type', async () => {
    const created = await book();
    const before = storedProofs();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const html = Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>');
    const gif = await sharp(await makePng())
      .gif()
      .toBuffer();
    const attempts: [Buffer, string][] = [
      [Buffer.from('just some text pretending to be an image'), 'image/png'],
      [svg, 'image/svg+xml'],
      [svg, 'image/png'],
      [html, 'text/html'],
      [html, 'image/png'],
      [gif, 'image/gif'],
      [gif, 'image/png'],
      // A real PNG declared as a PDF, and a real PDF declared as an image.
      [await makePng(), 'application/pdf'],
      [makePdf(), 'image/png'],
      [await makePng(), 'application/octet-stream'],
    ];
    for (const [bytes, contentType] of attempts) {
      const response = await putFile(t, created.upload, bytes, contentType);
      expect(response.statusCode, `${contentType}: ${response.body}`).toBe(415);
      expect(response.json()).toEqual({ message: INVALID_TYPE });
    }
    expect(storedProofs()).toEqual(before);
  });

  it('refuses PDFs that are also HTML or run code, and PDFs with junk before the header', async () => {
    const created = await book('application/pdf', 'transfer.pdf');
    const polyglots = [
      makePdf('<html><script>alert(document.cookie)</script></html>'),
      makePdf('4 0 obj << /S /JavaScript /JS (app.alert(1)) >> endobj'),
      makePdf('<svg onload="alert(1)"></svg>'),
      Buffer.concat([Buffer.from('<!-- hi -->\n'), makePdf()]),
    ];
    for (const bytes of polyglots) {
      const response = await putFile(t, created.upload, bytes, 'application/pdf');
      expect(response.statusCode, response.body).toBe(415);
    }
    expect(storedProofs().filter((file) => file.includes(created.booking.booking_id))).toEqual([]);
  });

  it('refuses a decompression bomb from its header, without decoding it', async () => {
    const created = await book();
    const bomb = pngClaiming(30_000, 30_000);
    expect(bomb.length).toBeLessThan(2000);
    const started = Date.now();
    const response = await putFile(t, created.upload, bomb, 'image/png');
    expect(response.statusCode).toBe(415);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(storedProofs().filter((file) => file.includes(created.booking.booking_id))).toEqual([]);
  });

  it('refuses a tampered, a foreign, an expired and a reused token with 403', async () => {
    const created = await book();
    const other = await book();
    const png = await makePng();

    // Tampered: the claims changed (another path), the signature kept.
    const [claims, signature] = created.upload.token.split('.') as [string, string];
    const decoded = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8'));
    const forged = Buffer.from(
      JSON.stringify({ ...decoded, p: other.upload.path, m: 50_000_000 }),
    ).toString('base64url');
    const tampered = await putFile(
      t,
      { ...other.upload, token: `${forged}.${signature}` },
      png,
      'image/png',
    );
    expect(tampered.statusCode).toBe(403);
    expect(tampered.json()).toEqual({ message: 'This upload link is not valid.' });
    const garbage = await putFile(t, { ...created.upload, token: 'abc' }, png, 'image/png');
    expect(garbage.statusCode).toBe(403);
    const missing = await t.app.inject({
      method: 'PUT',
      url: `/api/storage/upload/payment-proofs/${created.upload.path}`,
      headers: { 'content-type': 'image/png' },
      payload: png,
    });
    expect(missing.statusCode).toBe(403);

    // Bound to exactly its bucket and path.
    const foreignPath = await putFile(
      t,
      { ...other.upload, token: created.upload.token },
      png,
      'image/png',
    );
    expect(foreignPath.statusCode).toBe(403);
    expect(foreignPath.json()).toEqual({
      message: 'This upload link is not valid for this file location.',
    });
    const foreignBucket = await putFile(
      t,
      { ...created.upload, bucket: 'expense-proofs' },
      png,
      'image/png',
    );
    expect(foreignBucket.statusCode).toBe(403);

    // Expired: 15 minutes and one second later.
    pinClock(t, '2027-01-04T02:15:01Z');
    const expired = await putFile(t, created.upload, png, 'image/png');
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toEqual({
      message: 'This upload link has expired. Please submit the booking again.',
    });
    pinClock(t, '2027-01-04T02:14:59Z');

    // One use.
    const usedBefore = await count(t, 'used_upload_tokens');
    const first = await putFile(t, created.upload, png, 'image/png');
    expect(first.statusCode, first.body).toBe(200);
    const reused = await putFile(t, created.upload, png, 'image/png');
    expect(reused.statusCode).toBe(403);
    expect(reused.json()).toEqual({ message: 'This upload link has already been used.' });
    expect(await count(t, 'used_upload_tokens')).toBe(usedBefore + 1);
    expect(storedProofs().filter((file) => file.includes(created.booking.booking_id))).toHaveLength(
      1,
    );
    expect(storedProofs().filter((file) => file.includes(other.booking.booking_id))).toEqual([]);
  });

  it('lets only one of two simultaneous uses of a token through', async () => {
    const created = await book();
    const png = await makePng();
    const results = await Promise.all([
      putFile(t, created.upload, png, 'image/png'),
      putFile(t, created.upload, png, 'image/png'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 403]);
  });

  it('refuses paths that try to leave the bucket', async () => {
    const created = await book();
    const png = await makePng();
    for (const bad of [
      `${created.booking.booking_id}/../../../session-secret`,
      `${created.booking.booking_id}/%2e%2e/%2e%2e/escape.png`,
      `${created.booking.booking_id}/..%2f..%2fescape.png`,
      `${created.booking.booking_id}/a%5c..%5cescape.png`,
      `${created.booking.booking_id}/nul%00.png`,
    ]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/storage/upload/payment-proofs/${bad}?token=${encodeURIComponent(created.upload.token)}`,
        headers: { 'content-type': 'image/png' },
        payload: png,
      });
      expect([400, 403, 404], `${bad}: ${response.body}`).toContain(response.statusCode);
    }
    const files = filesUnder(t, '.');
    expect(files.some((file) => file.includes('escape'))).toBe(false);
  });

  it('refuses an empty body', async () => {
    const created = await book();
    const response = await putFile(t, created.upload, Buffer.alloc(0), 'image/png');
    expect(response.statusCode).toBe(400);
  });

  it('keeps the JSON body limit on every other route', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/quote',
      headers: { 'content-type': 'image/png' },
      payload: await makePng(),
    });
    expect(response.statusCode).toBe(415);
  });
});
