import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/test-app';

/*
 * The Content-Security-Policy a browser receives, directive by directive, written out literally:
 * a policy loosened anywhere (a new host, 'unsafe-inline', a missing directive) fails here, not
 * only one that differs from the constant it is built from.
 */
const EXPECTED: Record<string, string> = {
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self'",
  'img-src': "'self' data: blob:",
  'font-src': "'self'",
  'connect-src': "'self'",
  'worker-src': "'self' blob:",
  'frame-ancestors': "'none'",
  'base-uri': "'self'",
  'form-action': "'self'",
  'object-src': "'none'",
};

function directives(header: string | string[] | number | undefined): Record<string, string> {
  expect(typeof header, 'one Content-Security-Policy header').toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...values] = part.split(/\s+/);
        return [name!, values.join(' ')];
      }),
  );
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe(`Content-Security-Policy (${process.env.TEST_DB})`, () => {
  it('sends exactly the strict policy on API answers and on refusals alike', async () => {
    for (const url of ['/api/health', '/api/public/units', '/api/bookings']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(directives(response.headers['content-security-policy']), url).toEqual(EXPECTED);
    }
  });
});
