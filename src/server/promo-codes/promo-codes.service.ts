import { todayInZone, type IsoDate } from '../../domain/dates';
import type { PromoForQuote } from '../../domain/pricing';
import {
  PROMO_MESSAGES,
  promoRefusal,
  type PromoCode,
  type PromoKind,
} from '../../domain/promo-codes';
import { isRecordId } from '../../domain/record-id';
import {
  PROMO_FORM_MESSAGES,
  promoCodeCreateSchema,
  type PromoCodeCreate,
  type PromoCodeDto,
  type PromoCodeListQuery,
  type PromoCodeReport,
  type PromoCodeUpdate,
} from '../../domain/schemas/promo-code.schema';
import type { AppDb, AppTx, Database } from '../db/client';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { AppError } from '../errors';
import { badRequest, conflict, notFound, parseMergedPatch, sqlState } from '../errors';
import type { ActorContext } from '../http/request-context';
import {
  countStandingUsesByEmail,
  findPromoCodeByCode,
  findPromoCodeById,
  findPromoCodes,
  insertPromoCode,
  insertPromoCodeUse,
  promoCodeReportRows,
  releasePromoCodeUse,
  updatePromoCodeRow,
  updatePromoUseDiscount,
  type NewPromoCodeRow,
  type PromoCodeRow,
} from './promo-codes.repository';

/**
 * Issue 21 point 2, DESIGN §8: promo codes (managers and up list, create and change them; the
 * report of their uses) and the only writer of their uses: a use is counted inside the booking's
 * transaction with the code's row locked (so a limit of 10 makes exactly 10 bookings), and given
 * back inside the cancelling transaction. The rules of a code are src/domain/promo-codes.ts's.
 */

type Deps = { database: Database; config: Config; clock: Clock };

export const PROMO_CODE_NOT_FOUND = 'Promo code not found';

export function toPromoCode(row: PromoCodeRow): PromoCode {
  return {
    promo_code_id: row.promo_code_id,
    code: row.code,
    kind: row.kind as PromoKind,
    value: row.value,
    book_from: row.book_from,
    book_to: row.book_to,
    stay_from: row.stay_from,
    stay_to: row.stay_to,
    min_nights: row.min_nights,
    unit_ids: row.unit_ids,
    max_uses: row.max_uses,
    max_uses_per_email: row.max_uses_per_email,
    active: row.active,
  };
}

function toDto(row: PromoCodeRow): PromoCodeDto {
  const code = toPromoCode(row);
  return {
    ...code,
    unit_ids: [...code.unit_ids],
    uses: row.uses,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function toRow(input: Omit<PromoCodeCreate, 'code'>): Omit<NewPromoCodeRow, 'code'> {
  return {
    kind: input.kind,
    value: input.value,
    book_from: input.book_from,
    book_to: input.book_to,
    stay_from: input.stay_from,
    stay_to: input.stay_to,
    min_nights: input.min_nights,
    unit_ids: input.unit_ids.map((id) => id.toLowerCase()),
    max_uses: input.max_uses,
    max_uses_per_email: input.max_uses_per_email,
    active: input.active,
  };
}

const isDuplicateCode = (error: unknown): boolean => {
  if (sqlState(error) !== '23505') return false;
  const own = (error as { constraint?: unknown } | null)?.constraint;
  const cause = (error as { cause?: { constraint?: unknown } } | null)?.cause?.constraint;
  return own === 'promo_codes_code_key' || cause === 'promo_codes_code_key';
};

export async function listPromoCodes(
  deps: { database: Database },
  query: PromoCodeListQuery,
): Promise<{ data: PromoCodeDto[]; total: number; page: number; page_size: number }> {
  const { rows, total } = await findPromoCodes(deps.database.db, query);
  return { data: rows.map(toDto), total, page: query.page, page_size: query.page_size };
}

/** A new code (managers and up); the same code in any case is a 409. */
export async function createPromoCode(
  input: PromoCodeCreate,
  context: ActorContext,
): Promise<PromoCodeDto> {
  try {
    const row = await context.transaction(async (tx) => {
      if (await findPromoCodeByCode(tx, input.code)) throw conflict(PROMO_FORM_MESSAGES.taken);
      return insertPromoCode(tx, { ...toRow(input), code: input.code });
    });
    return toDto(row);
  } catch (error) {
    if (isDuplicateCode(error)) throw conflict(PROMO_FORM_MESSAGES.taken);
    throw error;
  }
}

/** PATCH: any field but the code; the merged code is checked again as a new one. */
export async function updatePromoCode(
  id: string,
  patch: PromoCodeUpdate,
  context: ActorContext,
): Promise<PromoCodeDto> {
  if (!isRecordId(id)) throw notFound(PROMO_CODE_NOT_FOUND);
  return context.transaction(async (tx) => {
    const current = await findPromoCodeById(tx, id);
    if (!current) throw notFound(PROMO_CODE_NOT_FOUND);
    const { promo_code_id: _id, ...stored } = toPromoCode(current);
    const merged = parseMergedPatch(promoCodeCreateSchema, stored, patch);
    const row = await updatePromoCodeRow(tx, id, toRow(merged));
    if (!row) throw notFound(PROMO_CODE_NOT_FOUND);
    return toDto(row);
  });
}

/** GET /api/promo-codes/report: per code, its uses in the range and what they cost. */
export async function promoCodeReport(
  deps: { database: Database; config: Config },
  range: { from?: string | undefined; to?: string | undefined },
): Promise<PromoCodeReport> {
  const rows = await promoCodeReportRows(deps.database.db, {
    from: range.from,
    to: range.to,
    timezone: deps.config.timezone,
  });
  const data = rows.map((row) => ({ ...row, kind: row.kind as PromoKind }));
  return {
    data,
    totals: {
      uses: data.reduce((sum, row) => sum + row.uses, 0),
      discount_total:
        data.reduce((sum, row) => sum + Math.round(row.discount_total * 100), 0) / 100,
    },
  };
}

/** A refused code: 400 at the request's `promo_code`. */
export function promoError(message: string): AppError {
  return badRequest(message, [{ path: 'promo_code', message }]);
}

export type PromoStayCheck = {
  code: string;
  unit_ids: readonly string[];
  check_in: IsoDate;
  check_out: IsoDate;
  today: IsoDate;
  /** The stay's subtotal before discounts, pesos. */
  subtotal: number;
  /**
   * An edit re-pricing with the booking's recorded code: its use is already counted, so the use
   * limits and the booking window are not checked again.
   */
  recorded?: boolean | undefined;
};

/**
 * The code asked for, found and usable for the stay (uses counted so far, no e-mail yet, no
 * lock: the booking counts again under the lock), as pricing takes it; else the 400.
 */
export async function promoForStay(
  db: AppDb | AppTx,
  check: PromoStayCheck,
): Promise<PromoForQuote> {
  const row = await findPromoCodeByCode(db, check.code);
  if (!row) throw promoError(PROMO_MESSAGES.notFound);
  const code = toPromoCode(row);
  const refusal = check.recorded
    ? promoRefusal({ ...code, active: true, book_from: null, book_to: null, max_uses: null }, check)
    : promoRefusal(code, check, { uses: row.uses, uses_by_email: null });
  if (refusal) throw promoError(refusal);
  return { code: row.code, kind: code.kind, value: code.value };
}

/**
 * Counts a booking's use of the code inside the booking's transaction: the code's row is locked
 * (queueing every other booking with it), the total and per-e-mail limits are checked against
 * the standing uses, and the use is recorded with the discount given. Over a limit is the 400:
 * throwing rolls the booking back.
 */
export async function claimPromoUse(
  deps: { clock: Clock },
  tx: AppTx,
  use: { code: string; booking_id: string; email: string; discount_amount: number },
): Promise<void> {
  const row = await findPromoCodeByCode(tx, use.code, true);
  if (!row) throw promoError(PROMO_MESSAGES.notFound);
  const code = toPromoCode(row);
  if (!row.active) throw promoError(PROMO_MESSAGES.paused);
  if (code.max_uses !== null && row.uses >= code.max_uses) {
    throw promoError(PROMO_MESSAGES.usedUp);
  }
  if (code.max_uses_per_email !== null) {
    const byEmail = await countStandingUsesByEmail(tx, row.promo_code_id, use.email);
    if (byEmail >= code.max_uses_per_email) throw promoError(PROMO_MESSAGES.usedByEmail);
  }
  const counted = await insertPromoCodeUse(tx, {
    promo_code_id: row.promo_code_id,
    booking_id: use.booking_id,
    email: use.email,
    discount_amount: use.discount_amount,
    created_at: deps.clock.now(),
  });
  if (!counted) throw promoError(PROMO_MESSAGES.usedUp);
}

/** A cancelled booking gives its use back, in the cancelling transaction (no use: nothing). */
export async function releasePromoUse(tx: AppTx, bookingId: string, at: Date): Promise<boolean> {
  return releasePromoCodeUse(tx, bookingId, at);
}

/**
 * An edit re-priced the booking with its recorded code: its standing use now records the new
 * discount (0 when the automatic discount saves more now; the use stays counted).
 */
export async function repricePromoUse(
  tx: AppTx,
  bookingId: string,
  discountAmount: number,
): Promise<void> {
  await updatePromoUseDiscount(tx, bookingId, discountAmount);
}

/** Today in the resort's zone, for callers that check a code outside a booking. */
export const promoToday = (deps: Deps): IsoDate =>
  todayInZone(deps.config.timezone, deps.clock.now());
