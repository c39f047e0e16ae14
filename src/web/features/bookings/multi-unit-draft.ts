import { LIMITS } from '../../../domain/constants';
import { addDays, isIsoDate } from '../../../domain/dates';
import { MESSAGES } from '../../../domain/messages';

/**
 * SPEC §3 "Draft selected unit" and §5 "Multi-unit booking": what the wizard's step 1 holds and the
 * rules of changing it, free of React so they are tested on their own. Each change answers the
 * next draft, or the SPEC §8 message explaining why nothing changed.
 */

export interface DraftUnit {
  unit_id: string;
  unit_name: string;
  unit_code: string;
  unit_type: string;
  max_occupancy: number;
  num_guests: number;
  unit_notes: string;
}

export type DraftChange =
  { ok: true; units: DraftUnit[]; message?: string } | { ok: false; message: string };

export const DRAFT_MESSAGES = {
  maxUnits: MESSAGES.maxUnits,
  alreadyAdded: MESSAGES.unitAlreadyAdded,
  lastUnit: 'Cannot remove the last cabin from booking',
  selectAtLeastOne: MESSAGES.selectAtLeastOneUnit,
  added: (name: string) => `${name} added to booking`,
  removed: 'Cabin removed from booking',
} as const;

/** SPEC §9: a Bulk hint from this many units. */
export const BULK_HINT_MIN_UNITS = 3;

export function addDraftUnit(
  units: readonly DraftUnit[],
  unit: Omit<DraftUnit, 'num_guests' | 'unit_notes'>,
): DraftChange {
  if (units.some((u) => u.unit_id === unit.unit_id)) {
    return { ok: false, message: DRAFT_MESSAGES.alreadyAdded };
  }
  if (units.length >= LIMITS.units_per_multi_booking) {
    return { ok: false, message: DRAFT_MESSAGES.maxUnits };
  }
  return {
    ok: true,
    units: [...units, { ...unit, num_guests: 1, unit_notes: '' }],
    message: DRAFT_MESSAGES.added(unit.unit_name),
  };
}

export function removeDraftUnit(units: readonly DraftUnit[], unitId: string): DraftChange {
  if (!units.some((u) => u.unit_id === unitId)) return { ok: true, units: [...units] };
  // SPEC §5: the last unit cannot be removed.
  if (units.length === 1) return { ok: false, message: DRAFT_MESSAGES.lastUnit };
  return {
    ok: true,
    units: units.filter((u) => u.unit_id !== unitId),
    message: DRAFT_MESSAGES.removed,
  };
}

/** SPEC §5: a whole number from 1 to the unit's max occupancy; anything else is ignored. */
export function setDraftGuests(
  units: readonly DraftUnit[],
  unitId: string,
  value: number | null,
): DraftUnit[] {
  return units.map((u) => {
    if (u.unit_id !== unitId) return u;
    if (value === null || !Number.isInteger(value) || value < 1 || value > u.max_occupancy) {
      return u;
    }
    return { ...u, num_guests: value };
  });
}

export function setDraftNotes(
  units: readonly DraftUnit[],
  unitId: string,
  notes: string,
): DraftUnit[] {
  return units.map((u) =>
    u.unit_id === unitId ? { ...u, unit_notes: notes.slice(0, LIMITS.internal_notes_max) } : u,
  );
}

/** SPEC §4: a check-out on or before check-in becomes check-in plus one day. */
export function nextCheckOut(checkIn: string, checkOut: string): string {
  return isIsoDate(checkOut) && checkOut > checkIn ? checkOut : addDays(checkIn, 1);
}
