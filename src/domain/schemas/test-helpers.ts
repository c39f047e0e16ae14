import type { z } from 'zod';

/** The messages a schema reports for `input`, keyed by dotted path ('' for the root). */
export function issuesOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  const issues: Record<string, string[]> = {};
  if (result.success) return issues;
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    (issues[key] ??= []).push(issue.message);
  }
  return issues;
}

export const UNIT_ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
export const OTHER_UNIT_ID = '9b2e6c1a-7d3f-4e8b-a2c4-5f6d7e8f9a0b';
export const BOOKING_ID = 'c56a4180-65aa-42ec-a945-5fd21dec0538';
