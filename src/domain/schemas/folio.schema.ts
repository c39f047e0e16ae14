import { z } from 'zod';
import { LIMITS } from '../constants';
import { FOLIO_ENTRY_KINDS, FOLIO_PAYMENT_STATUSES, TAX_TREATMENTS } from '../folio';
import { idField, optionalTextField, requiredTextField } from './common.schema';
import { EXTRA_LIMITS, EXTRA_MESSAGES, extraQuantityField } from './extra.schema';

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
