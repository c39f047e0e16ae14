import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DEPOSIT_SETTINGS } from '../../../src/domain/deposit';
import { DEFAULT_MESSAGES_SETTINGS } from '../../../src/domain/messages-catalog';
import { DEFAULT_PRICING_SETTINGS } from '../../../src/domain/pricing';
import { DEFAULT_BILLING_SETTINGS } from '../../../src/domain/schemas/document.schema';
import { TIME_ZONE_MESSAGE } from '../../../src/domain/schemas/settings.schema';
import { DEFAULT_GENERAL_SETTINGS } from '../../../src/domain/settings';
import { DEFAULT_PAYMENT_INSTRUCTIONS } from '../../../src/domain/settings-defaults';
import { recordAppEvent, REMOVED_BY_FILTER } from '../../../src/server/audit/audit-events.service';
import { payments } from '../../../src/server/db/schema';
import { type SignedIn, signInAs } from '../../support/auth';
import { createBooking, createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let staff: SignedIn;
let owner: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  staff = await signInAs(t, 'staff');
  owner = await signInAs(t, 'owner');
});
afterAll(() => t.close());

async function storedSettings() {
  return t.database.query<{ key: string; value: Record<string, unknown>; updated_by: string }>(
    'SELECT key, value, updated_by FROM settings ORDER BY key',
  );
}

describe(`settings (${process.env.TEST_DB})`, () => {
  it('any member of staff reads the general and pricing settings (defaults at first)', async () => {
    const response = await staff.inject({ method: 'GET', url: '/api/settings' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      general: DEFAULT_GENERAL_SETTINGS,
      // Issue 17: the deposit rule sits with the pricing; how guests pay is a group of its own.
      pricing: { ...DEFAULT_PRICING_SETTINGS, deposit: DEFAULT_DEPOSIT_SETTINGS },
      access: { hide_revenue_from_staff: false },
      payment_instructions: DEFAULT_PAYMENT_INSTRUCTIONS,
      // Issue 19: the channel feeds' polling interval, the server's CHANNEL_SYNC_MINUTES unset.
      channels: { sync_minutes: 15 },
      // Issue 18: Settings → Messages, every message on with its default template.
      messages: DEFAULT_MESSAGES_SETTINGS,
      // Issue 20: Settings → Billing, acknowledgement receipts until the BIR registration.
      billing: DEFAULT_BILLING_SETTINGS,
    });
  });

  it('refuses invalid changes with field messages and writes nothing', async () => {
    const cases: [unknown, string][] = [
      [{ general: { timezone: 'Mars/Olympus_Mons' } }, 'general.timezone'],
      [{ general: { check_in_time: '25:00' } }, 'general.check_in_time'],
      [{ general: { contact_email: 'not an email' } }, 'general.contact_email'],
      [{ general: { resort_name: 'x'.repeat(5000) } }, 'general.resort_name'],
      [{ general: { resort_name: '<script>alert(1)</script>' } }, 'general.resort_name'],
      [{ general: { surprise: true } }, 'general'],
      [{ pricing: { vat_rate: 2 } }, 'pricing.vat_rate'],
      [{ pricing: { weekend_nights: [5, 5] } }, 'pricing.weekend_nights'],
      [
        {
          pricing: {
            seasons: [{ name: 'Bad', start: '13-01', end: '01-01', multiplier: 1, priority: 1 }],
          },
        },
        'pricing.seasons.0.start',
      ],
      [{}, ''],
      [{ other: 1 }, ''],
    ];
    for (const [payload, path] of cases) {
      const response = await owner.inject({
        method: 'PATCH',
        url: '/api/settings',
        payload: payload as object,
      });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      const issues = response.json().issues as { path: string; message: string }[];
      expect(
        issues.some(
          (issue) =>
            issue.path === path ||
            issue.path.startsWith(`${path}.`) ||
            (path === '' && issue.path === ''),
        ),
        `${path}: ${JSON.stringify(issues)}`,
      ).toBe(true);
    }
    const tz = await owner.inject({
      method: 'PATCH',
      url: '/api/settings',
      payload: { general: { timezone: 'Mars/Olympus_Mons' } },
    });
    expect(tz.json().issues).toContainEqual({
      path: 'general.timezone',
      message: TIME_ZONE_MESSAGE,
    });
    expect(await storedSettings()).toEqual([]);
  });

  it('managers and staff may not change settings (403)', async () => {
    const manager = await signInAs(t, 'manager');
    for (const who of [staff, manager]) {
      const response = await who.inject({
        method: 'PATCH',
        url: '/api/settings',
        payload: { general: { tagline: 'Nope' } },
      });
      expect(response.statusCode).toBe(403);
    }
    expect(await storedSettings()).toEqual([]);
  });

  it('an owner changes settings: merged, sanitised, stored, audited, and seen by the public pages', async () => {
    const response = await owner.inject({
      method: 'PATCH',
      url: '/api/settings',
      payload: {
        general: {
          tagline: 'Sun, sand <b>and</b> silence<script>alert(1)</script>',
          timezone: 'Asia/Singapore',
          contact_email: ' Hello@PlayaSerena.PH ',
        },
        pricing: { vat_rate: 0.1, weekend_nights: [6] },
      },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.general).toEqual({
      ...DEFAULT_GENERAL_SETTINGS,
      tagline: 'Sun, sand and silence',
      timezone: 'Asia/Singapore',
      contact_email: 'hello@playaserena.ph',
    });
    expect(body.pricing).toEqual({
      ...DEFAULT_PRICING_SETTINGS,
      deposit: DEFAULT_DEPOSIT_SETTINGS,
      vat_rate: 0.1,
      weekend_nights: [6],
    });

    const stored = await storedSettings();
    expect(stored.map((row) => [row.key, row.updated_by])).toEqual([
      ['general', owner.user.id],
      ['pricing', owner.user.id],
    ]);
    expect(await t.app.deps.settings.getPricing()).toMatchObject({ vat_rate: 0.1 });

    const publicSettings = await t.app.inject({ method: 'GET', url: '/api/public/settings' });
    expect(publicSettings.json().data.tagline).toBe('Sun, sand and silence');

    const audit = await t.database.query<{
      record_id: string;
      user_email: string;
      changed_fields: string[];
      category: string;
    }>(
      `SELECT record_id, user_email, changed_fields, category FROM audit_logs
        WHERE event_type = 'system_config_changed' ORDER BY record_id`,
    );
    expect(audit).toEqual([
      {
        record_id: 'general',
        user_email: owner.user.email,
        changed_fields: expect.arrayContaining(['tagline', 'contact_email', 'timezone']),
        category: 'SYSTEM',
      },
      {
        record_id: 'pricing',
        user_email: owner.user.email,
        changed_fields: expect.arrayContaining(['vat_rate', 'weekend_nights']),
        category: 'SYSTEM',
      },
    ]);
    expect(audit.map((row) => row.changed_fields.length)).toEqual([3, 2]);
  });
});

describe('app audit events', () => {
  it('recordAppEvent refuses an unknown table and never throws', async () => {
    const result = await recordAppEvent(t.app.deps, {
      tableName: 'not_a_table',
      action: 'login',
      description: 'x',
      category: 'AUTHENTICATION',
    });
    expect(result).toEqual({ success: false, error: 'Invalid table name: not_a_table' });
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const bad = await recordAppEvent(t.app.deps, {
      tableName: 'system',
      action: 'system_backup',
      description: 'x',
      category: 'SYSTEM',
      metadata: circular,
    });
    expect(bad.success).toBe(false);
  });

  it('sanitises the description; one emptied by sanitising says so', async () => {
    const result = await recordAppEvent(t.app.deps, {
      tableName: 'system',
      action: 'system_backup',
      description: '<script>alert(1)</script>',
      category: 'SYSTEM',
      oldData: { password: 'secret', note: 'ok' },
    });
    expect(result.success).toBe(true);
    const [row] = await t.database.query<{
      description: string;
      severity: string;
      old_data: unknown;
    }>('SELECT description, severity, old_data FROM audit_logs WHERE audit_id = $1', [
      result.success ? result.audit_id : '',
    ]);
    expect(row).toEqual({
      description: REMOVED_BY_FILTER,
      severity: 'INFO',
      old_data: { password: '[REDACTED]', note: 'ok' },
    });
  });

  it('POST /api/audit/log-with-ip stamps the server-seen address, agent and user', async () => {
    const response = await staff.inject({
      method: 'POST',
      url: '/api/audit/log-with-ip',
      payload: {
        tableName: 'bookings',
        recordId: 'b-1',
        description: 'Viewed <em>booking</em>',
        category: 'BOOKING',
        metadata: { via: 'test' },
        ip_address: '6.6.6.6',
      },
      headers: { 'user-agent': 'Front desk tablet', 'x-forwarded-for': '6.6.6.6' },
    });
    expect(response.statusCode).toBe(200);
    const auditId = response.json().audit_id;
    const [row] = await t.database.query(
      `SELECT table_name, record_id, description, category, severity, source, user_id, user_email,
              user_role, ip_address, user_agent, metadata FROM audit_logs WHERE audit_id = $1`,
      [auditId],
    );
    expect(row).toEqual({
      table_name: 'bookings',
      record_id: 'b-1',
      description: 'Viewed booking',
      category: 'BOOKING',
      severity: 'INFO',
      source: 'app',
      user_id: staff.user.id,
      user_email: staff.user.email,
      user_role: 'staff',
      ip_address: '127.0.0.1',
      user_agent: 'Front desk tablet',
      metadata: { via: 'test' },
    });
  });

  it('answers 400 { error } for an invalid event, 401 without a session', async () => {
    const invalid = await staff.inject({
      method: 'POST',
      url: '/api/audit/log-with-ip',
      payload: { tableName: 'nope', description: 'x', category: 'SYSTEM' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ error: 'Invalid table name: nope' });
    const badCategory = await staff.inject({
      method: 'POST',
      url: '/api/audit/log-with-ip',
      payload: { tableName: 'system', description: 'x', category: 'PARTY' },
    });
    expect(badCategory.statusCode).toBe(400);
    expect(typeof badCategory.json().error).toBe('string');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/audit/log-with-ip',
      payload: { tableName: 'system', description: 'x', category: 'SYSTEM' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('notification count', () => {
  it('counts payments awaiting verification', async () => {
    const first = await staff.inject({ method: 'GET', url: '/api/notifications/count' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ payments_awaiting_verification: 0 });

    const unit = await createUnit(t.database);
    const booking = await createBooking(t.database, unit.unit_id, {
      check_in: '2030-01-10',
      check_out: '2030-01-12',
    });
    await t.database.db.insert(payments).values([
      { booking_id: booking.booking_id, payment_amount: 1000, payment_method: 'GCash' },
      {
        booking_id: booking.booking_id,
        payment_amount: 500,
        payment_method: 'Cash',
        payment_status: 'Completed',
      },
    ]);
    const second = await staff.inject({ method: 'GET', url: '/api/notifications/count' });
    expect(second.json()).toEqual({ payments_awaiting_verification: 1 });
  });
});
