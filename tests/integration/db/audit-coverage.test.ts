import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole } from '../../support/auth';
import { createBooking, createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';
import type { AppTx } from '../../../src/server/db/client';

/**
 * DESIGN §6: every audited table's insert, update and delete leaves one row naming the table, the
 * record, the action, its event, category and severity, the acting user, the changed fields and
 * the data before and after (SPEC §3 fields redacted).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type AuditRow = {
  table_name: string;
  record_id: string;
  action: string;
  event_type: string;
  category: string;
  severity: string;
  user_email: string | null;
  changed_fields: string[] | null;
  old_data: Record<string, unknown> | null;
  new_data: Record<string, unknown> | null;
};

async function asActor<T>(fn: (tx: AppTx) => Promise<T>): Promise<T> {
  return t.database.db.transaction(async (tx) => {
    await tx.execute(sql`select
      set_config('app.user_id', 'user-7', true),
      set_config('app.user_email', 'owner@resort.ph', true),
      set_config('app.user_role', 'owner', true)`);
    return fn(tx);
  });
}

async function run(statement: string, params: unknown[] = []): Promise<string> {
  return asActor(async (tx) => {
    // Parameters are spliced as literals: the statements are the test's own.
    const text = params.reduce<string>(
      (acc, value, index) => acc.replaceAll(`$${index + 1}`, `'${String(value)}'`),
      statement,
    );
    const result = await tx.execute(sql.raw(text));
    const rows = (result as unknown as { rows?: { id: string }[] }).rows ?? result;
    return (rows as { id: string }[])[0]?.id ?? '';
  });
}

async function auditFor(table: string, recordId: string): Promise<AuditRow[]> {
  return t.database.query<AuditRow>(
    `SELECT table_name, record_id, action, event_type, category, severity, user_email,
            changed_fields, old_data, new_data
       FROM audit_logs WHERE table_name = $1 AND record_id = $2 ORDER BY seq`,
    [table, recordId],
  );
}

type Case = {
  table: string;
  category: string;
  events: [string, string, string];
  /** Makes the row (as the acting user) and returns its id. */
  insert: () => Promise<string>;
  update: { sql: string; field: string };
  remove: string;
  /** Fields that must reach the trail only as "[REDACTED]". */
  redacted?: string[];
};

describe(`every audited table (${process.env.TEST_DB})`, () => {
  const cases: Case[] = [
    {
      table: 'units',
      category: 'UNIT',
      events: ['unit_created', 'unit_updated', 'unit_deleted'],
      insert: () =>
        run(`INSERT INTO units (unit_name, unit_code, unit_type, base_occupancy, max_occupancy,
                               base_rate, weekend_rate)
             VALUES ('Coverage Cabin', 'COV1', 'Suite', 2, 4, 5000, 6000) RETURNING unit_id AS id`),
      update: { sql: `UPDATE units SET base_rate = 5500 WHERE unit_id = $1`, field: 'base_rate' },
      remove: `DELETE FROM units WHERE unit_id = $1`,
    },
    {
      table: 'guests',
      category: 'GUEST',
      events: ['guest_created', 'guest_updated', 'guest_deleted'],
      insert: () =>
        run(`INSERT INTO guests (guest_name, email, phone_number, notes)
             VALUES ('Coverage Guest', 'coverage@example.ph', '+639171110000', 'Siargao')
             RETURNING guest_id AS id`),
      update: {
        sql: `UPDATE guests SET is_corporate = true WHERE guest_id = $1`,
        field: 'is_corporate',
      },
      remove: `DELETE FROM guests WHERE guest_id = $1`,
      redacted: ['email', 'phone_number', 'notes'],
    },
    {
      table: 'bookings',
      category: 'BOOKING',
      events: ['booking_created', 'booking_updated', 'booking_deleted'],
      insert: () =>
        run(`INSERT INTO bookings (booking_reference, guest_name, email, num_guests, total_amount,
                                  check_in, check_out, special_requests)
             VALUES (generate_booking_reference(), 'Coverage Guest', 'c@example.ph', 2, 3000,
                     '2029-01-10', '2029-01-12', 'Sea view')
             RETURNING booking_id AS id`),
      update: {
        sql: `UPDATE bookings SET special_requests = 'Late arrival' WHERE booking_id = $1`,
        field: 'special_requests',
      },
      remove: `DELETE FROM bookings WHERE booking_id = $1`,
      redacted: ['special_requests'],
    },
    {
      table: 'booking_units',
      category: 'BOOKING',
      events: ['booking_units_insert', 'booking_units_update', 'booking_units_delete'],
      insert: async () => {
        const unit = await createUnit(t.database);
        const booking = await createBooking(t.database, unit.unit_id, {
          check_in: '2029-02-10',
          check_out: '2029-02-12',
        });
        const other = await createUnit(t.database);
        return run(
          `INSERT INTO booking_units (booking_id, unit_id, check_in, check_out, booking_status)
           VALUES ($1, $2, '2029-02-10', '2029-02-12', 'Pending') RETURNING booking_unit_id AS id`,
          [booking.booking_id, other.unit_id],
        );
      },
      update: {
        sql: `UPDATE booking_units SET assigned_guests = 3 WHERE booking_unit_id = $1`,
        field: 'assigned_guests',
      },
      remove: `DELETE FROM booking_units WHERE booking_unit_id = $1`,
    },
    {
      table: 'payments',
      category: 'PAYMENT',
      events: ['payment_received', 'payment_updated', 'payment_deleted'],
      insert: async () => {
        const unit = await createUnit(t.database);
        const booking = await createBooking(t.database, unit.unit_id, {
          check_in: '2029-03-10',
          check_out: '2029-03-12',
        });
        return run(
          `INSERT INTO payments (booking_id, payment_amount, payment_method, transaction_reference)
           VALUES ($1, 2500, 'GCash', 'GC-COVER') RETURNING payment_id AS id`,
          [booking.booking_id],
        );
      },
      update: {
        sql: `UPDATE payments SET payment_amount = 2600 WHERE payment_id = $1`,
        field: 'payment_amount',
      },
      remove: `DELETE FROM payments WHERE payment_id = $1`,
      redacted: ['transaction_reference'],
    },
    {
      table: 'expenses',
      category: 'EXPENSE',
      events: ['expense_recorded', 'expense_updated', 'expense_deleted'],
      insert: () =>
        run(`INSERT INTO expenses (expense_date, category, amount, description, vendor_contact)
             VALUES ('2029-04-01', 'Supplies', 850, 'Coverage towels', '0917 000 1111')
             RETURNING expense_id AS id`),
      update: { sql: `UPDATE expenses SET amount = 900 WHERE expense_id = $1`, field: 'amount' },
      remove: `DELETE FROM expenses WHERE expense_id = $1`,
      redacted: ['vendor_contact'],
    },
    {
      table: 'availability_blackouts',
      category: 'MAINTENANCE',
      events: ['maintenance_scheduled', 'maintenance_updated', 'maintenance_removed'],
      insert: async () => {
        const unit = await createUnit(t.database);
        return run(
          `INSERT INTO availability_blackouts (unit_id, start_date, end_date, reason)
           VALUES ($1, '2029-05-01', '2029-05-03', 'Roof repair') RETURNING blackout_id AS id`,
          [unit.unit_id],
        );
      },
      update: {
        sql: `UPDATE availability_blackouts SET reason = 'Roof and gutter' WHERE blackout_id = $1`,
        field: 'reason',
      },
      remove: `DELETE FROM availability_blackouts WHERE blackout_id = $1`,
    },
    {
      table: 'app_roles',
      category: 'AUTHENTICATION',
      events: ['role_assigned', 'role_changed', 'app_roles_delete'],
      insert: async () => {
        const user = await createUserWithRole(t, 'staff');
        await run(`DELETE FROM app_roles WHERE user_id = $1`, [user.id]);
        return run(
          `INSERT INTO app_roles (user_id, role) VALUES ($1, 'staff') RETURNING role_id AS id`,
          [user.id],
        );
      },
      update: { sql: `UPDATE app_roles SET role = 'manager' WHERE role_id = $1`, field: 'role' },
      remove: `DELETE FROM app_roles WHERE role_id = $1`,
    },
  ];

  for (const c of cases) {
    it(`${c.table}: insert, update and delete each leave the right row`, async () => {
      const id = await c.insert();
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      await run(c.update.sql, [id]);
      await run(c.remove, [id]);

      const rows = await auditFor(c.table, id);
      expect(rows.map((row) => row.action)).toEqual(['INSERT', 'UPDATE', 'DELETE']);
      expect(rows.map((row) => row.event_type)).toEqual(c.events);
      expect(rows.map((row) => row.severity)).toEqual(['INFO', 'INFO', 'WARNING']);
      for (const row of rows) {
        expect(row.category).toBe(c.category);
        expect(row.user_email).toBe('owner@resort.ph');
      }
      const [inserted, updated, deleted] = rows as [AuditRow, AuditRow, AuditRow];
      expect(inserted.old_data).toBeNull();
      expect(inserted.new_data).not.toBeNull();
      expect(inserted.changed_fields).toContain(c.update.field);
      expect(updated.changed_fields).toEqual([c.update.field]);
      if (c.redacted?.includes(c.update.field)) {
        expect(updated.old_data?.[c.update.field]).toBe('[REDACTED]');
      } else {
        expect(updated.old_data?.[c.update.field]).not.toEqual(updated.new_data?.[c.update.field]);
      }
      expect(deleted.new_data).toBeNull();
      expect(deleted.changed_fields).toBeNull();
      expect(deleted.old_data).toEqual(updated.new_data);
      for (const field of c.redacted ?? []) {
        for (const row of rows) {
          const data = row.new_data ?? row.old_data;
          expect(data?.[field], `${c.table}.${field}`).toBe('[REDACTED]');
        }
      }
    });
  }
});
