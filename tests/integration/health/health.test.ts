import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe(`server basics (${process.env.TEST_DB})`, () => {
  it('GET /api/health names the database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite',
    });
  });

  it('answers unknown /api paths with 404 and the error body', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Route GET /api/does-not-exist not found' });
  });

  it('sends a strict Content-Security-Policy and other security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers malformed JSON with 400, never 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(typeof response.json().message).toBe('string');
  });

  it('lists only Available units publicly, with no internal fields', async () => {
    const open = await createUnit(t.database, { unit_name: 'Open Cabin' });
    await createUnit(t.database, { unit_name: 'Closed Cabin', unit_status: 'Maintenance' });
    const response = await t.app.inject({ method: 'GET', url: '/api/public/units' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json() as { data: Array<Record<string, unknown>> };
    expect(data.map((u) => u.unit_name)).toEqual(['Open Cabin']);
    expect(data[0]!.unit_id).toBe(open.unit_id);
    expect(Object.keys(data[0]!)).not.toContain('created_at');
    expect(data[0]!.base_rate).toBe(3000);
  });

  it('serves the public resort settings with the app version', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/public/settings' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json() as { data: Record<string, unknown> };
    expect(data.timezone).toBe('Asia/Manila');
    expect(data.check_in_time).toBe('14:00');
    expect(data.version).toBe('1.0.0');
  });
});
