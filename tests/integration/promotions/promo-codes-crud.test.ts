import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_MESSAGES } from '../../../src/domain/permissions';
import { PROMO_MESSAGES } from '../../../src/domain/promo-codes';
import { PROMO_FORM_MESSAGES } from '../../../src/domain/schemas/promo-code.schema';
import { signInAs, type SignedIn } from '../../support/auth';
import { countRows } from '../../support/back-office';
import { createTestApp, type TestApp } from '../../support/test-app';

/**
 * Issue 21 point 2: promo codes through the real app — managers and up list, create and change
 * them (the code itself never changes, and is unique in any case); bad input is a 400 with its
 * message and nothing written.
 */

type Promo = Record<string, unknown> & { promo_code_id: string; code: string };

let t: TestApp;
let staff: SignedIn;
let manager: SignedIn;
let owner: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  [staff, manager, owner] = await Promise.all([
    signInAs(t, 'staff'),
    signInAs(t, 'manager'),
    signInAs(t, 'owner'),
  ]);
});
afterAll(() => t.close());

const codes = () => countRows(t.database, 'promo_codes');

async function create(body: Record<string, unknown>, as: SignedIn = manager): Promise<Promo> {
  const response = await as.inject({ method: 'POST', url: '/api/promo-codes', payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { data: Promo }).data;
}

describe(`promo codes CRUD (${process.env.TEST_DB})`, () => {
  it('a manager creates a code: stored upper-case, active, no uses; DESIGN §8 shape', async () => {
    const promo = await create({ code: ' rainy10 ', kind: 'percent', value: 10 });
    expect(promo).toEqual({
      promo_code_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      code: 'RAINY10',
      kind: 'percent',
      value: 10,
      book_from: null,
      book_to: null,
      stay_from: null,
      stay_to: null,
      min_nights: null,
      unit_ids: [],
      max_uses: null,
      max_uses_per_email: null,
      active: true,
      uses: 0,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const audit = await t.database.query<{ user_email: string }>(
      `SELECT user_email FROM audit_logs WHERE table_name = 'promo_codes' AND record_id = $1`,
      [promo.promo_code_id],
    );
    expect(audit).toEqual([{ user_email: manager.user.email }]);
  });

  it('the same code in another case is a 409 with its message', async () => {
    await create({ code: 'SUMMER-500', kind: 'amount', value: 500 });
    const before = await codes();
    const response = await owner.inject({
      method: 'POST',
      url: '/api/promo-codes',
      payload: { code: 'summer-500', kind: 'percent', value: 5 },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(PROMO_FORM_MESSAGES.taken);
    expect(await codes()).toBe(before);
  });

  it('bad input: spaces, 100 characters, a bad percentage, dates out of order: 400, nothing written', async () => {
    const before = await codes();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ code: 'RAINY 10', kind: 'percent', value: 10 }, 'code', PROMO_MESSAGES.format],
      [{ code: 'A'.repeat(100), kind: 'percent', value: 10 }, 'code', PROMO_MESSAGES.tooLong],
      [{ code: 'PCT', kind: 'percent', value: 150 }, 'value', PROMO_FORM_MESSAGES.percent],
      [{ code: 'AMT', kind: 'amount', value: 10.555 }, 'value', PROMO_FORM_MESSAGES.amount],
      [
        {
          code: 'DATES',
          kind: 'percent',
          value: 5,
          book_from: '2027-06-10',
          book_to: '2027-06-01',
        },
        'book_to',
        PROMO_FORM_MESSAGES.bookEndsBeforeStart,
      ],
      [
        { code: 'STAY', kind: 'percent', value: 5, stay_from: '2027-06-10', stay_to: '2027-06-01' },
        'stay_to',
        PROMO_FORM_MESSAGES.stayEndsBeforeStart,
      ],
      [
        { code: 'LIMITS', kind: 'percent', value: 5, max_uses: 2, max_uses_per_email: 3 },
        'max_uses_per_email',
        PROMO_FORM_MESSAGES.perEmailAboveTotal,
      ],
    ];
    for (const [body, path, message] of cases) {
      const response = await manager.inject({
        method: 'POST',
        url: '/api/promo-codes',
        payload: body,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().issues).toContainEqual({ path, message });
    }
    expect(await codes()).toBe(before);
  });

  it('PATCH changes fields and pauses; the code cannot change; the merged code is checked', async () => {
    const promo = await create({ code: 'PAUSEME', kind: 'percent', value: 15, max_uses: 5 });
    const paused = await owner.inject({
      method: 'PATCH',
      url: `/api/promo-codes/${promo.promo_code_id.toUpperCase()}`,
      payload: { active: false, value: 20 },
    });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().data).toMatchObject({ code: 'PAUSEME', active: false, value: 20 });

    const renamed = await owner.inject({
      method: 'PATCH',
      url: `/api/promo-codes/${promo.promo_code_id}`,
      payload: { code: 'OTHER' },
    });
    expect(renamed.statusCode).toBe(400);

    const merged = await owner.inject({
      method: 'PATCH',
      url: `/api/promo-codes/${promo.promo_code_id}`,
      payload: { max_uses_per_email: 9 },
    });
    expect(merged.statusCode).toBe(400);
    expect(merged.json().issues).toContainEqual({
      path: 'max_uses_per_email',
      message: PROMO_FORM_MESSAGES.perEmailAboveTotal,
    });

    const missing = await owner.inject({
      method: 'PATCH',
      url: '/api/promo-codes/00000000-0000-4000-8000-000000000000',
      payload: { active: true },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('the list searches, filters by status and pages; staff are refused', async () => {
    await create({ code: 'LIST-ONE', kind: 'percent', value: 5 });
    await create({ code: 'LIST-TWO', kind: 'percent', value: 5, active: false });
    const search = await manager.inject({ method: 'GET', url: '/api/promo-codes?search=list-' });
    expect(search.statusCode).toBe(200);
    expect(search.json()).toMatchObject({ total: 2, page: 1, page_size: 25 });
    const paused = await manager.inject({
      method: 'GET',
      url: '/api/promo-codes?search=list&status=paused',
    });
    expect((paused.json() as { data: Promo[] }).data.map((p) => p.code)).toEqual(['LIST-TWO']);
    const paged = await manager.inject({
      method: 'GET',
      url: '/api/promo-codes?search=list&page=2&page_size=1',
    });
    expect(paged.json()).toMatchObject({ total: 2, page: 2, page_size: 1 });
    expect((paged.json() as { data: Promo[] }).data).toHaveLength(1);

    for (const url of ['/api/promo-codes', '/api/promo-codes/report']) {
      const refused = await staff.inject({ method: 'GET', url });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(PERMISSION_MESSAGES.promoCodes);
    }
    const report = await manager.inject({ method: 'GET', url: '/api/promo-codes/report' });
    expect(report.statusCode, report.body).toBe(200);
    expect((report.json() as { data: { code: string; uses: number }[] }).data).toContainEqual(
      expect.objectContaining({ code: 'LIST-ONE', uses: 0, released: 0, discount_total: 0 }),
    );
  });
});
