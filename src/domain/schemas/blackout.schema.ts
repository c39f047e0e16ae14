import { z } from 'zod';
import { LIMITS } from '../constants';
import { MESSAGES } from '../messages';
import {
  dateField,
  fieldsParsed,
  idField,
  optionalDateField,
  requiredTextField,
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
