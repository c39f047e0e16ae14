import { and, asc, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AppDb, AppTx } from '../db/client';
import { bookings, guests } from '../db/schema';

type Executor = AppDb | AppTx;

export type GuestRecord = typeof guests.$inferSelect;

export type GuestListQuery = {
  search?: string | undefined;
  sort: 'created_at' | 'guest_name' | 'total_spent' | 'total_bookings';
  order: 'asc' | 'desc';
  page: number;
  page_size: number;
};

/** `%text%` for ILIKE with the pattern characters taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function listConditions(query: GuestListQuery): SQL | undefined {
  if (!query.search) return undefined;
  const pattern = containsPattern(query.search);
  // A phone is stored +639…; "0917 123" finds it too, digits against digits.
  const digits = query.search.replace(/\D/g, '').replace(/^0/, '');
  return or(
    ilike(guests.guest_name, pattern),
    ilike(guests.email, pattern),
    ilike(guests.phone_number, pattern),
    ...(digits.length >= 3
      ? [
          sql`regexp_replace(coalesce(${guests.phone_number}, ''), '\\D', '', 'g') LIKE ${`%${digits}%`}`,
        ]
      : []),
  );
}

/** SPEC §7 guests: searched by name, e-mail or phone; one page; two queries. */
export async function listGuests(
  db: Executor,
  query: GuestListQuery,
): Promise<{ rows: GuestRecord[]; total: number }> {
  const where = listConditions(query);
  const direction = query.order === 'asc' ? asc : desc;
  const column =
    query.sort === 'guest_name' ? sql`lower(${guests.guest_name})` : sql`${guests[query.sort]}`;
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(guests)
      .where(where)
      .orderBy(direction(column), asc(guests.guest_id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(guests)
      .where(where),
  ]);
  return { rows, total: Number(counted[0]?.total ?? 0) };
}

export async function findGuestRecord(db: Executor, guestId: string): Promise<GuestRecord | null> {
  const rows = await db.select().from(guests).where(eq(guests.guest_id, guestId));
  return rows[0] ?? null;
}

export async function lockGuestRecord(tx: AppTx, guestId: string): Promise<GuestRecord | null> {
  const rows = await tx.select().from(guests).where(eq(guests.guest_id, guestId)).for('update');
  return rows[0] ?? null;
}

/** Another guest whose e-mail is `email` (case-insensitive, as the unique index compares). */
export async function findOtherGuestByEmail(
  db: Executor,
  email: string,
  guestId: string,
): Promise<GuestRecord | null> {
  const rows = await db
    .select()
    .from(guests)
    .where(and(sql`lower(${guests.email}) = lower(${email})`, ne(guests.guest_id, guestId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function updateGuestRecord(
  tx: AppTx,
  guestId: string,
  values: Partial<typeof guests.$inferInsert>,
): Promise<GuestRecord> {
  const [row] = await tx.update(guests).set(values).where(eq(guests.guest_id, guestId)).returning();
  return row!;
}

export type GuestStats = { total_bookings: number; total_spent: number; average_spent: number };

/** SPEC §7: from the guest's non-cancelled bookings, their count, total and average amount. */
export async function findGuestStats(db: Executor, guestId: string): Promise<GuestStats> {
  const rows = await db
    .select({
      total_bookings: sql<number>`count(*)::int`,
      total_spent: sql<number>`coalesce(sum(${bookings.total_amount}), 0)`,
      average_spent: sql<number>`coalesce(round(avg(${bookings.total_amount}), 2), 0)`,
    })
    .from(bookings)
    .where(and(eq(bookings.guest_id, guestId), ne(bookings.booking_status, 'Cancelled')));
  const row = rows[0];
  return {
    total_bookings: Number(row?.total_bookings ?? 0),
    total_spent: Number(row?.total_spent ?? 0),
    average_spent: Number(row?.average_spent ?? 0),
  };
}
