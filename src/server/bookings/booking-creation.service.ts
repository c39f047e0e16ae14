import { toCentavos, toPesos } from '../../domain/centavos';
import type { BookingSource, PaymentMethod, UnitStatus } from '../../domain/constants';
import { todayInZone, type IsoDate } from '../../domain/dates';
import {
  depositFor,
  firstNightTotal,
  type DepositPlan,
  type DepositSettings,
} from '../../domain/deposit';
import type { ExtraStay } from '../../domain/extras-pricing';
import { stayEntriesFromQuote } from '../../domain/folio-stay';
import { MESSAGES } from '../../domain/messages';
import {
  quoteBooking,
  type PricingSettings,
  type Quote,
  type QuoteInput,
  type RatePlan,
} from '../../domain/pricing';
import type { MessagesSettings } from '../../domain/messages-catalog';
import type { StayRuleViolation } from '../../domain/stay-rules';
import type { ExtraSelection } from '../../domain/schemas/extra.schema';
import type { Clock } from '../clock';
import type { Config } from '../config';
import { actorPayload, type ActorSettings } from '../db/actor-settings';
import type { AppDb, AppTx, Database } from '../db/client';
import { AppError, badRequest, databaseHint, sqlState } from '../errors';
import { extraCharges, priceExtras, type PricedExtras } from '../extras/extras.service';
import { newFolio } from '../folio/folio.service';
import type { TransactionRunner } from '../http/request-context';
import { claimPromoUse, promoForStay } from '../promo-codes/promo-codes.service';
import {
  auditRuleOverride,
  enforceStayRules,
  type RuleOverride,
} from '../stay-rules/stay-rules.service';
import { BOOKING_MESSAGES, checkStayDates, refuseTakenNights } from './booking-rules';
import {
  createBookingRows,
  UNIT_CHANGED_STATE,
  type BookingLineRow,
  type BookingRecord,
  type CreatedBookingRows,
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
  /** Issue 21: the rate plan asked for (default flexible). */
  rate_plan?: RatePlan | undefined;
  /**
   * An edit keeps the booking's rate plan even when the resort no longer offers it (the
   * discount it was sold with stays the setting's current percent).
   */
  keepRatePlan?: boolean | undefined;
  /** Issue 21: the promo code asked for (normalised); a code that cannot be used is a 400. */
  promo_code?: string | undefined;
  /** An edit re-pricing with the booking's recorded code: its use is already counted. */
  promoRecorded?: boolean | undefined;
  /**
   * Issue 21: the stay rules are always enforced; a staff request may carry a reason to book
   * past them (managers and up: the violations come back in `overridden`; staff: 403).
   */
  ruleOverride?: RuleOverride | undefined;
  /** An edit that changes only the guests leaves the stay, and so its rules, alone. */
  skipStayRules?: boolean | undefined;
};

export const RATE_PLAN_MESSAGES = {
  notOffered: 'The non-refundable rate is not offered',
} as const;

export type PricedStay = {
  quote: Quote;
  /** Issue 21: the stay rules a manager booked past with a reason (empty when none). */
  overridden: StayRuleViolation[];
  /** The units, in the order of the lines. */
  units: UnitRow[];
  /** What the quote was worked out from (the first night's share of a deposit reads it). */
  quoteInput: QuoteInput;
};

/** Issue 17: the extras picked with a stay; a guest may pick only guest-bookable ones. */
export type StayExtras = { selection: ExtraSelection; asGuest: boolean };

export type QuoteStayInput = PriceStayInput & { extras?: StayExtras | undefined };

/**
 * A stay priced with its extras (issue 17): `total_amount` is the stay's total and the extras'
 * (what the folio's charges will be), and `deposit` the resort's deposit rule over it, as the
 * booking made from the same request stores it.
 */
export type StayQuote = PricedStay & {
  extras: PricedExtras;
  total_amount: number;
  deposit: DepositPlan;
};

export type CreateBookingInput = QuoteStayInput & {
  /** Which door the booking came through (the app branches on it: a guest's proof deadline). */
  created_via: 'guest' | 'staff' | 'web';
  /** Issue 22: where the booking came from, as the business records it. */
  source: BookingSource;
  /** Issue 22: a walk-in may have no e-mail address (then a phone number). */
  guest: {
    guest_name: string;
    email?: string | null | undefined;
    phone_number?: string | null | undefined;
  };
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
  /**
   * Issue 24: who is booking, for the audit triggers, when the booking is one statement with no
   * transaction of the caller's (`transaction` is used when one is needed).
   */
  actor?: ActorSettings | undefined;
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
  email: string | null;
  contact_number: string | null;
  booking_status: string;
  payment_status: string;
  payment_method: string | null;
  created_via: string;
  source: string;
  check_in: IsoDate;
  check_out: IsoDate;
  num_guests: number;
  /** The folio's charges: the stay and its extras. */
  total_amount: number;
  /** What is asked now and what later (decision 0018), as the booking stores it. */
  deposit: DepositPlan;
  special_requests: string | null;
  proof_deadline: Date | null;
  created_at: Date;
  quote: Quote;
  lines: CreatedBookingLine[];
  /** The rows as written (the guest with its new totals): enough for the booking's detail. */
  record: BookingRecord;
  /** The guest messages it scheduled, each with its job (issue 24: the due ones run soon). */
  messages: CreatedBookingRows['messages'];
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
  /**
   * POST /api/quote: the stay's price, the extras asked for and the deposit plan, with the
   * resort's today and the settings the booking would be made with.
   */
  quoteStay(input: QuoteStayInput): Promise<StayQuote>;
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

/** The settings a stay is priced with: pricing and its deposit rule. */
type SettingsRead = { pricing: PricingSettings; deposit: DepositSettings };

export function createBookingCreationService(deps: {
  database: Database;
  config: Config;
  clock: Clock;
  getPricingSettings: () => Promise<PricingSettings>;
  /** Settings → Pricing `pricing.deposit` (settings.service.ts getDepositSettings). */
  getDepositSettings: () => Promise<DepositSettings>;
  /**
   * Issue 24: pricing, deposit and messages settings in one statement (settings.service.ts
   * getBookingSettings): what a booking is made with.
   */
  getBookingSettings: () => Promise<{
    pricing: PricingSettings;
    deposit: DepositSettings;
    messages: MessagesSettings;
  }>;
  /** The units feature's lookup by id (units.service.ts getUnitsByIds). */
  getUnitsByIds: (db: AppDb | AppTx, unitIds: readonly string[]) => Promise<UnitRow[]>;
  /**
   * Issue 18: the guest messages every new booking starts with (wired in app.ts so this module
   * imports no feature that imports it), written with the booking (issue 24).
   */
  planMessages?: (
    stay: { check_in: IsoDate; check_out: IsoDate; balance_due_date: IsoDate | null },
    options: { received: boolean; createdBy: string | null },
    settings: MessagesSettings,
  ) => { messages: object[]; job: object };
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
    settingsRead: PricingSettings | Promise<PricingSettings>,
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

    // Issue 24: the units, the stay rules and the settings are read side by side (one round trip
    // on PostgreSQL); the rules' answer waits behind the units' checks, so a missing cabin is
    // still reported before a rule.
    const readRules = (): Promise<{ violations: StayRuleViolation[] } | { error: unknown }> =>
      input.skipStayRules
        ? Promise.resolve({ violations: [] })
        : enforceStayRules(
            { database, config, clock },
            {
              unit_ids: input.lines.map((line) => line.unit_id.toLowerCase()),
              check_in: input.check_in,
              check_out: input.check_out,
            },
            input.ruleOverride,
            db,
          ).then(
            (violations) => ({ violations }),
            (error: unknown) => ({ error }),
          );
    const readUnits = () =>
      deps.getUnitsByIds(
        db,
        input.lines.map((line) => line.unit_id),
      );
    // Inside a transaction (one connection) the reads go one after the other.
    const [rows, rules, settings] =
      db === database.db
        ? await Promise.all([readUnits(), readRules(), settingsRead])
        : [await readUnits(), await readRules(), await settingsRead];
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

    let pricingSettings = settings;
    if (input.rate_plan === 'non_refundable' && !settings.non_refundable.enabled) {
      if (!input.keepRatePlan) {
        throw badRequest(RATE_PLAN_MESSAGES.notOffered, [
          { path: 'rate_plan', message: RATE_PLAN_MESSAGES.notOffered },
        ]);
      }
      pricingSettings = {
        ...settings,
        non_refundable: { ...settings.non_refundable, enabled: true },
      };
    }
    const stayToday = input.today ?? today();
    if ('error' in rules) throw rules.error;
    const overridden = rules.violations;

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
      today: stayToday,
      settings: pricingSettings,
      rate_plan: input.rate_plan,
    };
    if (input.promo_code) {
      // A fixed-amount code worth more than the stay is refused: the subtotal comes first.
      const { subtotal } = quoteBooking(quoteInput);
      quoteInput.promo = await promoForStay(db, {
        code: input.promo_code,
        unit_ids: units.map((unit) => unit.unit_id),
        check_in: input.check_in,
        check_out: input.check_out,
        today: stayToday,
        subtotal,
        recorded: input.promoRecorded,
      });
    }
    return { quote: quoteBooking(quoteInput), units, quoteInput, overridden };
  }

  /** The nights and guests an extra of the stay is priced for. */
  const extraStayOf = (input: PriceStayInput, quote: Quote): ExtraStay => ({
    nights: quote.nights,
    persons: input.lines.reduce((sum, line) => sum + line.num_guests, 0),
  });

  /**
   * The stay, its extras and the deposit over both, on `db` with settings read before any
   * transaction opened: the one computation behind the quote and the booking, so the deposit a
   * guest is quoted is the one their booking stores.
   */
  async function quoteWithExtras(
    db: AppDb | AppTx,
    input: QuoteStayInput,
    settingsRead: SettingsRead | Promise<SettingsRead>,
  ): Promise<StayQuote> {
    const read = Promise.resolve(settingsRead);
    const pricingRead = read.then((both) => both.pricing);
    // Handled here too: price may throw (a line twice) before it awaits the read.
    pricingRead.catch(() => undefined);
    const priced = await price(db, input, pricingRead);
    const { pricing: settings, deposit: depositSettings } = await read;
    const { quote, quoteInput } = priced;
    const extras = await priceExtras(
      { database, settings: { getPricing: deps.getPricingSettings } },
      {
        selection: input.extras?.selection ?? [],
        stay: extraStayOf(input, quote),
        asGuest: input.extras?.asGuest ?? false,
      },
      { tx: db, settings },
    );
    const totalAmount = toPesos(toCentavos(quote.total_amount) + toCentavos(extras.total));
    // Decision 0018: the deposit is worked out once, from the stay and its extras, and stored;
    // a first-night deposit is the stay's first night alone.
    const deposit = depositFor({
      settings: depositSettings,
      stay_total: totalAmount,
      first_night_total:
        depositSettings.mode === 'first_night' ? firstNightTotal(quoteInput, quote) : 0,
      check_in: input.check_in,
      today: quoteInput.today,
    });
    return { ...priced, extras, total_amount: totalAmount, deposit };
  }

  /** Issue 24: the rows of a priced booking, written by one statement on `db`. */
  async function writeBooking(
    db: AppDb | AppTx,
    input: CreateBookingInput,
    priced: StayQuote,
    settings: PricingSettings,
    messagesSettings: MessagesSettings,
    actor: CreateBookingOptions['actor'],
  ): Promise<CreatedBooking> {
    const { quote, units, extras, deposit, overridden } = priced;
    const bookingStatus = input.booking_status ?? 'Pending';
    const folio = newFolio(
      [
        ...stayEntriesFromQuote(
          quote,
          units.map((unit) => unit.unit_name),
          settings.tax_mode,
        ),
        ...extraCharges(extras.lines, extraStayOf(input, quote)),
      ],
      deposit.deposit_amount,
    );
    const planned = deps.planMessages
      ? deps.planMessages(
          {
            check_in: input.check_in,
            check_out: input.check_out,
            balance_due_date: deposit.balance_due_date,
          },
          { received: input.created_via !== 'guest', createdBy: input.created_by ?? null },
          messagesSettings,
        )
      : { messages: [], job: {} };
    let rows: CreatedBookingRows;
    try {
      rows = await createBookingRows(db, {
        actor: actor ? actorPayload(actor) : null,
        timezone: config.timezone,
        units: units.map((unit) => ({
          unit_id: unit.unit_id,
          allowed: input.allowedUnitStatuses ?? ['Available'],
          base_rate: unit.base_rate,
          weekend_rate: unit.weekend_rate,
          base_occupancy: unit.base_occupancy,
          max_occupancy: unit.max_occupancy,
          extra_person_rate: unit.extra_person_rate,
        })),
        guest: {
          guest_name: input.guest.guest_name,
          email: input.guest.email ?? null,
          phone_number: input.guest.phone_number ?? null,
        },
        booking: {
          guest_name: input.guest.guest_name,
          contact_number: input.guest.phone_number ?? null,
          email: input.guest.email ?? null,
          num_guests: input.lines.reduce((sum, line) => sum + line.num_guests, 0),
          check_in: input.check_in,
          check_out: input.check_out,
          booking_status: bookingStatus,
          deposit_amount: deposit.deposit_amount,
          balance_due_date: deposit.balance_due_date,
          payment_method: input.payment_method ?? null,
          special_requests: input.special_requests ?? null,
          internal_notes: input.internal_notes ?? null,
          is_multi_unit: input.lines.length > 1,
          unit_count: input.lines.length,
          created_via: input.created_via,
          source: input.source,
          proof_deadline: input.proof_deadline ?? null,
          created_by: input.created_by ?? null,
          ...(bookingStatus === 'Confirmed' ? { confirmed_at: clock.now() } : {}),
          // Issue 21: the code is recorded only when it applied (the larger discount wins).
          promo_code: quote.promo?.applied ? quote.promo.code : null,
          rate_plan: quote.rate_plan,
          rule_override_reason: overridden.length > 0 ? (input.ruleOverride?.reason ?? null) : null,
        },
        price: quote,
        money: { total_amount: folio.total_amount, payment_status: folio.payment_status },
        lines: input.lines.map((line, index) => ({
          unit_id: units[index]!.unit_id,
          assigned_guests: line.num_guests,
          unit_notes: line.unit_notes ?? null,
          price: quote.units[index]!,
        })),
        folio: folio.entries,
        messages: planned.messages,
        job: planned.job,
      });
    } catch (error) {
      // The 409 names the cabin of the line whose nights were taken (SPEC §8).
      const line = /^line:(\d+)$/.exec(databaseHint(error) ?? '');
      const unit = units[line ? Number(line[1]) : 0]!;
      return refuseTakenNights(
        { unit_name: unit.unit_name, check_in: input.check_in, check_out: input.check_out },
        () => Promise.reject(error as Error),
      );
    }
    const { booking, guest, lines: lineRows } = rows;
    return {
      booking_id: booking.booking_id,
      booking_reference: booking.booking_reference,
      guest_id: guest.guest_id,
      guest_created: rows.guest_created,
      guest_name: booking.guest_name,
      email: booking.email,
      contact_number: booking.contact_number,
      booking_status: booking.booking_status,
      payment_status: booking.payment_status,
      payment_method: booking.payment_method,
      created_via: booking.created_via,
      source: booking.source,
      check_in: booking.check_in,
      check_out: booking.check_out,
      num_guests: booking.num_guests,
      total_amount: booking.total_amount,
      deposit,
      special_requests: booking.special_requests,
      proof_deadline: booking.proof_deadline,
      created_at: booking.created_at,
      quote,
      lines: lineRows.map((row, index) => toLine(row, units[index]!)),
      record: {
        booking,
        guest,
        lines: lineRows.map((row, index) => ({ ...row, unit: units[index]! })),
      },
      messages: rows.messages,
    };
  }

  /** Issue 21's writes that go with a booking: a promo code's use, a rule override's audit. */
  async function afterWrite(
    tx: AppTx,
    input: CreateBookingInput,
    priced: StayQuote,
    created: CreatedBooking,
  ): Promise<void> {
    const { quote, overridden } = priced;
    // Issue 21: a use of the code is counted under its row lock; over a limit rolls it all back.
    if (quote.promo?.applied) {
      await claimPromoUse({ clock }, tx, {
        code: quote.promo.code,
        booking_id: created.booking_id,
        // A walk-in without an e-mail address counts its uses by phone number (issue 22).
        email: input.guest.email ?? `phone:${input.guest.phone_number ?? created.booking_id}`,
        discount_amount: quote.discount_amount,
      });
    }
    if (overridden.length > 0 && input.ruleOverride?.reason !== undefined) {
      await auditRuleOverride({ database }, tx, {
        bookingId: created.booking_id,
        bookingReference: created.booking_reference,
        reason: input.ruleOverride.reason,
        violations: overridden,
        context: input.ruleOverride.context,
      });
    }
  }

  async function createOnce(
    input: CreateBookingInput,
    options: CreateBookingOptions,
  ): Promise<CreatedBooking> {
    const transaction: TransactionRunner =
      options.transaction ?? ((fn) => database.db.transaction(fn));
    if (options.beforeCreate || options.afterCreate) {
      // Read before the transaction opens: PGlite is one session (DESIGN §7).
      const { pricing, deposit, messages } = await deps.getBookingSettings();
      // The hooks' work and the booking commit together, priced inside the same transaction.
      return transaction(async (tx) => {
        await options.beforeCreate?.(tx);
        const priced = await quoteWithExtras(tx, input, { pricing, deposit });
        const created = await writeBooking(tx, input, priced, pricing, messages, undefined);
        await afterWrite(tx, input, priced, created);
        await options.afterCreate?.(tx, created);
        return created;
      });
    }
    // Issue 24: priced from reads outside any transaction, the settings (one statement) side by
    // side with the units and the stay rules; create_booking re-checks the units.
    const settings = deps.getBookingSettings();
    const priced = await quoteWithExtras(database.db, input, settings);
    const { pricing, messages } = await settings;
    if (priced.quote.promo?.applied || priced.overridden.length > 0) {
      return transaction(async (tx) => {
        const created = await writeBooking(tx, input, priced, pricing, messages, undefined);
        await afterWrite(tx, input, priced, created);
        return created;
      });
    }
    // One statement is one transaction: the booking's rows in one round trip.
    return writeBooking(database.db, input, priced, pricing, messages, options.actor);
  }

  return {
    priceStay: async (input, within) =>
      within
        ? price(within.tx, input, within.settings)
        : price(database.db, input, await deps.getPricingSettings()),

    quoteStay: (input) => quoteWithExtras(database.db, input, deps.getBookingSettings()),

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
        // Issue 24: a cabin changed between the price and the write: priced again, once. A
        // cabin that changes again meanwhile is a conflict the person can retry, never a 500.
        if (sqlState(error) === UNIT_CHANGED_STATE) {
          return createOnce(input, options).catch((again: unknown) => {
            if (sqlState(again) !== UNIT_CHANGED_STATE) throw again;
            throw new AppError(
              409,
              'The cabin was changed while this booking was being made. Please try again.',
            );
          });
        }
        throw error;
      }
    },
  };
}
