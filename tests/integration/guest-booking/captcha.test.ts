import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';
import { count, guestBookingBody, pinClock } from './guest-helpers';

const CAPTCHA_MESSAGE = { message: 'Please complete the CAPTCHA verification.' };

let t: TestApp;
let unitId: string;
let day = 0;

beforeAll(async () => {
  t = await createTestApp({ env: { CAPTCHA_PROVIDER: 'altcha' } });
  unitId = (await createUnit(t.database)).unit_id;
  pinClock(t, new Date().toISOString());
});
afterAll(() => t.close());

function nextStay() {
  day += 2;
  const date = (n: number) => new Date(Date.UTC(2027, 4, 1 + n)).toISOString().slice(0, 10);
  return { check_in: date(day), check_out: date(day + 1) };
}

async function fetchChallenge(): Promise<Challenge> {
  const response = await t.app.inject({ method: 'GET', url: '/api/captcha/challenge' });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json() as Challenge;
}

/** What the ALTCHA widget sends: base64 of { challenge, solution }. */
async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  expect(solution).not.toBeNull();
  return Buffer.from(
    JSON.stringify({
      challenge: { parameters: challenge.parameters, signature: challenge.signature },
      solution,
    }),
  ).toString('base64');
}

async function book(token: unknown, overrides: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/guest-booking',
    payload: guestBookingBody(unitId, { ...nextStay(), turnstile_token: token, ...overrides }),
  });
}

describe(`ALTCHA bot challenge (${process.env.TEST_DB})`, () => {
  it('tells the form which widget to show', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/captcha/config' });
    expect(response.json()).toEqual({ provider: 'altcha' });
  });

  it('issues signed PBKDF2 challenges that expire in 10 minutes', async () => {
    const challenge = await fetchChallenge();
    expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 5000 });
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
    const expiresIn = challenge.parameters.expiresAt! - Date.now() / 1000;
    expect(expiresIn).toBeGreaterThan(590);
    expect(expiresIn).toBeLessThanOrEqual(600);
  });

  it('books with a solved challenge, and refuses the same solution a second time', async () => {
    const token = await solve(await fetchChallenge());
    const first = await book(token);
    expect(first.statusCode, first.body).toBe(201);

    const before = await count(t, 'bookings');
    const replay = await book(token);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual(CAPTCHA_MESSAGE);
    expect(await count(t, 'bookings')).toBe(before);
  });

  it('refuses a wrong solution, a tampered challenge and non-payloads, writing nothing', async () => {
    const challenge = await fetchChallenge();
    const solution = (await solveChallenge({ challenge, deriveKey }))!;
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    const signed = { parameters: challenge.parameters, signature: challenge.signature };
    // The derived key is the proof of work (checked against the challenge's key signature).
    const wrongKey = encode({
      challenge: signed,
      solution: { ...solution, derivedKey: '00'.repeat(32) },
    });
    const cheaper = encode({
      challenge: { ...signed, parameters: { ...challenge.parameters, cost: 1 } },
      solution,
    });
    const unsigned = encode({ challenge: { parameters: challenge.parameters }, solution });
    // The widget's own test mode must never pass on a real server.
    const testMode = encode({ challenge: null, solution: null, test: true });

    const before = await count(t, 'bookings');
    const guestsBefore = await count(t, 'guests');
    for (const token of [
      wrongKey,
      encode({ challenge: signed, solution: { ...solution, counter: -1 } }),
      cheaper,
      unsigned,
      testMode,
      'not base64 at all!',
      encode('just a string'),
      'x'.repeat(5000),
      '',
      undefined,
      42,
    ]) {
      const response = await book(token);
      expect(response.statusCode, String(token).slice(0, 40)).toBe(400);
      expect(response.json()).toEqual(CAPTCHA_MESSAGE);
    }
    expect(await count(t, 'bookings')).toBe(before);
    expect(await count(t, 'guests')).toBe(guestsBefore);
  });

  it('checks the challenge before the rest of the body', async () => {
    const response = await book('wrong', { guest_name: '', email: 'nope', num_guests: 99 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(CAPTCHA_MESSAGE);
  });

  it('spends a solution only on a booking that is made', async () => {
    const token = await solve(await fetchChallenge());
    // A validation error does not spend it ...
    const invalid = await book(token, { phone_number: '123' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().issues).toBeDefined();
    // ... so the corrected form still goes through with it.
    const corrected = await book(token);
    expect(corrected.statusCode, corrected.body).toBe(201);
  });

  it('lets one of two simultaneous requests with one solution through', async () => {
    const token = await solve(await fetchChallenge());
    const before = await count(t, 'bookings');
    const results = await Promise.all([book(token), book(token)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(await count(t, 'bookings')).toBe(before + 1);
  });
});
