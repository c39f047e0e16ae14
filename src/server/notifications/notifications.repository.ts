import { eq, sql } from 'drizzle-orm';
import type { AppDb } from '../db/client';
import { payments } from '../db/schema';

/** DESIGN §3: payments whose proof awaits verification are the Pending payment rows. */
export async function countPaymentsAwaitingVerification(db: AppDb): Promise<number> {
  const rows = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(payments)
    .where(eq(payments.payment_status, 'Pending'));
  return Number(rows[0]?.count ?? 0);
}
