import { z } from 'zod';
import { BLACKOUT_KINDS, LIMITS } from '../constants';
import { MESSAGES } from '../messages';
import {
  dateField,
  fieldsParsed,
  idField,
  optionalDateField,
  requiredTextField,
  listResponseSchema,
} from './common.schema';

interface BlackoutRange {
  start_date?: string | undefined;
  end_date?: string | undefined;
}

/** DESIGN §3: a blackout blocks start_date to end_date inclusive, so a one-day blackout is valid. */
function withRangeRule<T extends z.ZodType<BlackoutRange>>(schema: T): T {
  return schema.refine(
    (range) => !range.start_date || !range.end_date || range.end_date >= range.start_date,
    {
      message: MESSAGES.endBeforeStart,
      path: ['end_date'],
      when: fieldsParsed('start_date', 'end_date'),
    },
  );
}

/** DESIGN §5 availability_blackouts (POST /api/blackouts): a reason is required for the record. */
export const blackoutSchema = withRangeRule(
  z.object({
    unit_id: idField(MESSAGES.selectUnit),
    start_date: dateField,
    end_date: dateField,
    reason: requiredTextField(LIMITS.notes_max),
  }),
);
export type BlackoutInput = z.input<typeof blackoutSchema>;
export type Blackout = z.output<typeof blackoutSchema>;

/** PATCH /api/blackouts/:id: any subset; the range rule applies when both dates are sent. */
export const blackoutUpdateSchema = withRangeRule(
  z.object({
    unit_id: idField(MESSAGES.selectUnit).optional(),
    start_date: optionalDateField,
    end_date: optionalDateField,
    reason: requiredTextField(LIMITS.notes_max).optional(),
  }),
);
export type BlackoutUpdateInput = z.input<typeof blackoutUpdateSchema>;
export type BlackoutUpdate = z.output<typeof blackoutUpdateSchema>;

/** DESIGN §5 availability_blackouts, with the cabin's name and code for lists. */
export const blackoutDtoSchema = z.object({
  blackout_id: z.string(),
  unit_id: z.string(),
  unit_name: z.string(),
  unit_code: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  reason: z.string().nullable(),
  /** Issue 22: a plain blackout, a cabin out of order, or scheduled maintenance. */
  kind: z.enum(BLACKOUT_KINDS),
  /** The maintenance issue a `maintenance` block belongs to. */
  maintenance_issue_id: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BlackoutDto = z.infer<typeof blackoutDtoSchema>;

/** GET /api/blackouts: by unit and by the dates they touch (SPEC §7 "date-range overlap"). */
export const blackoutListQuerySchema = z.object({
  unit_id: z.guid({ error: 'Please select a cabin' }).optional(),
  from: optionalDateField,
  to: optionalDateField,
  page: z.coerce.number().int().min(1).catch(1),
  page_size: z.coerce.number().int().min(1).max(200).catch(50),
});
export type BlackoutListQuery = z.output<typeof blackoutListQuerySchema>;

export const blackoutListResponseSchema = listResponseSchema(blackoutDtoSchema);
export type BlackoutListResponse = z.infer<typeof blackoutListResponseSchema>;

export const blackoutIdParamsSchema = z.object({ id: z.string().max(100) });
