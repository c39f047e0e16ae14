import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBooking, createGuest, createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';
import { sqlState } from '../../../src/server/errors';
import type { AppTx } from '../../../src/server/db/client';
import { bookings, guests, payments, units } from '../../../src/server/db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type AuditRow = {
  audit_id: string;
  table_name: string;
  record_id: string;
  record_pk: string;
  action: string;
  event_type: string;
  source: string;
  user_id: string | null;
  user_email: string | null;
  user_role: string | null;
  correlation_id: string | null;
  old_data: Record<string, unknown> | null;
  new_data: Record<string, unknown> | null;
  changed_fields: string[] | null;
  category: string;
  severity: string;
  row_hash: string | null;
  chain_position: number | null;
};

async function auditFor(table: string, recordId: string): Promise<AuditRow[]> {
  return t.database.query<AuditRow>(
    `SELECT * FROM audit_logs WHERE table_name = $1 AND record_id = $2 ORDER BY seq`,
    [table, recordId],
  );
}

async function asActor<T>(fn: (tx: AppTx) => Promise<T>, correlationId = crypto.randomUUID()) {
  return t.database.db.transaction(async (tx) => {
    await tx.execute(sql`select
      set_config('app.user_id', 'user-1', true),
      set_config('app.user_email', 'manager@resort.ph', true),
      set_config('app.user_role', 'manager', true),
      set_config('app.correlation_id', ${correlationId}, true),
      set_config('app.ip_address', '203.0.113.7', true),
      set_config('app.user_agent', 'vitest', true)`);
    return fn(tx);
  });
}

async function errorOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe(`audit triggers (${process.env.TEST_DB})`, () => {
  it('logs insert, update and delete of a unit with the acting user and only the changed fields', async () => {
    const correlation = crypto.randomUUID();
    const unit = await asActor(async (tx) => {
      const [row] = await tx
        .insert(units)
        .values({
          unit_name: 'Audit Cabin',
          unit_code: 'AUD1',
          unit_type: 'Suite',
          base_occupancy: 2,
          max_occupancy: 4,
          base_rate: 5000,
          weekend_rate: 6000,
        })
        .returning();
      return row!;
    }, correlation);
    await asActor((tx) =>
      tx.update(units).set({ base_rate: 5200 }).where(eq(units.unit_id, unit.unit_id)),
    );
    // An update that changes nothing is not logged.
    await asActor((tx) =>
      tx.update(units).set({ base_rate: 5200 }).where(eq(units.unit_id, unit.unit_id)),
    );
    await asActor((tx) => tx.delete(units).where(eq(units.unit_id, unit.unit_id)));

    const rows = await auditFor('units', unit.unit_id);
    expect(rows.map((r) => r.action)).toEqual(['INSERT', 'UPDATE', 'DELETE']);
    const [insert, update, remove] = rows as [AuditRow, AuditRow, AuditRow];
    expect(insert).toMatchObject({
      source: 'db',
      record_pk: 'unit_id',
      event_type: 'unit_created',
      category: 'UNIT',
      severity: 'INFO',
      user_id: 'user-1',
      user_email: 'manager@resort.ph',
      user_role: 'manager',
      correlation_id: correlation,
      old_data: null,
    });
    expect(insert.new_data?.unit_name).toBe('Audit Cabin');
    expect(update.changed_fields).toEqual(['base_rate']);
    expect(update.old_data?.base_rate).toBe(5000);
    expect(update.new_data?.base_rate).toBe(5200);
    expect(remove).toMatchObject({
      event_type: 'unit_deleted',
      severity: 'WARNING',
      new_data: null,
    });
    expect(remove.old_data?.unit_code).toBe('AUD1');
  });

  it('redacts sensitive guest fields but still names them as changed', async () => {
    const guest = await createGuest(t.database, { phone_number: '+639170000001' });
    await asActor((tx) =>
      tx
        .update(guests)
        .set({ phone_number: '+639170000002' })
        .where(eq(guests.guest_id, guest.guest_id)),
    );
    const rows = await auditFor('guests', guest.guest_id);
    const update = rows.find((r) => r.action === 'UPDATE')!;
    expect(update.changed_fields).toEqual(['phone_number']);
    expect(update.old_data?.phone_number).toBe('[REDACTED]');
    expect(update.new_data?.phone_number).toBe('[REDACTED]');
    expect(update.new_data?.email).toBe('[REDACTED]');
    expect(JSON.stringify(rows)).not.toContain('+63917000000');
    expect(JSON.stringify(rows)).not.toContain(guest.email);
  });

  it('names booking status changes and marks cancellations WARNING', async () => {
    const unit = await createUnit(t.database);
    const booking = await createBooking(t.database, unit.unit_id, {
      check_in: '2028-01-10',
      check_out: '2028-01-12',
    });
    await asActor((tx) =>
      tx
        .update(bookings)
        .set({ booking_status: 'Confirmed' })
        .where(eq(bookings.booking_id, booking.booking_id)),
    );
    await asActor((tx) =>
      tx
        .update(bookings)
        .set({ booking_status: 'Cancelled', internal_notes: 'guest called' })
        .where(eq(bookings.booking_id, booking.booking_id)),
    );
    const rows = await auditFor('bookings', booking.booking_id);
    expect(rows.map((r) => r.event_type)).toEqual([
      'booking_created',
      'booking_confirmed',
      'booking_cancelled',
    ]);
    const cancelled = rows[2]!;
    expect(cancelled.severity).toBe('WARNING');
    expect(cancelled.changed_fields).toEqual(['booking_status', 'internal_notes']);
    expect(cancelled.new_data?.internal_notes).toBe('[REDACTED]');

    // The copied dates and status on the booking line are not logged twice.
    const lines = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_logs WHERE table_name = 'booking_units' AND action = 'UPDATE'
         AND new_data ->> 'booking_id' = $1`,
      [booking.booking_id],
    );
    expect(lines[0]!.n).toBe(0);
  });

  it('logs payments with their event names and redacts proofs', async () => {
    const unit = await createUnit(t.database);
    const booking = await createBooking(t.database, unit.unit_id, {
      check_in: '2028-02-10',
      check_out: '2028-02-12',
    });
    const [payment] = await t.database.db
      .insert(payments)
      .values({
        booking_id: booking.booking_id,
        payment_amount: 3000,
        payment_method: 'GCash',
        payment_proof: 'payment-proofs/x/proof.png',
        transaction_reference: 'GC123',
      })
      .returning();
    await t.database.db
      .update(payments)
      .set({ payment_status: 'Completed' })
      .where(eq(payments.payment_id, payment!.payment_id));
    const rows = await auditFor('payments', payment!.payment_id);
    expect(rows.map((r) => r.event_type)).toEqual(['payment_received', 'payment_verified']);
    expect(rows[0]!.new_data?.payment_proof).toBe('[REDACTED]');
    expect(rows[0]!.new_data?.transaction_reference).toBe('[REDACTED]');
    expect(rows[0]!.category).toBe('PAYMENT');
  });

  it('refuses UPDATE, DELETE and TRUNCATE of audit_logs', async () => {
    const [row] = await t.database.query<{ audit_id: string }>(
      'SELECT audit_id FROM audit_logs LIMIT 1',
    );
    const update = await errorOf(
      t.database.query(`UPDATE audit_logs SET description = 'edited' WHERE audit_id = $1`, [
        row!.audit_id,
      ]),
    );
    expect(sqlState(update)).toBe('42501');
    const remove = await errorOf(
      t.database.query(`DELETE FROM audit_logs WHERE audit_id = $1`, [row!.audit_id]),
    );
    expect(sqlState(remove)).toBe('42501');
    const truncate = await errorOf(t.database.query('TRUNCATE audit_logs'));
    expect(sqlState(truncate)).toBe('42501');
    const [still] = await t.database.query<{ description: string }>(
      'SELECT description FROM audit_logs WHERE audit_id = $1',
      [row!.audit_id],
    );
    expect(still!.description).not.toBe('edited');
  });

  it('lets the sealing change only the three sealing columns of a row not yet sealed', async () => {
    // Migration 0031: the guard compares the row with its sealed copy column by column. A
    // "sealing" update that also edits what the row says is refused, even with the setting on.
    const correlationId = crypto.randomUUID();
    const edit = await errorOf(
      asActor(async (tx) => {
        await tx.insert(units).values({
          unit_name: 'Sealing probe',
          unit_code: 'SP1',
          unit_type: 'Standard',
          base_occupancy: 1,
          max_occupancy: 2,
          base_rate: 1000,
          weekend_rate: 1000,
        });
        await tx.execute(sql`select set_config('app.audit_sealing', 'on', true)`);
        await tx.execute(sql`UPDATE audit_logs SET description = 'edited', row_hash = 'x'
                              WHERE correlation_id = ${correlationId} AND row_hash IS NULL`);
      }, correlationId),
    );
    expect(sqlState(edit)).toBe('42501');
    // The whole transaction went: no unit, no audit row.
    expect(await t.database.query('SELECT 1 FROM units WHERE unit_code = $1', ['SP1'])).toEqual([]);
    expect(
      await t.database.query('SELECT 1 FROM audit_logs WHERE correlation_id = $1', [correlationId]),
    ).toEqual([]);
    // A sealed row cannot be sealed again.
    const [sealed] = await t.database.query<{ audit_id: string }>(
      'SELECT audit_id FROM audit_logs WHERE row_hash IS NOT NULL LIMIT 1',
    );
    const reseal = await errorOf(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('app.audit_sealing', 'on', true)`);
        await tx.execute(
          sql`UPDATE audit_logs SET row_hash = 'x' WHERE audit_id = ${sealed!.audit_id}`,
        );
      }),
    );
    expect(sqlState(reseal)).toBe('42501');
  });

  it('redacts only the sensitive fields that hold a value, leaving nulls and other fields', async () => {
    const [row] = await t.database.query<{ redacted: Record<string, unknown> }>(
      `SELECT audit_redact('guests', '{"email": null, "notes": "quiet room", "guest_name": "Ana",
         "phone_number": "+639170000009", "address": {"city": "Cebu"}}'::jsonb) AS redacted`,
    );
    expect(row!.redacted).toEqual({
      email: null,
      notes: '[REDACTED]',
      guest_name: 'Ana',
      phone_number: '[REDACTED]',
      address: '[REDACTED]',
    });
    const [plain] = await t.database.query<{ units: unknown; none: unknown }>(
      `SELECT audit_redact('units', '{"unit_name": "A"}'::jsonb) AS units,
              audit_redact('guests', NULL) AS none`,
    );
    expect(plain).toEqual({ units: { unit_name: 'A' }, none: null });
  });

  it('seals every row into a hash chain that reveals a row altered behind the database’s back', async () => {
    const unsealed = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM audit_logs WHERE row_hash IS NULL',
    );
    expect(unsealed[0]!.n).toBe(0);
    expect(await t.database.query('SELECT * FROM audit_verify_chain()')).toEqual([]);

    const [victim] = await t.database.query<{
      audit_id: string;
      chain_position: number;
      user_email: string | null;
    }>(
      'SELECT audit_id, chain_position, user_email FROM audit_logs ORDER BY chain_position LIMIT 1 OFFSET 2',
    );
    await t.database.exec(`
      ALTER TABLE audit_logs DISABLE TRIGGER audit_logs_append_only;
      UPDATE audit_logs SET user_email = 'someone-else@resort.ph' WHERE audit_id = '${victim!.audit_id}';
      ALTER TABLE audit_logs ENABLE TRIGGER audit_logs_append_only;`);
    const broken = await t.database.query<{ audit_id: string; problem: string }>(
      'SELECT * FROM audit_verify_chain()',
    );
    expect(broken).toHaveLength(1);
    expect(broken[0]!.audit_id).toBe(victim!.audit_id);
    expect(broken[0]!.problem).toMatch(/changed after it was written/);

    // Put it back: the chain is whole again.
    await t.database.exec('ALTER TABLE audit_logs DISABLE TRIGGER audit_logs_append_only');
    await t.database.query('UPDATE audit_logs SET user_email = $1 WHERE audit_id = $2', [
      victim!.user_email,
      victim!.audit_id,
    ]);
    await t.database.exec('ALTER TABLE audit_logs ENABLE TRIGGER audit_logs_append_only');
    expect(await t.database.query('SELECT * FROM audit_verify_chain()')).toEqual([]);
  });

  it('keeps one unforked chain when many transactions commit at once', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        asActor((tx) =>
          tx.insert(units).values({
            unit_name: `Concurrent ${i}`,
            unit_code: `CC${i}`,
            unit_type: 'Standard',
            base_occupancy: 1,
            max_occupancy: 2,
            base_rate: 1000,
            weekend_rate: 1000,
          }),
        ),
      ),
    );
    const positions = await t.database.query<{ chain_position: number }>(
      'SELECT chain_position FROM audit_logs ORDER BY chain_position',
    );
    const values = positions.map((p) => p.chain_position);
    expect(new Set(values).size).toBe(values.length);
    expect(values.every((v, i) => i === 0 || v === values[i - 1]! + 1)).toBe(true);
    expect(await t.database.query('SELECT * FROM audit_verify_chain()')).toEqual([]);
  });

  it('chains a transaction’s rows in the order written, leaving out a rolled-back savepoint', async () => {
    // Each row is sealed at commit (migration 0004): consecutive positions, each linked to the one
    // before, the head on the last.
    const unitValues = (i: number) => ({
      unit_name: `Sealed together ${i}`,
      unit_code: `ST${i}`,
      unit_type: 'Standard',
      base_occupancy: 1,
      max_occupancy: 2,
      base_rate: 1000,
      weekend_rate: 1000,
    });
    const [{ position: before }] = (await t.database.query<{ position: string }>(
      'SELECT position FROM audit_chain_head',
    )) as [{ position: string }];
    const correlationId = crypto.randomUUID();
    await asActor(async (tx) => {
      await tx.insert(units).values([unitValues(1), unitValues(2)]);
      await tx.update(units).set({ base_rate: 900 }).where(eq(units.unit_code, 'ST1'));
      // A savepoint rolled back takes its audit row with it; the chain does not see it.
      await tx
        .transaction(async (inner) => {
          await inner.insert(units).values(unitValues(3));
          throw new Error('roll this part back');
        })
        .catch((error: Error) => expect(error.message).toBe('roll this part back'));
      await tx.insert(units).values(unitValues(4));
    }, correlationId);

    const rows = await t.database.query<{
      record_id: string;
      action: string;
      chain_position: string;
      prev_hash: string | null;
      row_hash: string | null;
    }>(
      `SELECT record_id, action, chain_position, prev_hash, row_hash FROM audit_logs
        WHERE correlation_id = $1 ORDER BY seq`,
      [correlationId],
    );
    expect(rows.map((r) => r.action)).toEqual(['INSERT', 'INSERT', 'UPDATE', 'INSERT']);
    expect(rows.map((r) => Number(r.chain_position))).toEqual([1, 2, 3, 4].map((n) => +before + n));
    for (const [i, row] of rows.entries()) {
      expect(row.row_hash).toMatch(/^[0-9a-f]{64}$/);
      if (i > 0) expect(row.prev_hash).toBe(rows[i - 1]!.row_hash);
    }
    const [head] = await t.database.query<{ position: string; last_hash: string }>(
      'SELECT position, last_hash FROM audit_chain_head',
    );
    expect(Number(head!.position)).toBe(+before + 4);
    expect(head!.last_hash).toBe(rows[3]!.row_hash);
    expect(await t.database.query('SELECT * FROM audit_verify_chain()')).toEqual([]);
  });

  it('archives old rows through archive_audit_logs only, leaving a system row and a whole chain', async () => {
    const before = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM audit_logs',
    );
    const [{ removed }] = (await t.database.query<{ removed: number }>(
      `SELECT archive_audit_logs(now() + interval '1 minute') AS removed`,
    )) as [{ removed: number }];
    expect(removed).toBe(before[0]!.n);
    const left = await t.database.query<{
      table_name: string;
      event_type: string;
      category: string;
    }>('SELECT table_name, event_type, category FROM audit_logs');
    expect(left).toEqual([
      { table_name: 'system', event_type: 'audit_archived', category: 'SYSTEM' },
    ]);
    expect(await t.database.query('SELECT * FROM audit_verify_chain()')).toEqual([]);
  });
});
