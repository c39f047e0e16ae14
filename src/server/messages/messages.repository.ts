import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppDb, AppTx } from '../db/client';
import { guestMessages, messageOptOuts, users } from '../db/schema';

/**
 * The one writer of `guest_messages` and `message_opt_outs` (migrations/0018_guest_messages.sql).
 * Every time is a parameter from the app's clock.
 */

type Executor = AppDb | AppTx;

export type MessageRow = typeof guestMessages.$inferSelect;
export type NewMessageRow = typeof guestMessages.$inferInsert;
export type MessageListRow = MessageRow & { created_by_name: string | null };

/** Still to be sent: a schedule change moves it, a cancellation drops it. */
export const PENDING_STATUSES = ['scheduled'] as const;

export async function insertMessage(tx: Executor, values: NewMessageRow): Promise<MessageRow> {
  const [row] = await tx.insert(guestMessages).values(values).returning();
  return row!;
}

/**
 * Stores an automatic message unless the booking already has one of that kind (the partial
 * unique index): answers the new row, or null when one exists.
 */
export async function insertAutomaticMessage(
  tx: Executor,
  values: NewMessageRow,
): Promise<MessageRow | null> {
  const rows = await tx
    .insert(guestMessages)
    .values(values)
    .onConflictDoNothing({
      target: [guestMessages.booking_id, guestMessages.kind],
      where: sql`kind <> 'one_off' AND NOT is_resend AND status <> 'cancelled'`,
    })
    .returning();
  return rows[0] ?? null;
}

export async function setMessageJob(tx: Executor, messageId: string, jobId: string): Promise<void> {
  await tx
    .update(guestMessages)
    .set({ job_id: jobId })
    .where(eq(guestMessages.message_id, messageId));
}

export async function findMessage(db: Executor, messageId: string): Promise<MessageRow | null> {
  const [row] = await db
    .select()
    .from(guestMessages)
    .where(eq(guestMessages.message_id, messageId));
  return row ?? null;
}

/** The row locked until the transaction ends: one send job at a time decides its fate. */
export async function lockMessage(tx: AppTx, messageId: string): Promise<MessageRow | null> {
  const [row] = await tx
    .select()
    .from(guestMessages)
    .where(eq(guestMessages.message_id, messageId))
    .for('update');
  return row ?? null;
}

export async function updateMessage(
  tx: Executor,
  messageId: string,
  values: Partial<
    Pick<NewMessageRow, 'status' | 'scheduled_at' | 'sent_at' | 'error' | 'subject' | 'job_id'>
  >,
): Promise<MessageRow> {
  const [row] = await tx
    .update(guestMessages)
    .set(values)
    .where(eq(guestMessages.message_id, messageId))
    .returning();
  return row!;
}

export async function findMessagesOfBooking(
  db: Executor,
  bookingId: string,
  filter: { statuses?: readonly string[]; kinds?: readonly string[] } = {},
): Promise<MessageListRow[]> {
  const rows = await db
    .select({ message: guestMessages, created_by_name: users.name })
    .from(guestMessages)
    .leftJoin(users, eq(users.id, guestMessages.created_by))
    .where(
      and(
        eq(guestMessages.booking_id, bookingId),
        filter.statuses ? inArray(guestMessages.status, [...filter.statuses]) : undefined,
        filter.kinds ? inArray(guestMessages.kind, [...filter.kinds]) : undefined,
      ),
    )
    .orderBy(asc(guestMessages.scheduled_at), asc(guestMessages.created_at));
  return rows.map(({ message, created_by_name }) => ({ ...message, created_by_name }));
}

export async function hasOptedOut(db: Executor, email: string, kind: string): Promise<boolean> {
  const rows = await db
    .select({ email: messageOptOuts.email })
    .from(messageOptOuts)
    .where(and(eq(messageOptOuts.email, email), eq(messageOptOuts.kind, kind)));
  return rows.length > 0;
}

export async function insertOptOut(
  db: Executor,
  values: { email: string; kind: string; created_at: Date },
): Promise<void> {
  await db.insert(messageOptOuts).values(values).onConflictDoNothing();
}
