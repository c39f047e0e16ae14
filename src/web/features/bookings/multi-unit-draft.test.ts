import { describe, expect, it } from 'vitest';
import {
  DRAFT_MESSAGES,
  addDraftUnit,
  nextCheckOut,
  removeDraftUnit,
  setDraftGuests,
  type DraftUnit,
} from './multi-unit-draft';

const cabin = (n: number) => ({
  unit_id: `unit-${n}`,
  unit_name: `Cabin ${n}`,
  unit_code: `C${n}`,
  unit_type: 'Standard',
  max_occupancy: 4,
});

function draftOf(count: number): DraftUnit[] {
  let units: DraftUnit[] = [];
  for (let n = 1; n <= count; n += 1) {
    const change = addDraftUnit(units, cabin(n));
    if (!change.ok) throw new Error(change.message);
    units = change.units;
  }
  return units;
}

describe('multi-unit draft (SPEC §5 and §8)', () => {
  it('adds a unit with one guest and says so', () => {
    const change = addDraftUnit([], cabin(1));
    expect(change).toEqual({
      ok: true,
      units: [{ ...cabin(1), num_guests: 1, unit_notes: '' }],
      message: 'Cabin 1 added to booking',
    });
  });

  it('refuses a unit already added, and an eleventh unit', () => {
    expect(addDraftUnit(draftOf(2), cabin(2))).toEqual({
      ok: false,
      message: 'Cabin already added to booking',
    });
    expect(draftOf(10)).toHaveLength(10);
    expect(addDraftUnit(draftOf(10), cabin(11))).toEqual({
      ok: false,
      message: 'Maximum 10 cabins per booking',
    });
  });

  it('removes a unit, but never the last one', () => {
    const change = removeDraftUnit(draftOf(2), 'unit-1');
    expect(change).toMatchObject({ ok: true, message: 'Cabin removed from booking' });
    expect(change.ok && change.units.map((u) => u.unit_id)).toEqual(['unit-2']);
    expect(removeDraftUnit(draftOf(1), 'unit-1')).toEqual({
      ok: false,
      message: DRAFT_MESSAGES.lastUnit,
    });
  });

  it('takes a guest count from 1 to the unit’s maximum and ignores anything else', () => {
    const units = draftOf(1);
    expect(setDraftGuests(units, 'unit-1', 4)[0]!.num_guests).toBe(4);
    for (const bad of [0, 5, 2.5, null, -1]) {
      expect(setDraftGuests(units, 'unit-1', bad)[0]!.num_guests).toBe(1);
    }
  });

  it('moves check-out to check-in plus one day when it is not after it (SPEC §4)', () => {
    expect(nextCheckOut('2027-03-26', '2027-03-29')).toBe('2027-03-29');
    expect(nextCheckOut('2027-03-26', '2027-03-26')).toBe('2027-03-27');
    expect(nextCheckOut('2027-03-26', '2027-03-20')).toBe('2027-03-27');
    expect(nextCheckOut('2027-12-31', '')).toBe('2028-01-01');
  });
});
