import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setNow } from '../../support/back-office';
import { signInAs, type SignedIn } from '../../support/auth';
import { createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';

/**
 * Issue 8: the audit trail API (DESIGN §5 /api/audit-logs): filters, exact counts, offset and
 * keyset pagination, stats, a record's history, the CSV export and the archive.
 */

type AuditLog = {
  audit_id: string;
  created_at: string;
  table_name: string;
  record_id: string | null;
  correlation_id: string | null;
  action: string;
  event_type: string | null;
  source: string;
  user_email: string | null;
  changed_fields: string[] | null;
  description: string | null;
  category: string | null;
  severity: string;
  ip_address: string | null;
};
type AuditList = {
  data: AuditLog[];
  totalCount: number;
  totalPages: number;
  currentPage: number;
  hasMore: boolean;
  next_cursor: string | null;
};

let t: TestApp;
let owner: SignedIn;
let admin: SignedIn;
let manager: SignedIn;
let staff: SignedIn;

/** Five rows sharing one instant, then 120 synthetic rows an hour apart from 2026-03-01. */
async function seedSyntheticRows(): Promise<void> {
  await t.database.query(`
    INSERT INTO audit_logs (created_at, table_name, record_id, action, source, description,
                            category, severity)
    SELECT timestamptz '2026-02-15T12:00:00Z', 'system', 'tie-' || i, 'system_backup', 'app',
           'Backup part ' || i, 'SYSTEM', 'INFO'
      FROM generate_series(1, 5) AS i`);
  await t.database.query(`
    INSERT INTO audit_logs (created_at, table_name, record_id, correlation_id, action, event_type,
                            source, user_email, description, category, severity, changed_fields,
                            ip_address)
    SELECT timestamptz '2026-03-01T00:00:00Z' + i * interval '1 hour',
           (ARRAY['units', 'guests', 'payments'])[i % 3 + 1],
           'rec-' || i,
           'corr-' || (i % 10),
           CASE WHEN i % 4 = 0 THEN 'DELETE' ELSE 'UPDATE' END,
           CASE WHEN i % 4 = 0 THEN 'synthetic_deleted' ELSE 'synthetic_updated' END,
           'app',
           CASE WHEN i % 2 = 0 THEN 'Even.Clerk@Resort.test' ELSE 'odd_clerk@resort.test' END,
           'Synthetic change number ' || i,
           (ARRAY['UNIT', 'GUEST', 'PAYMENT'])[i % 3 + 1],
           CASE WHEN i % 5 = 0 THEN 'WARNING' ELSE 'INFO' END,
           ARRAY['a', 'b', 'c', 'd'],
           '198.51.100.' || i
      FROM generate_series(1, 120) AS i`);
}

async function list(session: SignedIn, query: string): Promise<AuditList> {
  const response = await session.inject({ method: 'GET', url: `/api/audit-logs?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AuditList;
}

async function sqlCount(where: string, params: unknown[] = []): Promise<number> {
  const [row] = await t.database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM audit_logs WHERE ${where}`,
    params,
  );
  return row!.n;
}

beforeAll(async () => {
  t = await createTestApp();
  // First, so they lead the hash chain as old rows do (the archive removes a chain prefix).
  await seedSyntheticRows();
  owner = await signInAs(t, 'owner');
  admin = await signInAs(t, 'admin');
  manager = await signInAs(t, 'manager');
  staff = await signInAs(t, 'staff');
});
afterAll(() => t.close());

describe(`audit trail list (${process.env.TEST_DB})`, () => {
  it('answers newest first, 50 a page by default, with exact counts', async () => {
    const total = await sqlCount('true');
    const first = await list(owner, '');
    expect(first.totalCount).toBe(total);
    expect(first.data).toHaveLength(50);
    expect(first.totalPages).toBe(Math.ceil(total / 50));
    expect(first.currentPage).toBe(1);
    expect(first.hasMore).toBe(true);
    const times = first.data.map((row) => row.created_at);
    expect([...times].sort().reverse()).toEqual(times);

    const last = await list(admin, `page=${first.totalPages}`);
    expect(last.currentPage).toBe(first.totalPages);
    expect(last.hasMore).toBe(false);
    expect(last.next_cursor).toBeNull();
    expect(last.data).toHaveLength(total - 50 * (first.totalPages - 1));

    const byOffset = await list(owner, 'limit=10&offset=20');
    expect(byOffset.currentPage).toBe(3);
    expect(byOffset.data.map((row) => row.audit_id)).toEqual(
      first.data.slice(20, 30).map((row) => row.audit_id),
    );
  });

  it('applies every filter with an exact count', async () => {
    const cases: [string, string, unknown[]][] = [
      ['table_name=payments', `table_name = 'payments'`, []],
      ['source=app', `source = 'app'`, []],
      ['action=delete', `action = 'DELETE'`, []],
      ['action=system_backup', `action = 'system_backup'`, []],
      ['event_type=synthetic_deleted', `event_type = 'synthetic_deleted'`, []],
      ['category=GUEST', `category = 'GUEST'`, []],
      ['severity=WARNING', `severity = 'WARNING'`, []],
      ['user_email=even.clerk', `user_email ILIKE '%even.clerk%'`, []],
      ['user_email=odd_', `user_email ILIKE '%odd\\_%'`, []],
      ['record_id=rec-7', `record_id = 'rec-7'`, []],
      ['correlation_id=corr-3', `correlation_id = 'corr-3'`, []],
      ['search=number 11', `description ILIKE '%number 11%'`, []],
      [
        'table_name=units&action=DELETE&severity=WARNING',
        `table_name = 'units' AND action = 'DELETE' AND severity = 'WARNING'`,
        [],
      ],
      [
        'from=2026-03-02T00:00:00Z&to=2026-03-02T05:00:00Z',
        `created_at BETWEEN $1 AND $2`,
        ['2026-03-02T00:00:00Z', '2026-03-02T05:00:00Z'],
      ],
    ];
    for (const [query, where, params] of cases) {
      const expected = await sqlCount(where, params);
      expect(expected, query).toBeGreaterThan(0);
      const result = await list(owner, `${query}&limit=200`);
      expect(result.totalCount, query).toBe(expected);
      expect(result.data, query).toHaveLength(Math.min(expected, 200));
    }
  });

  it('reads day filters as days in the resort time zone (Asia/Manila)', async () => {
    // 2026-03-01T16:00Z is midnight of March 2 in Manila: the day runs 16:00Z to 16:00Z.
    const day = await list(owner, 'from=2026-03-02&to=2026-03-02&limit=200');
    expect(day.totalCount).toBe(24);
    expect(day.data.at(-1)!.created_at).toBe('2026-03-01T16:00:00.000Z');
    expect(day.data[0]!.created_at).toBe('2026-03-02T15:00:00.000Z');
  });

  it('pages by keyset cursor through the whole filtered view without gaps or repeats', async () => {
    const all = await list(owner, 'limit=200');
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `limit=7${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await list(owner, query);
      pages += 1;
      expect(page.currentPage).toBe(pages);
      expect(page.totalCount).toBe(all.totalCount);
      seen.push(...page.data.map((row) => row.audit_id));
      cursor = page.next_cursor;
      expect(page.hasMore).toBe(cursor !== null);
    } while (cursor);
    expect(seen).toEqual(all.data.map((row) => row.audit_id));
    // The five rows sharing one instant are all there, once.
    const ties = all.data.filter((row) => row.record_id?.startsWith('tie-'));
    expect(ties).toHaveLength(5);
  });

  it('answers 400 with the standard error body for bad input, never 500', async () => {
    const bad = [
      'limit=0',
      'limit=201',
      'limit=abc',
      'offset=-1',
      'page=0',
      'table_name=pg_authid',
      'source=browser',
      'severity=LOUD',
      'category=x',
      'action=drop table',
      'event_type=%27',
      'from=yesterday',
      'to=2026-13-01',
      'from=2026-03-05&to=2026-03-01',
      'cursor=not-a-cursor!',
      'cursor=Zm9vfGJhcg',
      `user_email=${'a'.repeat(300)}`,
      'record_id=%00',
      'from=2026-03-01T00:00:00',
    ];
    for (const query of bad) {
      const response = await owner.inject({ method: 'GET', url: `/api/audit-logs?${query}` });
      expect(response.statusCode, query).toBe(400);
      const body = response.json() as { message: string; issues?: unknown[] };
      expect(typeof body.message, query).toBe('string');
    }
    for (const url of [
      '/api/audit-logs/not-a-uuid',
      '/api/audit-logs/records/users/abc',
      '/api/audit-logs/export.csv?severity=LOUD',
      '/api/audit-logs/records/units/%00',
    ]) {
      const response = await owner.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
    }
  });

  it('is described in the API documentation', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys((response.json() as { paths: object }).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/audit-logs',
        '/api/audit-logs/stats',
        '/api/audit-logs/export.csv',
        '/api/audit-logs/archive',
        '/api/audit-logs/records/{table}/{record_id}',
        '/api/audit-logs/{id}',
      ]),
    );
  });

  it('is for owners and administrators only', async () => {
    for (const session of [manager, staff]) {
      const response = await session.inject({ method: 'GET', url: '/api/audit-logs' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        message: 'You do not have permission to access audit logs',
      });
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/audit-logs' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe(`audit trail detail, history and stats (${process.env.TEST_DB})`, () => {
  it('reads one entry by id, and 404 for an unknown one', async () => {
    const [row] = (await list(owner, 'record_id=rec-9')).data;
    const response = await owner.inject({ method: 'GET', url: `/api/audit-logs/${row!.audit_id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      audit_id: row!.audit_id,
      record_id: 'rec-9',
      ip_address: '198.51.100.9',
      changed_fields: ['a', 'b', 'c', 'd'],
    });
    const missing = await owner.inject({
      method: 'GET',
      url: '/api/audit-logs/00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Audit log not found');
  });

  it("shows a record's last 50 changes, newest first, to managers and up", async () => {
    const unit = await createUnit(t.database);
    for (let i = 1; i <= 52; i++) {
      const response = await manager.inject({
        method: 'PATCH',
        url: `/api/units/${unit.unit_id}`,
        payload: { unit_name: `History Cabin ${i}` },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const response = await manager.inject({
      method: 'GET',
      url: `/api/audit-logs/records/units/${unit.unit_id}`,
    });
    expect(response.statusCode).toBe(200);
    const history = response.json().data as (AuditLog & { new_data: { unit_name: string } })[];
    expect(history).toHaveLength(50);
    expect(history.every((row) => row.table_name === 'units')).toBe(true);
    expect(history[0]!.action).toBe('UPDATE');
    expect(history[0]!.changed_fields).toEqual(['unit_name']);
    expect(history[0]!.new_data.unit_name).toBe('History Cabin 52');
    expect(history[49]!.new_data.unit_name).toBe('History Cabin 3');
    expect(history[0]!.user_email).toBe(manager.user.email);

    const forStaff = await staff.inject({
      method: 'GET',
      url: `/api/audit-logs/records/units/${unit.unit_id}`,
    });
    expect(forStaff.statusCode).toBe(403);
  });

  it('counts totals, by table and action, and the top 10 users of the last 7 days', async () => {
    setNow(t, '2026-03-04T00:00:00Z');
    const response = await owner.inject({ method: 'GET', url: '/api/audit-logs/stats' });
    expect(response.statusCode).toBe(200);
    const stats = response.json() as {
      totalLogs: number;
      byTable: { table_name: string; count: number }[];
      byAction: { action: string; count: number }[];
      byUser: { user_email: string; count: number }[];
      since: string;
    };
    expect(stats.totalLogs).toBe(await sqlCount('true'));
    expect(stats.byTable.find((row) => row.table_name === 'payments')?.count).toBe(
      await sqlCount(`table_name = 'payments'`),
    );
    expect(stats.byAction.find((row) => row.action === 'DELETE')?.count).toBe(
      await sqlCount(`action = 'DELETE'`),
    );
    expect(stats.since).toBe('2026-02-25T00:00:00.000Z');
    // The synthetic rows fall in the window; the real ones (made now) are in the future of it.
    expect(stats.byUser).toEqual([
      { user_email: 'Even.Clerk@Resort.test', count: 36 },
      { user_email: 'odd_clerk@resort.test', count: 36 },
    ]);
  });
});

describe(`audit trail export and archive (${process.env.TEST_DB})`, () => {
  it('exports the filtered view as CSV with formula cells neutralised, and audits the export', async () => {
    await t.database.query(`
      INSERT INTO audit_logs (table_name, record_id, action, source, description, category,
                              severity, user_email)
      VALUES ('expenses', '=HYPERLINK("http://evil")', 'UPDATE', 'app', '+cmd|calc', 'EXPENSE',
              'CRITICAL', '@attacker@resort.test')`);
    setNow(t, '2026-06-30T20:00:00Z'); // 04:00 on July 1 in Manila
    const response = await owner.inject({
      method: 'GET',
      url: '/api/audit-logs/export.csv?table_name=expenses&severity=CRITICAL',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="audit-logs-2026-07-01.csv"',
    );
    const lines = response.body.split('\r\n');
    expect(lines[0]).toMatch(/^Timestamp,User,Table,Action,Source,Record ID,Changed Fields,/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,'@attacker@resort.test,expenses,UPDATE,app,`);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(lines[1]).toContain(`,'+cmd|calc,`);

    const events = await t.database.query<{ user_email: string; description: string }>(
      `SELECT user_email, description FROM audit_logs WHERE event_type = 'csv_export'`,
    );
    expect(events).toEqual([
      { user_email: owner.user.email, description: 'CSV export of 1 audit log rows' },
    ]);

    const all = await owner.inject({ method: 'GET', url: '/api/audit-logs/export.csv' });
    const total = Number(all.headers['x-total-count']);
    expect(all.body.split('\r\n')).toHaveLength(total + 1);
  });

  it('archives rows older than the cutoff, refusing a cutoff inside the last 30 days', async () => {
    setNow(t, '2026-06-30T00:00:00Z');
    const recent = await owner.inject({
      method: 'POST',
      url: '/api/audit-logs/archive',
      payload: { cutoff: '2026-06-15' },
    });
    expect(recent.statusCode).toBe(400);
    expect(recent.json().message).toMatch(/older than 30 days/);
    const invalid = await owner.inject({
      method: 'POST',
      url: '/api/audit-logs/archive',
      payload: { cutoff: 'last week' },
    });
    expect(invalid.statusCode).toBe(400);
    const forManager = await manager.inject({
      method: 'POST',
      url: '/api/audit-logs/archive',
      payload: { cutoff: '2026-03-01' },
    });
    expect(forManager.statusCode).toBe(403);

    // A back-dated row late in the chain stays: the archive removes a prefix of the chain only,
    // so what is kept still verifies.
    await t.database.query(`
      INSERT INTO audit_logs (created_at, table_name, action, source, description, category)
      VALUES ('2026-01-01T00:00:00Z', 'system', 'system_migration', 'app', 'Late', 'SYSTEM')`);
    // Midnight of March 2 in Manila is 2026-03-01T16:00Z.
    const older = (await sqlCount(`created_at < '2026-03-01T16:00:00Z'`)) - 1;
    expect(older).toBe(20);
    const before = await sqlCount('true');
    const response = await admin.inject({
      method: 'POST',
      url: '/api/audit-logs/archive',
      payload: { cutoff: '2026-03-02' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ removed: older, cutoff: '2026-03-01T16:00:00.000Z' });
    expect(await sqlCount(`created_at < '2026-03-01T16:00:00Z'`)).toBe(1);
    expect(await sqlCount('true')).toBe(before - older + 1);
    const [archived] = await t.database.query<{ user_email: string; severity: string }>(
      `SELECT user_email, severity FROM audit_logs WHERE event_type = 'audit_archived'`,
    );
    expect(archived).toEqual({ user_email: admin.user.email, severity: 'WARNING' });
    expect(await t.database.query('SELECT * FROM audit_verify_chain()')).toEqual([]);
  });
});
