import { z } from 'zod';
import { HOUSEKEEPING_STATUSES, LIMITS } from '../constants';
import { MESSAGES } from '../messages';
import { optionalDateField, optionalTextField } from './common.schema';

/** Issue 22: the field messages of the housekeeping status change. */
export const HOUSEKEEPING_MESSAGES = {
  selectStatus: 'Please select a housekeeping status',
  reasonRequired: 'Enter the reason the cabin is out of order',
  untilRequired: 'Enter the last day the cabin is out of order',
  untilPast: 'The cabin must be out of order until today or later',
} as const;

/**
 * PATCH /api/units/:id/housekeeping. Out of order needs a reason (1–300 characters) and the last
 * day it lasts (`until`, today or later: the server checks against the resort's today); the cabin
 * is then blocked today..until like a blackout. The other statuses take neither.
 */
export const housekeepingUpdateSchema = z
  .object({
    status: z.enum(HOUSEKEEPING_STATUSES, { error: HOUSEKEEPING_MESSAGES.selectStatus }),
    reason: optionalTextField(LIMITS.notes_max),
    until: optionalDateField,
  })
  .superRefine((value, ctx) => {
    if (value.status !== 'Out of order') return;
    if (!value.reason) {
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: HOUSEKEEPING_MESSAGES.reasonRequired,
      });
    }
    if (!value.until) {
      ctx.addIssue({
        code: 'custom',
        path: ['until'],
        message: HOUSEKEEPING_MESSAGES.untilRequired,
      });
    }
  });
export type HousekeepingUpdateInput = z.input<typeof housekeepingUpdateSchema>;
export type HousekeepingUpdate = z.output<typeof housekeepingUpdateSchema>;

/**
 * One cabin on the housekeeping board (GET /api/housekeeping) and the answer of a status change.
 * No guest details: a housekeeping account sees only whether the cabin is arriving, departing or
 * occupied today.
 */
export const housekeepingCabinSchema = z.object({
  unit_id: z.string(),
  unit_name: z.string(),
  unit_code: z.string(),
  unit_type: z.string(),
  housekeeping_status: z.enum(HOUSEKEEPING_STATUSES),
  /** The out-of-order reason while the cabin is out of order, else null. */
  housekeeping_note: z.string().nullable(),
  housekeeping_changed_at: z.string().nullable(),
  housekeeping_changed_by_name: z.string().nullable(),
  /** A guest arrives today (a booking line starting today, Pending, Confirmed or CheckedIn). */
  arrival_today: z.boolean(),
  /** A guest leaves today (a line ending today, CheckedIn or CheckedOut). */
  departure_today: z.boolean(),
  /** A guest is staying tonight and checked in (CheckedIn, check_in ≤ today < check_out). */
  in_house: z.boolean(),
  /** The out-of-order block covering today or starting later, if any (inclusive dates). */
  out_of_order: z
    .object({
      blackout_id: z.string(),
      reason: z.string().nullable(),
      from: z.string(),
      until: z.string(),
    })
    .nullable(),
});
export type HousekeepingCabin = z.infer<typeof housekeepingCabinSchema>;

/** GET /api/housekeeping: every cabin, by name, on the resort's today. */
export const housekeepingBoardSchema = z.object({
  data: z.object({
    date: z.string(),
    cabins: z.array(housekeepingCabinSchema),
  }),
});
export type HousekeepingBoard = z.infer<typeof housekeepingBoardSchema>['data'];

export const housekeepingUpdateResponseSchema = z.object({ data: housekeepingCabinSchema });

/** The invalid-date message, for forms that check `until` before sending. */
export const HOUSEKEEPING_DATE_MESSAGE = MESSAGES.invalidDate;
