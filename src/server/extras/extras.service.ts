import {
  extraEntry,
  priceExtraSelection,
  type ExtraStay,
  type PricedSelectionLine,
} from '../../domain/extras-pricing';
import type { FolioEntryDraft } from '../../domain/folio';
import type { PricingSettings } from '../../domain/pricing';
import { isRecordId } from '../../domain/record-id';
import {
  EXTRA_CATALOGUE_MESSAGES,
  type Extra,
  type ExtraChargePer,
  type ExtraCreate,
  type ExtraSelection,
  type ExtraUpdate,
  type PublicExtra,
} from '../../domain/schemas/extra.schema';
import type { TaxTreatment } from '../../domain/folio';
import type { AppDb, AppTx, Database } from '../db/client';
import { badRequest, conflict, notFound, sqlState } from '../errors';
import type { ActorContext } from '../http/request-context';
import type { SettingsService } from '../settings/settings.service';
import {
  findAllExtras,
  findExtra,
  findExtrasByIds,
  findGuestBookableExtras,
  insertExtra,
  updateExtraRow,
  type ExtraRow,
} from './extras.repository';

/**
 * Issue 17 point 4: the extras catalogue (managers and up change it, every member of staff reads
 * it, guests see the bookable ones) and the one way an extra is priced for a stay, shared by the
 * quote, the guest booking and the folio's charges (src/domain/extras-pricing.ts).
 */

type CatalogueDeps = { database: Database };
type PricingDeps = { database: Database; settings: Pick<SettingsService, 'getPricing'> };

export function toExtraDto(row: ExtraRow): Extra {
  return {
    extra_id: row.extra_id,
    name: row.name,
    price: row.price,
    charge_per: row.charge_per as ExtraChargePer,
    tax_treatment: row.tax_treatment as TaxTreatment,
    guest_bookable: row.guest_bookable,
    active: row.active,
  };
}

function toPublicExtra(row: ExtraRow): PublicExtra {
  const { extra_id, name, price, charge_per, tax_treatment } = toExtraDto(row);
  return { extra_id, name, price, charge_per, tax_treatment };
}

function isDuplicateName(error: unknown): boolean {
  if (sqlState(error) !== '23505') return false;
  const own = (error as { constraint?: unknown } | null)?.constraint;
  const cause = (error as { cause?: { constraint?: unknown } } | null)?.cause?.constraint;
  return own === 'extras_name_key' || cause === 'extras_name_key';
}

const duplicateName = () => conflict(EXTRA_CATALOGUE_MESSAGES.duplicateName);

export async function listExtras(deps: CatalogueDeps): Promise<Extra[]> {
  return (await findAllExtras(deps.database.db)).map(toExtraDto);
}

/** GET /api/public/extras: what the booking form offers. */
export async function listGuestBookableExtras(deps: CatalogueDeps): Promise<PublicExtra[]> {
  return (await findGuestBookableExtras(deps.database.db)).map(toPublicExtra);
}

/** Adds an extra (managers and up); a name already in the catalogue is a 409. */
export async function createExtra(input: ExtraCreate, context: ActorContext): Promise<Extra> {
  try {
    const row = await context.transaction((tx) => insertExtra(tx, input));
    return toExtraDto(row);
  } catch (error) {
    if (isDuplicateName(error)) throw duplicateName();
    throw error;
  }
}

/**
 * Changes an extra's fields (managers and up). A price change applies to what is priced from now
 * on: the folio keeps what was charged before.
 */
export async function updateExtra(
  deps: CatalogueDeps,
  extraId: string,
  patch: ExtraUpdate,
  context: ActorContext,
): Promise<Extra> {
  if (!isRecordId(extraId)) throw notFound(EXTRA_CATALOGUE_MESSAGES.notFound);
  const fields = Object.fromEntries(
    Object.entries(patch).filter(([, value]) => value !== undefined),
  ) as ExtraUpdate;
  if (Object.keys(fields).length === 0) {
    // Nothing to write, but the extra must exist for the answer to mean anything.
    if (!(await findExtra(deps.database.db, extraId))) {
      throw notFound(EXTRA_CATALOGUE_MESSAGES.notFound);
    }
    throw badRequest(EXTRA_CATALOGUE_MESSAGES.nothingToUpdate);
  }
  try {
    const row = await context.transaction((tx) => updateExtraRow(tx, extraId, fields));
    if (!row) throw notFound(EXTRA_CATALOGUE_MESSAGES.notFound);
    return toExtraDto(row);
  } catch (error) {
    if (isDuplicateName(error)) throw duplicateName();
    throw error;
  }
}

export type PriceExtrasInput = {
  selection: ExtraSelection;
  /** The booking's (or quote's) nights and guests. */
  stay: ExtraStay;
  /** A guest may only pick guest-bookable extras. */
  asGuest: boolean;
  /** Where a refused line is reported; default `extras.<index>.extra_id`. */
  issuePath?: ((index: number) => string) | undefined;
};

export type PricedExtras = { lines: PricedSelectionLine[]; total: number };

/**
 * The extras of a quote, a guest booking or a charge, priced by extras-pricing.ts from the
 * catalogue. An id that is not an active extra (or, for a guest, not a guest-bookable one), or a
 * line too large, is a 400 naming the line; nothing is written. Inside a transaction pass
 * `within` (the transaction and the pricing settings read before it opened: PGlite is one
 * session, DESIGN §7); a quote passes the database with the settings it priced the stay by.
 */
export async function priceExtras(
  deps: PricingDeps,
  input: PriceExtrasInput,
  within?: { tx: AppDb | AppTx; settings: PricingSettings },
): Promise<PricedExtras> {
  if (input.selection.length === 0) return { lines: [], total: 0 };
  const db: AppDb | AppTx = within?.tx ?? deps.database.db;
  const settings = within?.settings ?? (await deps.settings.getPricing());
  const ids = input.selection.map((line) => line.extra_id).filter((id) => isRecordId(id));
  const catalogue = (await findExtrasByIds(db, ids)).map(toExtraDto);
  const priced = priceExtraSelection(
    input.selection,
    catalogue,
    input.stay,
    settings,
    input.asGuest,
  );
  if (!priced.ok) {
    const path = (input.issuePath ?? ((index) => `extras.${index}.extra_id`))(priced.index);
    throw badRequest(priced.message, [{ path, message: priced.message }]);
  }
  return { lines: priced.lines, total: priced.total };
}

/** A folio charge of an extra, naming the catalogue's extra it was priced from. */
export type ExtraChargeDraft = FolioEntryDraft & { extra_id: string };

/**
 * The folio charges of lines priceExtras priced for `stay` (its nights and guests), each with the
 * staff note as its reason.
 */
export function extraCharges(
  lines: readonly PricedSelectionLine[],
  stay: ExtraStay,
  note: string | null = null,
): ExtraChargeDraft[] {
  return lines.map((line) => ({ ...extraEntry(line, stay, note), extra_id: line.extra_id }));
}

/**
 * For the folio (issue 17: staff add extras to a booking, guests pick them when booking): the
 * priced folio charges of `selection` for a booking of `stay.nights` nights and `stay.persons`
 * guests, each with the staff note as its reason; refused as priceExtras refuses.
 */
export async function extraChargeDrafts(
  deps: PricingDeps,
  input: PriceExtrasInput & { note?: string | null | undefined },
  within?: { tx: AppTx; settings: PricingSettings },
): Promise<ExtraChargeDraft[]> {
  const { lines } = await priceExtras(deps, input, within);
  return extraCharges(lines, input.stay, input.note ?? null);
}
