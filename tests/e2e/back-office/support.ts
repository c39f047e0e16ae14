import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '../fixtures';
import { apiSend } from '../support/auth';

/** A unit code no other test uses (capital letters and digits, at most 10). */
export function uniqueCode(prefix: string): string {
  return `${prefix}${randomBytes(3).toString('hex').toUpperCase()}`.slice(0, 10);
}

export interface CreatedUnit {
  unit_id: string;
  unit_name: string;
  unit_code: string;
}

/** A cabin made through POST /api/units by a signed-in manager or owner context. */
export async function createUnitByApi(
  request: APIRequestContext,
  overrides: Record<string, unknown> = {},
): Promise<CreatedUnit> {
  const code = uniqueCode('E2E');
  const response = await apiSend(request, 'POST', '/api/units', {
    unit_name: `Test Cabin ${code}`,
    unit_code: code,
    unit_type: 'Standard',
    base_occupancy: 2,
    max_occupancy: 3,
    base_rate: 2000,
    weekend_rate: 2000,
    extra_person_rate: 300,
    amenities: ['Fan'],
    ...overrides,
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: CreatedUnit }).data;
}

/** A toast's title in the notifications region (the live-region copy is left out). */
export function toastText(page: Page, text: string | RegExp) {
  return page.getByRole('region', { name: 'Notifications' }).getByText(text);
}
