import { and, count, desc, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import type { AppDb, AppTx } from '../db/client';
import { containsPattern } from '../db/like-pattern';
import { bookings, promoCodes, promoCodeUses } from '../db/schema';

type Executor = AppDb | AppTx;

export type PromoCodeRow = typeof promoCodes.$inferSelect;
export type NewPromoCodeRow = typeof promoCodes.$inferInsert;

export type PromoListFilter = {
  search?: string | undefined;
  status?: 'all' | 'active' | 'paused' | undefined;
  page: number;
  page_size: number;
};

function listConditions(filter: PromoListFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.search) conditions.push(ilike(promoCodes.code, containsPattern(filter.search)));
  if (filter.status === 'active') conditions.push(eq(promoCodes.active, true));
  if (filter.status === 'paused') conditions.push(eq(promoCodes.active, false));
  return and(...conditions);
}

/** The list page: newest first, one page, and how many match. */
export async function findPromoCodes(
  db: Executor,
  filter: PromoListFilter,
): Promise<{ rows: PromoCodeRow[]; total: number }> {
  const where = listConditions(filter);
  const rows = await db
    .select()
    .from(promoCodes)
    .where(where)
    .orderBy(desc(promoCodes.created_at), desc(promoCodes.promo_code_id))
    .limit(filter.page_size)
    .offset((filter.page - 1) * filter.page_size);
  const [counted] = await db.select({ n: count() }).from(promoCodes).where(where);
  return { rows, total: counted?.n ?? 0 };
}

export async function findPromoCodeById(db: Executor, id: string): Promise<PromoCodeRow | null> {
  const rows = await db.select().from(promoCodes).where(eq(promoCodes.promo_code_id, id));
  return rows[0] ?? null;
}

/** By its code (stored upper-case); `forUpdate` locks the row until the transaction ends. */
export async function findPromoCodeByCode(
  db: Executor,
  code: string,
  forUpdate = false,
): Promise<PromoCodeRow | null> {
  const query = db
    .select()
    .from(promoCodes)
    .where(sql`upper(${promoCodes.code}) = upper(${code})`);
  const rows = forUpdate ? await query.for('update') : await query;
  return rows[0] ?? null;
}

export async function insertPromoCode(tx: AppTx, values: NewPromoCodeRow): Promise<PromoCodeRow> {
  const [row] = await tx.insert(promoCodes).values(values).returning();
  return row!;
}

export async function updatePromoCodeRow(
  tx: AppTx,
  id: string,
  values: Partial<NewPromoCodeRow>,
): Promise<PromoCodeRow | null> {
  const rows = await tx
    .update(promoCodes)
    .set(values)
    .where(eq(promoCodes.promo_code_id, id))
    .returning();
  return rows[0] ?? null;
}

/** The standing uses (not released) of a code with an e-mail address (case-insensitive). */
export async function countStandingUsesByEmail(
  tx: Executor,
  promoCodeId: string,
  email: string,
): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(promoCodeUses)
    .where(
      and(
        eq(promoCodeUses.promo_code_id, promoCodeId),
        eq(promoCodeUses.email, email.toLowerCase()),
        isNull(promoCodeUses.released_at),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Counts one use of a locked code for a booking: the use row and `uses + 1`, refused by the
 * WHERE (null) when the limit is reached, so a limit is never passed.
 */
export async function insertPromoCodeUse(
  tx: AppTx,
  values: {
    promo_code_id: string;
    booking_id: string;
    email: string;
    discount_amount: number;
    created_at: Date;
  },
): Promise<boolean> {
  const counted = await tx
    .update(promoCodes)
    .set({ uses: sql`${promoCodes.uses} + 1` })
    .where(
      and(
        eq(promoCodes.promo_code_id, values.promo_code_id),
        sql`(${promoCodes.max_uses} IS NULL OR ${promoCodes.uses} < ${promoCodes.max_uses})`,
      ),
    )
    .returning({ id: promoCodes.promo_code_id });
  if (counted.length === 0) return false;
  await tx.insert(promoCodeUses).values({ ...values, email: values.email.toLowerCase() });
  return true;
}

/** Gives a booking's standing use back (a cancellation): released_at and `uses - 1`. */
export async function releasePromoCodeUse(
  tx: AppTx,
  bookingId: string,
  releasedAt: Date,
): Promise<boolean> {
  const released = await tx
    .update(promoCodeUses)
    .set({ released_at: releasedAt })
    .where(and(eq(promoCodeUses.booking_id, bookingId), isNull(promoCodeUses.released_at)))
    .returning({ promo_code_id: promoCodeUses.promo_code_id });
  const use = released[0];
  if (!use) return false;
  await tx
    .update(promoCodes)
    .set({ uses: sql`greatest(${promoCodes.uses} - 1, 0)` })
    .where(eq(promoCodes.promo_code_id, use.promo_code_id));
  return true;
}

/** An edit's new discount on the booking's standing use. */
export async function updatePromoUseDiscount(
  tx: AppTx,
  bookingId: string,
  discountAmount: number,
): Promise<void> {
  await tx
    .update(promoCodeUses)
    .set({ discount_amount: discountAmount })
    .where(and(eq(promoCodeUses.booking_id, bookingId), isNull(promoCodeUses.released_at)));
}

export type PromoReportRow = {
  promo_code_id: string;
  code: string;
  kind: string;
  value: number;
  active: boolean;
  uses: number;
  released: number;
  discount_total: number;
  revenue_total: number;
};

/**
 * Per code, the uses made in [from, to] (the resort's calendar day of the booking), those
 * standing and those given back, with the discounts and booking totals of the standing ones.
 */
export async function promoCodeReportRows(
  db: Executor,
  range: { from: string | undefined; to: string | undefined; timezone: string },
): Promise<PromoReportRow[]> {
  const day = sql`(${promoCodeUses.created_at} AT TIME ZONE ${range.timezone})::date`;
  const inRange = and(
    range.from ? sql`${day} >= ${range.from}::date` : undefined,
    range.to ? sql`${day} <= ${range.to}::date` : undefined,
  );
  const standing = sql`${promoCodeUses.released_at} IS NULL`;
  const rows = await db
    .select({
      promo_code_id: promoCodes.promo_code_id,
      code: promoCodes.code,
      kind: promoCodes.kind,
      value: promoCodes.value,
      active: promoCodes.active,
      uses: sql<number>`count(${promoCodeUses.promo_code_use_id}) FILTER (WHERE ${standing})`.mapWith(
        Number,
      ),
      released:
        sql<number>`count(${promoCodeUses.promo_code_use_id}) FILTER (WHERE ${promoCodeUses.released_at} IS NOT NULL)`.mapWith(
          Number,
        ),
      discount_total:
        sql<string>`coalesce(sum(${promoCodeUses.discount_amount}) FILTER (WHERE ${standing}), 0)`.mapWith(
          Number,
        ),
      revenue_total:
        sql<string>`coalesce(sum(${bookings.total_amount}) FILTER (WHERE ${standing}), 0)`.mapWith(
          Number,
        ),
    })
    .from(promoCodes)
    .leftJoin(
      promoCodeUses,
      and(eq(promoCodeUses.promo_code_id, promoCodes.promo_code_id), inRange),
    )
    .leftJoin(bookings, eq(bookings.booking_id, promoCodeUses.booking_id))
    .groupBy(promoCodes.promo_code_id)
    .orderBy(promoCodes.code);
  return rows;
}
