import { describe, expect, it } from 'vitest';
import {
  changeExtraQuantity,
  checkExtra,
  DEFAULT_EXTRA_QUANTITY,
  extraPriceText,
  pickedExtras,
  quantityHint,
} from './extras-choice';
import type { ExtraChoices } from './extras-choice';

const BREAKFAST = 'b1c2d3e4-0000-4000-8000-000000000001';
const TRANSFER = 'b1c2d3e4-0000-4000-8000-000000000002';
const TOUR = 'b1c2d3e4-0000-4000-8000-000000000003';
const offered = [{ extra_id: BREAKFAST }, { extra_id: TRANSFER }, { extra_id: TOUR }];

describe('the guest’s extras', () => {
  it('a ticked extra starts at one for each unit it is charged by', () => {
    const choices = checkExtra({}, BREAKFAST, true);
    expect(DEFAULT_EXTRA_QUANTITY).toBe(1);
    expect(choices[BREAKFAST]).toEqual({ checked: true, quantity: 1 });
    expect(pickedExtras(choices, offered)).toEqual({
      selection: [{ extra_id: BREAKFAST, quantity: 1 }],
      invalid: [],
    });
  });

  it('keeps a typed quantity through untick and tick, and replaces an unusable one', () => {
    let choices: ExtraChoices = checkExtra({}, TRANSFER, true);
    choices = changeExtraQuantity(choices, TRANSFER, 3);
    choices = checkExtra(choices, TRANSFER, false);
    expect(pickedExtras(choices, offered).selection).toEqual([]);
    choices = checkExtra(choices, TRANSFER, true);
    expect(choices[TRANSFER]).toEqual({ checked: true, quantity: 3 });

    choices = changeExtraQuantity(choices, TRANSFER, null);
    choices = checkExtra(checkExtra(choices, TRANSFER, false), TRANSFER, true);
    expect(choices[TRANSFER]).toEqual({ checked: true, quantity: 1 });
  });

  it('sends ticked extras in the catalogue’s order and reports quantities the schema refuses', () => {
    let choices: ExtraChoices = checkExtra({}, TOUR, true);
    choices = checkExtra(choices, BREAKFAST, true);
    choices = changeExtraQuantity(choices, BREAKFAST, 2);
    choices = checkExtra(choices, TRANSFER, true);
    choices = changeExtraQuantity(choices, TRANSFER, null);
    expect(pickedExtras(choices, offered)).toEqual({
      selection: [
        { extra_id: BREAKFAST, quantity: 2 },
        { extra_id: TOUR, quantity: 1 },
      ],
      invalid: [{ extra_id: TRANSFER, message: 'Quantity must be a whole number' }],
    });
    choices = changeExtraQuantity(choices, TRANSFER, 51);
    expect(pickedExtras(choices, offered).invalid).toEqual([
      { extra_id: TRANSFER, message: 'Quantity cannot exceed 50' },
    ]);
  });

  it('drops an extra the catalogue no longer offers', () => {
    const choices = checkExtra(checkExtra({}, BREAKFAST, true), TOUR, true);
    expect(pickedExtras(choices, [{ extra_id: TOUR }]).selection).toEqual([
      { extra_id: TOUR, quantity: 1 },
    ]);
  });

  it('says what the price and one of the quantity stand for', () => {
    const breakfast = { price: 350, charge_per: 'person_night', tax_treatment: 'vatable' } as const;
    expect(extraPriceText(breakfast, '+ 13% taxes')).toBe(
      '₱350.00 per guest per night + 13% taxes',
    );
    expect(extraPriceText(breakfast, null)).toBe('₱350.00 per guest per night');
    expect(extraPriceText({ ...breakfast, tax_treatment: 'exempt' }, '+ 13% taxes')).toBe(
      '₱350.00 per guest per night',
    );
    expect(quantityHint('person_night')).toBe('For each guest, each night.');
    expect(quantityHint('stay')).toBe('For the whole stay.');
  });
});
