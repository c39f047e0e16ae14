import { z } from 'zod';
import { LIMITS } from '../constants';
import { FOLIO_ENTRY_KINDS, FOLIO_PAYMENT_STATUSES, TAX_TREATMENTS } from '../folio';
import { idField, optionalTextField, requiredTextField } from './common.schema';
import { EXTRA_LIMITS, EXTRA_MESSAGES } from '../extra-limits';
import { extraQuantityField } from './extra.schema';

/** DESIGN §8: the folio of a booking, its entries and the requests that add to it. */

const pesos = z.number();

/** One entry as `GET /api/bookings/:id/folio` answers it. */
export const folioEntrySchema = z.object({
  entry_id: z.string(),
  kind: z.enum(FOLIO_ENTRY_KINDS),
  description: z.string(),
  quantity: z.number().int().positive(),
  unit_amount: pesos,
  /** Charges positive, payments negative, refunds positive; the balance is the sum. */
  amount: pesos,
  tax_treatment: z.enum(TAX_TREATMENTS),
  vat_amount: pesos,
  local_tax_amount: pesos,
  reverses_entry_id: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
  created_by_name: z.string().nullable(),
});
export type FolioEntryDto = z.output<typeof folioEntrySchema>;

export const folioSchema = z.object({
  booking_id: z.string(),
  entries: z.array(folioEntrySchema),
  charges_total: pesos,
  paid_total: pesos,
  refunded_total: pesos,
  balance: pesos,
  deposit_amount: pesos,
  /** When the deposit's proof is due (ISO timestamp), or null once it need not be sent. */
  deposit_due_at: z.string().nullable(),
  /** 'YYYY-MM-DD', or null when nothing remains due. */
  balance_due_date: z.string().nullable(),
  payment_status: z.enum(FOLIO_PAYMENT_STATUSES),
});
export type FolioDto = z.output<typeof folioSchema>;

export const folioResponseSchema = z.object({ data: folioSchema });

/** POST /api/bookings/:id/charges: staff add an extra from the catalogue. */
export const postChargeSchema = z.object({
  extra_id: idField(EXTRA_MESSAGES.selectExtra).transform((id) => id.toLowerCase()),
  quantity: extraQuantityField,
  note: optionalTextField(EXTRA_LIMITS.note_max),
});
export type PostChargeInput = z.input<typeof postChargeSchema>;
export type PostCharge = z.output<typeof postChargeSchema>;

/** POST /api/bookings/:id/folio/:entryId/reverse. */
export const reverseEntrySchema = z.object({ reason: requiredTextField(LIMITS.notes_max) });
export type ReverseEntry = z.output<typeof reverseEntrySchema>;

export const SENIOR_PWD_MESSAGES = {
  eligibleGuests: 'Eligible guests must be a whole number from 0 to the number of guests',
  idNumber: 'Each senior citizen or PWD ID number must be 1 to 40 characters',
  idCount: 'Give one senior citizen or PWD ID number for each eligible guest',
} as const;

/**
 * POST /api/bookings/:id/senior-pwd (managers and up): how many guests hold a senior citizen or
 * PWD ID (RA 9994, RA 10754) and their ID numbers, one each.
 */
export const seniorPwdSchema = z
  .object({
    eligible_guests: z
      .number({ error: SENIOR_PWD_MESSAGES.eligibleGuests })
      .int(SENIOR_PWD_MESSAGES.eligibleGuests)
      .min(0, SENIOR_PWD_MESSAGES.eligibleGuests)
      .max(200, SENIOR_PWD_MESSAGES.eligibleGuests),
    id_numbers: z
      .array(
        z
          .string({ error: SENIOR_PWD_MESSAGES.idNumber })
          .trim()
          .min(1, SENIOR_PWD_MESSAGES.idNumber)
          .max(40, SENIOR_PWD_MESSAGES.idNumber),
      )
      .max(200, SENIOR_PWD_MESSAGES.idCount),
  })
  .refine((body) => body.id_numbers.length === body.eligible_guests, {
    message: SENIOR_PWD_MESSAGES.idCount,
    path: ['id_numbers'],
  });
export type SeniorPwd = z.output<typeof seniorPwdSchema>;
