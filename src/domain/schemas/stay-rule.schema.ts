import { z } from 'zod';
import { dateField, fieldsParsed, idField } from './common.schema';

/**
 * Issue 21 point 1, DESIGN §8: /api/stay-rules (owners and administrators write; every staff
 * role reads) and GET /api/public/stay-rules (what the guest form shows before submitting).
 * The rule itself is stay-rules.ts's.
 */

export const STAY_RULE_MESSAGES = {
  weekdays: 'Days of the week are numbers 0 (Sunday) to 6 (Saturday), each once',
  nights: 'Nights must be a whole number from 1 to 365',
  daysAhead: 'Days ahead must be a whole number from 0 to 730',
  minAboveMax: 'The minimum stay cannot be longer than the maximum stay',
  minAheadAboveMax: 'The fewest days ahead cannot be more than the most days ahead',
  endsBeforeStart: 'The rule cannot end before it starts',
  tooLong: 'A rule covers at most 2 years',
  empty:
    'Set at least one of: minimum nights, maximum nights, closed arrival or departure days, days ahead',
  units: 'Choose each cabin once (none for every cabin)',
  reason: 'Give a reason for booking past the stay rule',
} as const;

const weekdays = z
  .array(
    z
      .number({ error: STAY_RULE_MESSAGES.weekdays })
      .int(STAY_RULE_MESSAGES.weekdays)
      .min(0, STAY_RULE_MESSAGES.weekdays)
      .max(6, STAY_RULE_MESSAGES.weekdays),
    { error: STAY_RULE_MESSAGES.weekdays },
  )
  .max(7, STAY_RULE_MESSAGES.weekdays)
  .refine((days) => new Set(days).size === days.length, STAY_RULE_MESSAGES.weekdays);

const nights = z
  .number({ error: STAY_RULE_MESSAGES.nights })
  .int(STAY_RULE_MESSAGES.nights)
  .min(1, STAY_RULE_MESSAGES.nights)
  .max(365, STAY_RULE_MESSAGES.nights)
  .nullable();

const daysAhead = z
  .number({ error: STAY_RULE_MESSAGES.daysAhead })
  .int(STAY_RULE_MESSAGES.daysAhead)
  .min(0, STAY_RULE_MESSAGES.daysAhead)
  .max(730, STAY_RULE_MESSAGES.daysAhead)
  .nullable();

const unitIds = z
  .array(idField('Choose a cabin from the list'), { error: STAY_RULE_MESSAGES.units })
  .max(200, STAY_RULE_MESSAGES.units)
  .refine(
    (ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length,
    STAY_RULE_MESSAGES.units,
  );

const stayRuleFields = z.object({
  unit_ids: unitIds,
  from: dateField,
  to: dateField,
  min_nights: nights,
  max_nights: nights,
  closed_to_arrival: weekdays,
  closed_to_departure: weekdays,
  min_days_ahead: daysAhead,
  max_days_ahead: daysAhead,
});

type RuleShape = Partial<z.output<typeof stayRuleFields>>;

/** The cross-field rules, said at the field that is wrong. */
function withRuleChecks<T extends z.ZodType<RuleShape>>(schema: T): T {
  return schema
    .refine((rule) => !rule.from || !rule.to || rule.to >= rule.from, {
      message: STAY_RULE_MESSAGES.endsBeforeStart,
      path: ['to'],
      when: fieldsParsed('from', 'to'),
    })
    .refine(
      (rule) =>
        !rule.from ||
        !rule.to ||
        Date.parse(`${rule.to}T00:00:00Z`) - Date.parse(`${rule.from}T00:00:00Z`) <=
          731 * 86_400_000,
      { message: STAY_RULE_MESSAGES.tooLong, path: ['to'], when: fieldsParsed('from', 'to') },
    )
    .refine(
      (rule) =>
        rule.min_nights === null ||
        rule.min_nights === undefined ||
        rule.max_nights === null ||
        rule.max_nights === undefined ||
        rule.min_nights <= rule.max_nights,
      {
        message: STAY_RULE_MESSAGES.minAboveMax,
        path: ['max_nights'],
        when: fieldsParsed('min_nights', 'max_nights'),
      },
    )
    .refine(
      (rule) =>
        rule.min_days_ahead === null ||
        rule.min_days_ahead === undefined ||
        rule.max_days_ahead === null ||
        rule.max_days_ahead === undefined ||
        rule.min_days_ahead <= rule.max_days_ahead,
      {
        message: STAY_RULE_MESSAGES.minAheadAboveMax,
        path: ['max_days_ahead'],
        when: fieldsParsed('min_days_ahead', 'max_days_ahead'),
      },
    );
}

/** POST /api/stay-rules. Absent limits are none; a rule must restrict something. */
export const stayRuleCreateSchema = withRuleChecks(
  stayRuleFields
    .extend({
      unit_ids: unitIds.default([]),
      min_nights: nights.default(null),
      max_nights: nights.default(null),
      closed_to_arrival: weekdays.default([]),
      closed_to_departure: weekdays.default([]),
      min_days_ahead: daysAhead.default(null),
      max_days_ahead: daysAhead.default(null),
    })
    .strict(),
).refine(
  (rule) =>
    rule.min_nights !== null ||
    rule.max_nights !== null ||
    rule.closed_to_arrival.length > 0 ||
    rule.closed_to_departure.length > 0 ||
    rule.min_days_ahead !== null ||
    rule.max_days_ahead !== null,
  { message: STAY_RULE_MESSAGES.empty, path: ['min_nights'] },
);
export type StayRuleCreateInput = z.input<typeof stayRuleCreateSchema>;
export type StayRuleCreate = z.output<typeof stayRuleCreateSchema>;

/**
 * PATCH /api/stay-rules/:id: any field. The server checks the merged rule again with
 * stayRuleCreateSchema (a minimum above the stored maximum is refused the same way).
 */
export const stayRuleUpdateSchema = withRuleChecks(stayRuleFields.partial().strict());
export type StayRuleUpdate = z.output<typeof stayRuleUpdateSchema>;

/** DESIGN §8: a stay rule as the API answers it (stay-rules.ts StayRule). */
export const stayRuleSchema = z.object({
  stay_rule_id: z.string(),
  unit_ids: z.array(z.string()),
  from: z.string(),
  to: z.string(),
  min_nights: z.number().int().nullable(),
  max_nights: z.number().int().nullable(),
  closed_to_arrival: z.array(z.number().int()),
  closed_to_departure: z.array(z.number().int()),
  min_days_ahead: z.number().int().nullable(),
  max_days_ahead: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StayRuleDto = z.output<typeof stayRuleSchema>;

/** GET /api/stay-rules (every rule, newest first) and GET /api/public/stay-rules (those not over). */
export const stayRuleListSchema = z.object({ data: z.array(stayRuleSchema) });

/**
 * Issue 21: a manager or higher may book past a stay rule with a reason (audited); staff and
 * guests may not. Sent as `override_reason` on a staff booking, multi-unit booking or edit.
 */
export const overrideReasonField = z
  .string({ error: STAY_RULE_MESSAGES.reason })
  .trim()
  .min(3, STAY_RULE_MESSAGES.reason)
  .max(500, 'A reason is at most 500 characters')
  .optional();
