import { and, asc, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { UnitStatus } from '../../domain/constants';
import type { UnitListQuery } from '../../domain/schemas/unit.schema';
import type { AppDb, AppTx, Database } from '../db/client';
import { containsPattern } from '../db/like-pattern';
import { units } from '../db/schema';

type Executor = AppDb | AppTx;

export type UnitRow = typeof units.$inferSelect;
export type NewUnitRow = typeof units.$inferInsert;

export async function findAvailableUnits(db: AppDb): Promise<UnitRow[]> {
  return db
    .select()
    .from(units)
    .where(eq(units.unit_status, 'Available'))
    .orderBy(asc(units.unit_name));
}

function listConditions(query: UnitListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.status) conditions.push(eq(units.unit_status, query.status));
  if (query.type) conditions.push(eq(units.unit_type, query.type));
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(or(ilike(units.unit_name, pattern), ilike(units.unit_code, pattern)));
  }
  if (query.min_rate !== undefined) conditions.push(gte(units.base_rate, query.min_rate));
  if (query.max_rate !== undefined) conditions.push(lte(units.base_rate, query.max_rate));
  if (query.min_occupancy !== undefined) {
    conditions.push(gte(units.max_occupancy, query.min_occupancy));
  }
  return and(...conditions);
}

/** SPEC §7 units list: filtered by status, type, search, rate range and occupancy; one page. */
export async function listUnits(
  db: Executor,
  query: UnitListQuery,
): Promise<{ rows: UnitRow[]; total: number }> {
  const where = listConditions(query);
  const column = units[query.sort];
  const direction = query.order === 'desc' ? desc : asc;
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(units)
      .where(where)
      .orderBy(direction(column), asc(units.unit_code))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(units)
      .where(where),
  ]);
  return { rows, total: Number(counted[0]?.total ?? 0) };
}

export async function findUnit(db: Executor, unitId: string): Promise<UnitRow | null> {
  const rows = await db.select().from(units).where(eq(units.unit_id, unitId));
  return rows[0] ?? null;
}

/** The unit's row, locked until the transaction ends (the blackout triggers lock it the same way). */
export async function lockUnit(tx: AppTx, unitId: string): Promise<UnitRow | null> {
  const rows = await tx.select().from(units).where(eq(units.unit_id, unitId)).for('update');
  return rows[0] ?? null;
}

export async function insertUnit(tx: AppTx, values: NewUnitRow): Promise<UnitRow> {
  const [row] = await tx.insert(units).values(values).returning();
  return row!;
}

export async function updateUnitRow(
  tx: AppTx,
  unitId: string,
  values: Partial<NewUnitRow>,
): Promise<UnitRow | null> {
  const [row] = await tx.update(units).set(values).where(eq(units.unit_id, unitId)).returning();
  return row ?? null;
}

export async function deleteUnitRow(tx: AppTx, unitId: string): Promise<boolean> {
  const rows = await tx
    .delete(units)
    .where(eq(units.unit_id, unitId))
    .returning({ unit_id: units.unit_id });
  return rows.length > 0;
}

export async function setUnitsStatus(
  tx: AppTx,
  unitIds: readonly string[],
  status: UnitStatus,
): Promise<UnitRow[]> {
  return tx
    .update(units)
    .set({ unit_status: status })
    .where(inArray(units.unit_id, [...unitIds]))
    .returning();
}

export type UnitStatsRow = { total_bookings: number; total_revenue: number };

/**
 * SPEC §7 revenue stats: booking lines of the unit joined to their non-cancelled bookings; a
 * booking counts once however many lines it has, with its whole total_amount.
 */
export async function findUnitStats(db: Executor, unitId: string): Promise<UnitStatsRow> {
  const result = await db.execute(sql`
    SELECT count(*)::int AS total_bookings, coalesce(sum(b.total_amount), 0) AS total_revenue
      FROM bookings b
     WHERE b.booking_status <> 'Cancelled'
       AND EXISTS (SELECT 1 FROM booking_units bu
                    WHERE bu.booking_id = b.booking_id AND bu.unit_id = ${unitId})`);
  const row = rowsOf<{ total_bookings: number; total_revenue: string | number }>(result)[0];
  return {
    total_bookings: Number(row?.total_bookings ?? 0),
    total_revenue: Number(row?.total_revenue ?? 0),
  };
}

export type UnitBookingRow = {
  booking_id: string;
  booking_reference: string;
  guest_name: string;
  check_in: string;
  check_out: string;
  num_guests: number;
  booking_status: string;
  payment_status: string;
  total_amount: string | number;
  is_multi_unit: boolean;
};

/** The unit's bookings, newest stay first (SPEC §7 "bookings by unit"). */
export async function findUnitBookings(
  db: Executor,
  unitId: string,
  limit: number,
): Promise<UnitBookingRow[]> {
  const result = await db.execute(sql`
    SELECT b.booking_id, b.booking_reference, b.guest_name,
           to_char(b.check_in, 'YYYY-MM-DD') AS check_in,
           to_char(b.check_out, 'YYYY-MM-DD') AS check_out,
           b.num_guests, b.booking_status, b.payment_status, b.total_amount, b.is_multi_unit
      FROM booking_units bu
      JOIN bookings b ON b.booking_id = bu.booking_id
     WHERE bu.unit_id = ${unitId}
     ORDER BY b.check_in DESC, b.created_at DESC
     LIMIT ${limit}`);
  return rowsOf<UnitBookingRow>(result);
}

/** How many bookings have a line in the unit (cancelled ones too: each one restricts a delete). */
export async function countUnitBookings(db: Executor, unitId: string): Promise<number> {
  const result = await db.execute(sql`
    SELECT count(DISTINCT bu.booking_id)::int AS n FROM booking_units bu WHERE bu.unit_id = ${unitId}`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/** The references of the unit's bookings (any status), the latest stay first, at most `limit`. */
export async function findUnitBookingReferences(
  db: Executor,
  unitId: string,
  limit: number,
): Promise<string[]> {
  const result = await db.execute(sql`
    SELECT b.booking_reference
      FROM bookings b
     WHERE EXISTS (SELECT 1 FROM booking_units bu
                    WHERE bu.booking_id = b.booking_id AND bu.unit_id = ${unitId})
     ORDER BY b.check_in DESC, b.booking_reference
     LIMIT ${limit}`);
  return rowsOf<{ booking_reference: string }>(result).map((row) => row.booking_reference);
}

export type UpcomingBookingRow = {
  unit_id: string;
  booking_id: string;
  booking_reference: string;
  guest_name: string;
  check_in: string;
  check_out: string;
  booking_status: string;
};

/**
 * The units' bookings still to come or under way on `today`: not cancelled, not checked out, and
 * leaving after `today` (the line's own dates), earliest arrival first.
 */
export async function findUpcomingUnitBookings(
  db: Executor,
  unitIds: readonly string[],
  today: string,
): Promise<UpcomingBookingRow[]> {
  if (unitIds.length === 0) return [];
  const ids = sql.join(
    unitIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    SELECT bu.unit_id::text AS unit_id, b.booking_id::text AS booking_id, b.booking_reference,
           b.guest_name,
           to_char(bu.check_in, 'YYYY-MM-DD') AS check_in,
           to_char(bu.check_out, 'YYYY-MM-DD') AS check_out,
           b.booking_status
      FROM booking_units bu
      JOIN bookings b ON b.booking_id = bu.booking_id
     WHERE bu.unit_id IN (${ids})
       AND b.booking_status NOT IN ('Cancelled', 'CheckedOut')
       AND bu.check_out > ${today}::date
     ORDER BY bu.check_in, b.booking_reference`);
  return rowsOf<UpcomingBookingRow>(result);
}

/** The units with these ids, by name (an id that matches none is simply not in the answer). */
export async function findUnitsByIds(db: Executor, unitIds: readonly string[]): Promise<UnitRow[]> {
  if (unitIds.length === 0) return [];
  return db
    .select()
    .from(units)
    .where(inArray(units.unit_id, [...unitIds]))
    .orderBy(asc(units.unit_name));
}

/** What a calendar shows of a unit. */
export type CalendarUnitRow = {
  unit_id: string;
  unit_name: string;
  unit_code: string;
  unit_type: string;
  unit_status: string;
  max_occupancy: number;
  base_rate: number;
};

/**
 * The units of a calendar, by name: every unit or one (`unitId`, the back office's tape chart
 * and overview), or the Available ones only (`availableOnly`, the public calendar). One prepared
 * statement for all of them, kept by PostgreSQL with its plan (issue 9).
 */
export async function findCalendarUnits(
  database: Database,
  filter: { unitId?: string | undefined; availableOnly?: boolean } = {},
): Promise<CalendarUnitRow[]> {
  return database.query<CalendarUnitRow>(
    `SELECT unit_id, unit_name, unit_code, unit_type, unit_status, max_occupancy, base_rate
       FROM units
      WHERE ($1::uuid IS NULL OR unit_id = $1::uuid)
        AND (NOT $2::boolean OR unit_status = 'Available')
      ORDER BY unit_name, unit_code`,
    [filter.unitId ?? null, filter.availableOnly === true],
    { prepare: 'calendar_units' },
  );
}

/** Drizzle's execute answers `{ rows }` on both drivers. */
export function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: T[] }).rows;
  return Array.isArray(rows) ? rows : (result as T[]);
}
