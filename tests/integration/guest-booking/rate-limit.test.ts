import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_RATE_LIMIT: '3' } });
});
afterAll(() => t.close());

describe(`rate limits on the guest endpoints (${process.env.TEST_DB})`, () => {
  it('answers the 4th request a minute from one address with 429 and Retry-After', async () => {
    const status = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/guest-booking/status',
        remoteAddress: ip,
        payload: { booking_reference: 'BK-2027-ABCD', email: 'guest@example.ph' },
      });
    for (let i = 0; i < 3; i += 1) expect((await status('203.0.113.7')).statusCode).toBe(404);
    const limited = await status('203.0.113.7');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(
      /^Too many requests\. Please try again in \d+ seconds\.$/,
    );
    // Another address is not affected.
    expect((await status('198.51.100.9')).statusCode).toBe(404);
  });

  it('limits booking creation and uploads the same way', async () => {
    for (const [method, url] of [
      ['POST', '/api/guest-booking'],
      ['POST', '/api/guest-booking/confirm'],
      ['PUT', '/api/storage/upload/payment-proofs/x/1-a.png?token=x'],
    ] as const) {
      const send = () => t.app.inject({ method, url, remoteAddress: '192.0.2.44', payload: {} });
      for (let i = 0; i < 3; i += 1) expect((await send()).statusCode, url).not.toBe(429);
      const limited = await send();
      expect(limited.statusCode, url).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
    }
  });
});
