import { describe, expect, it } from 'vitest';
import { blackoutSchema, blackoutUpdateSchema } from './blackout.schema';
import { guestBookingSchema } from './guest-booking.schema';
import { bookingUpdateSchema, staffBookingSchema } from './staff-booking.schema';
import { unitSchema, unitUpdateSchema } from './unit.schema';

// Found by the hostile-input suite (tests/support/hostile-input.ts): a JSON body of `null` reached the cross-field
// rules (a custom `when` replaces zod's "stop after a type error") and threw, answering 500.
const schemas = {
  unitSchema,
  unitUpdateSchema,
  blackoutSchema,
  blackoutUpdateSchema,
  guestBookingSchema,
  staffBookingSchema,
  bookingUpdateSchema,
};

describe('cross-field rules on a value that is not an object', () => {
  for (const [name, schema] of Object.entries(schemas)) {
    for (const input of [null, undefined, 'text', 42, [1, 2], true]) {
      it(`${name} refuses ${JSON.stringify(input) ?? 'undefined'} with a type issue, without throwing`, () => {
        const result = schema.safeParse(input);
        expect(result.success).toBe(false);
        expect(result.error?.issues.map((issue) => issue.code)).toEqual(['invalid_type']);
      });
    }
  }
});
