import type { PaymentMethod, UnitStatus } from '../../domain/constants';
import { todayInZone, type IsoDate } from '../../domain/dates';
import { depositFor, firstNightTotal, type DepositSettings } from '../../domain/deposit';
import { stayEntriesFromQuote } from '../../domain/folio-stay';
import { MESSAGES } from '../../domain/messages';
import {
  quoteBooking,
  type PricingSettings,
  type Quote,
  type QuoteInput,
} from '../../domain/pricing';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { AppDb, AppTx, Database } from '../db/client';
import { AppError, badRequest, sqlState } from '../errors';
import { postEntries, settleFolio } from '../folio/folio.service';
import { findOrCreateGuestByEmail, refreshGuestTotals } from '../guests/guest-accounts.service';
import type { TransactionRunner } from '../http/request-context';
import { addBookingLine, BOOKING_MESSAGES, checkStayDates } from './booking-rules';
import {
  insertBooking,
  type BookingLineRow,
  type BookingLineWithUnit,
  type BookingRecord,
  type BookingRow,
  type UnitRow,
} from './bookings.repository';

/**
 * The one way a booking is created (guest form, the staff "Create New Booking" dialog and the
 * multi-unit wizard). In one transaction it finds or creates the guest, prices the stay on the
 * server with DESIGN §4's quoteBooking (a client never sends a trusted amount), inserts the
 * booking and its lines, and lets the database refuse taken nights: the exclusion constraint and
 * the blackout trigger, not a lock taken here, make a double booking impossible (DESIGN §2).
 * priceStay's unit checks and price are also what an edit of a stay is re-priced with
 * (bookings.service.ts); the date rules and the 409 are booking-rules.ts's.
 */

export type BookingLineInput = {
  unit_id: string;
  num_guests: number;
  unit_notes?: string | null | undefined;
};

/** Where a line's problem is reported in `issues` (the request's own field names). */
export type IssuePathOf = (lineIndex: number, field: 'unit_id' | 'num_guests') => string;
const defaultIssuePath: IssuePathOf = (index, field) => `units.${index}.${field}`;

export type PriceStayInput = {
  lines: readonly BookingLineInput[];
  check_in: IsoDate;
  check_out: IsoDate;
  /** The resort's today (DESIGN §3); defaults to the clock's today in RESORT_TIMEZONE. */
  today?: IsoDate | undefined;
  /** Unit statuses that may be booked; default only Available (SPEC §2). */
  allowedUnitStatuses?: readonly UnitStatus[] | undefined;
  issuePath?: IssuePathOf | undefined;
};

export type PricedStay = {
  quote: Quote;
  /** The units, in the order of the lines. */
  units: UnitRow[];
  /** What the quote was worked out from (the first night's share of a deposit reads it). */
  quoteInput: QuoteInput;
};

export type CreateBookingInput = PriceStayInput & {
  source: 'guest' | 'staff' | 'web';
  guest: { guest_name: string; email: string; phone_number?: string | null | undefined };
  special_requests?: string | null | undefined;
  internal_notes?: string | null | undefined;
  /** SPEC §4: a new booking starts Pending; staff may create it Confirmed. */
  booking_status?: 'Pending' | 'Confirmed' | undefined;
  payment_method?: PaymentMethod | null | undefined;
  /** DESIGN §3: a guest booking whose proof has not arrived by then is cancelled. */
  proof_deadline?: Date | null | undefined;
  /** The signed-in user creating it (staff), else null. */
  created_by?: string | null | undefined;
};

/** Hooks run inside the booking's transaction: they must use `tx` only (DESIGN §7, PGlite). */
export type CreateBookingOptions = {
  /**
   * Opens the transaction; default a plain one. Staff routes pass the actor's runner
   * (http/request-context.ts withActorTransaction) so the audit triggers record who booked.
   */
  transaction?: TransactionRunner | undefined;
  /**
   * Runs first inside the booking's transaction (for example consuming a bot-challenge
   * solution, or claiming an idempotency key). Throwing rolls everything back.
   */
  beforeCreate?: ((tx: AppTx) => Promise<void>) | undefined;
  /**
   * Runs last inside the transaction with the new booking (for example recording a payment or
   * an audit entry). Throwing rolls everything back.
   */
  afterCreate?: ((tx: AppTx, booking: CreatedBooking) => Promise<void>) | undefined;
};

export type CreatedBookingLine = {
  booking_unit_id: string;
  unit_id: string;
  unit_name: string;
  unit_type: string;
  assigned_guests: number;
  unit_price: number;
  weekend_surcharge: number;
  extra_person_charge: number;
  subtotal: number;
};

export type CreatedBooking = {
  booking_id: string;
  booking_reference: string;
  guest_id: string;
  guest_created: boolean;
  guest_name: string;
  email: string;
  contact_number: string | null;
  booking_status: string;
  payment_status: string;
  payment_method: string | null;
  source: string;
  check_in: IsoDate;
  check_out: IsoDate;
  num_guests: number;
  total_amount: number;
  special_requests: string | null;
  proof_deadline: Date | null;
  created_at: Date;
  quote: Quote;
  lines: CreatedBookingLine[];
  /** The rows as written (the guest with its new totals): enough for the booking's detail. */
  record: BookingRecord;
};

export type BookingCreationService = {
  /**
   * The server's price of a stay, with the unit checks of booking: the quote endpoint, and an
   * edit's new stay inside its transaction (`within`, with the settings read before it opened).
   */
  priceStay(
    input: PriceStayInput,
    within?: { tx: AppTx; settings: PricingSettings },
  ): Promise<PricedStay>;
  createBooking(input: CreateBookingInput, options?: CreateBookingOptions): Promise<CreatedBooking>;
};

function constraintOf(error: unknown): string | undefined {
  const direct = (error as { constraint?: unknown } | null)?.constraint;
  if (typeof direct === 'string') return direct;
  const cause = (error as { cause?: { constraint?: unknown } } | null)?.cause?.constraint;
  return typeof cause === 'string' ? cause : undefined;
}

function toLine(row: BookingLineRow, unit: UnitRow): CreatedBookingLine {
  return {
    booking_unit_id: row.booking_unit_id,
    unit_id: row.unit_id,
    unit_name: unit.unit_name,
    unit_type: unit.unit_type,
    assigned_guests: row.assigned_guests,
    unit_price: row.unit_price,
    weekend_surcharge: row.weekend_surcharge,
    extra_person_charge: row.extra_person_charge,
    subtotal: row.subtotal,
  };
}

export function createBookingCreationService(deps: {
  database: Database;
  config: Config;
  clock: Clock;
  getPricingSettings: () => Promise<PricingSettings>;
  /** Settings → Pricing `pricing.deposit` (settings.service.ts getDepositSettings). */
  getDepositSettings: () => Promise<DepositSettings>;
  /** The units feature's lookup by id (units.service.ts getUnitsByIds). */
  getUnitsByIds: (db: AppDb | AppTx, unitIds: readonly string[]) => Promise<UnitRow[]>;
  /**
   * Issue 18: in the booking's transaction, whatever every new booking starts (its guest
   * messages, wired in app.ts so this module imports no feature that imports it).
   */
  onBookingCreated?: (tx: AppTx, booking: BookingRow) => Promise<void>;
}): BookingCreationService {
  const { database, config, clock } = deps;
  const today = () => todayInZone(config.timezone, clock.now());

  /**
   * Unit checks and the DESIGN §4 price, on `db` (a transaction when booking). The settings are
   * read before any transaction opens: PGlite is one session, so a query outside the transaction
   * while it is open would wait for it for ever (DESIGN §7).
   */
  async function price(
    db: AppDb | AppTx,
    input: PriceStayInput,
    settings: PricingSettings,
  ): Promise<PricedStay> {
    const issuePath = input.issuePath ?? defaultIssuePath;
    const allowed = input.allowedUnitStatuses ?? ['Available'];
    const seen = new Set<string>();
    input.lines.forEach((line, index) => {
      const id = line.unit_id.toLowerCase();
      if (seen.has(id)) {
        throw badRequest(MESSAGES.unitAlreadyAdded, [
          { path: issuePath(index, 'unit_id'), message: MESSAGES.unitAlreadyAdded },
        ]);
      }
      seen.add(id);
    });
    if (input.lines.length === 0) throw badRequest(MESSAGES.selectAtLeastOneUnit);

    const rows = await deps.getUnitsByIds(
      db,
      input.lines.map((line) => line.unit_id),
    );
    const byId = new Map(rows.map((row) => [row.unit_id.toLowerCase(), row]));
    const units = input.lines.map((line, index) => {
      const unit = byId.get(line.unit_id.toLowerCase());
      if (!unit) {
        throw new AppError(404, BOOKING_MESSAGES.unitNotFound, [
          { path: issuePath(index, 'unit_id'), message: BOOKING_MESSAGES.unitNotFound },
        ]);
      }
      if (!(allowed as readonly string[]).includes(unit.unit_status)) {
        const message = BOOKING_MESSAGES.unitNotAvailable(unit.unit_name);
        throw badRequest(message, [{ path: issuePath(index, 'unit_id'), message }]);
      }
      // SPEC §5: the guest count is bounded by the unit's max occupancy.
      if (line.num_guests > unit.max_occupancy) {
        const message = BOOKING_MESSAGES.tooManyGuests(unit.unit_name, unit.max_occupancy);
        throw badRequest(message, [{ path: issuePath(index, 'num_guests'), message }]);
      }
      return unit;
    });

    const quoteInput: QuoteInput = {
      units: units.map((unit, index) => ({
        unit: {
          unit_id: unit.unit_id,
          base_rate: unit.base_rate,
          weekend_rate: unit.weekend_rate,
          base_occupancy: unit.base_occupancy,
          extra_person_rate: unit.extra_person_rate,
        },
        num_guests: input.lines[index]!.num_guests,
      })),
      check_in: input.check_in,
      check_out: input.check_out,
      today: input.today ?? today(),
      settings,
    };
    return { quote: quoteBooking(quoteInput), units, quoteInput };
  }

  async function createOnce(
    input: CreateBookingInput,
    options: CreateBookingOptions,
  ): Promise<CreatedBooking> {
    const settings = await deps.getPricingSettings();
    const depositSettings = await deps.getDepositSettings();
    const transaction: TransactionRunner =
      options.transaction ?? ((fn) => database.db.transaction(fn));
    return transaction(async (tx) => {
      await options.beforeCreate?.(tx);
      const { quote, units, quoteInput } = await price(tx, input, settings);
      // Decision 0018: the deposit is worked out once, now, from the stay, and stored.
      const deposit = depositFor({
        settings: depositSettings,
        stay_total: quote.total_amount,
        first_night_total:
          depositSettings.mode === 'first_night' ? firstNightTotal(quoteInput, quote) : 0,
        check_in: input.check_in,
        today: quoteInput.today,
      });
      const { guest, created } = await findOrCreateGuestByEmail(tx, {
        guest_name: input.guest.guest_name,
        email: input.guest.email,
        phone_number: input.guest.phone_number ?? null,
      });
      const numGuests = input.lines.reduce((sum, line) => sum + line.num_guests, 0);
      const booking: BookingRow = await insertBooking(
        tx,
        {
          guest_id: guest.guest_id,
          guest_name: input.guest.guest_name,
          contact_number: input.guest.phone_number ?? null,
          email: input.guest.email,
          num_guests: numGuests,
          check_in: input.check_in,
          check_out: input.check_out,
          booking_status: input.booking_status ?? 'Pending',
          // The folio's reading of a booking with charges and no money yet (settled below).
          payment_status: 'Unpaid',
          deposit_amount: deposit.deposit_amount,
          balance_due_date: deposit.balance_due_date,
          payment_method: input.payment_method ?? null,
          special_requests: input.special_requests ?? null,
          internal_notes: input.internal_notes ?? null,
          is_multi_unit: input.lines.length > 1,
          unit_count: input.lines.length,
          source: input.source,
          proof_deadline: input.proof_deadline ?? null,
          created_by: input.created_by ?? null,
          ...(input.booking_status === 'Confirmed' ? { confirmed_at: clock.now() } : {}),
        },
        quote,
        config.timezone,
      );

      const lines: CreatedBookingLine[] = [];
      const lineRows: BookingLineWithUnit[] = [];
      for (const [index, line] of input.lines.entries()) {
        const unit = units[index]!;
        const row = await addBookingLine(
          tx,
          booking,
          {
            unit_id: unit.unit_id,
            unit_name: unit.unit_name,
            assigned_guests: line.num_guests,
            unit_notes: line.unit_notes ?? null,
          },
          quote.units[index]!,
        );
        lines.push(toLine(row, unit));
        lineRows.push({ ...row, unit });
      }

      // Issue 17: the stay's charges are the booking's first folio entries.
      await postEntries(
        tx,
        booking.booking_id,
        stayEntriesFromQuote(
          quote,
          units.map((unit) => unit.unit_name),
          settings.tax_mode,
        ),
      );
      await settleFolio(tx, booking.booking_id);
      const guestRow = (await refreshGuestTotals(tx, guest.guest_id)) ?? guest;

      const result: CreatedBooking = {
        booking_id: booking.booking_id,
        booking_reference: booking.booking_reference,
        guest_id: guest.guest_id,
        guest_created: created,
        guest_name: booking.guest_name,
        email: booking.email,
        contact_number: booking.contact_number,
        booking_status: booking.booking_status,
        payment_status: booking.payment_status,
        payment_method: booking.payment_method,
        source: booking.source,
        check_in: booking.check_in,
        check_out: booking.check_out,
        num_guests: booking.num_guests,
        total_amount: booking.total_amount,
        special_requests: booking.special_requests,
        proof_deadline: booking.proof_deadline,
        created_at: booking.created_at,
        quote,
        lines,
        record: { booking, guest: guestRow, lines: lineRows },
      };
      await deps.onBookingCreated?.(tx, booking);
      await options.afterCreate?.(tx, result);
      return result;
    });
  }

  return {
    priceStay: async (input, within) =>
      within
        ? price(within.tx, input, within.settings)
        : price(database.db, input, await deps.getPricingSettings()),

    async createBooking(input, options = {}) {
      // SPEC §5: no booking starts before the resort's today (DESIGN §3).
      checkStayDates(input, { today: input.today ?? today() });
      try {
        return await createOnce(input, options);
      } catch (error) {
        // generate_booking_reference() checks for a free reference, but two transactions can
        // pick the same one at the same moment: the unique index refuses the second. Once more.
        if (sqlState(error) === '23505' && constraintOf(error) === 'bookings_reference_key') {
          return createOnce(input, options);
        }
        throw error;
      }
    },
  };
}
