import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../../src/server/db/client';
import { payments } from '../../src/server/db/schema';
import { settleFolio, syncPaymentEntries } from '../../src/server/folio/folio.service';
import type { TestApp } from './test-app';

/**
 * Helpers for the back-office integration tests (bookings, payments, guests): the app's clock,
 * payment rows, row counts and the mail outbox.
 */

/** Sets the app's clock (DESIGN §3: today is today in Asia/Manila; 04:00Z is noon there). */
export function setNow(t: TestApp, iso: string): void {
  const instant = new Date(iso.length === 10 ? `${iso}T04:00:00Z` : iso);
  t.app.deps.clock.now = () => instant;
}

export async function createPayment(
  database: Database,
  bookingId: string,
  overrides: Partial<typeof payments.$inferInsert> = {},
) {
  return database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(payments)
      .values({
        booking_id: bookingId,
        payment_amount: 1000,
        payment_method: 'GCash',
        payment_status: 'Completed',
        ...overrides,
      })
      .returning();
    // Issue 17: what the payment is worth goes on the folio, as the ledger posts it.
    await syncPaymentEntries(tx, row!, 'Test payment corrected');
    await settleFolio(tx, bookingId);
    return row!;
  });
}

export async function countRows(database: Database, table: string): Promise<number> {
  const rows = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return Number(rows[0]!.n);
}

/** The `.eml` files in DATA_DIR/outbox, oldest first, as text. */
export function outboxMessages(t: TestApp): string[] {
  const dir = path.join(t.dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(dir).filter((file) => file.endsWith('.eml'));
  } catch {
    return [];
  }
  return files.sort().map((file) => readFileSync(path.join(dir, file), 'utf8'));
}

/**
 * How a booking's guest messages ended, other than those still scheduled, as "status: error"
 * (issue 22: a walk-in without e-mail has each one "skipped: No e-mail address").
 */
export async function messageOutcomes(t: TestApp, bookingId: string): Promise<string[]> {
  const rows = await t.database.query<{ status: string; error: string | null }>(
    "SELECT status, error FROM guest_messages WHERE booking_id = $1 AND status <> 'scheduled'",
    [bookingId],
  );
  return rows.map((row) => `${row.status}: ${row.error ?? ''}`);
}

/** A tiny valid PNG (1 × 1 pixel). */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
