import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_MESSAGES } from '../../../src/domain/permissions';
import { STAY_RULE_MESSAGES } from '../../../src/domain/schemas/stay-rule.schema';
import { signInAs, type SignedIn } from '../../support/auth';
import { countRows } from '../../support/back-office';
import { createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';
import { pinClock } from '../guest-booking/guest-helpers';

/**
 * Issue 21 point 1: stay rules through the real app — owners and administrators change them,
 * every member of staff reads them, guests see those not over; bad input is a 400 with its
 * message at its field and nothing written.
 */

type Rule = Record<string, unknown> & { stay_rule_id: string };

let t: TestApp;
let staff: SignedIn;
let manager: SignedIn;
let owner: SignedIn;
let admin: SignedIn;
let cabin: { unit_id: string };

beforeAll(async () => {
  t = await createTestApp();
  pinClock(t, '2027-06-01T02:00:00Z');
  [staff, manager, owner, admin] = await Promise.all([
    signInAs(t, 'staff'),
    signInAs(t, 'manager'),
    signInAs(t, 'owner'),
    signInAs(t, 'admin'),
  ]);
  cabin = await createUnit(t.database, { unit_name: 'Rules cabin' });
});
afterAll(() => t.close());

const rules = () => countRows(t.database, 'stay_rules');

async function create(body: Record<string, unknown>, as: SignedIn = owner): Promise<Rule> {
  const response = await as.inject({ method: 'POST', url: '/api/stay-rules', payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { data: Rule }).data;
}

describe(`stay rules CRUD (${process.env.TEST_DB})`, () => {
  it('an owner adds a rule: 201 with the DESIGN §8 shape, audited; every role reads it', async () => {
    const rule = await create({
      from: '2027-12-20',
      to: '2028-01-02',
      min_nights: 3,
      closed_to_arrival: [0],
    });
    expect(rule).toEqual({
      stay_rule_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      unit_ids: [],
      from: '2027-12-20',
      to: '2028-01-02',
      min_nights: 3,
      max_nights: null,
      closed_to_arrival: [0],
      closed_to_departure: [],
      min_days_ahead: null,
      max_days_ahead: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const list = await staff.inject({ method: 'GET', url: '/api/stay-rules' });
    expect(list.statusCode).toBe(200);
    expect((list.json() as { data: Rule[] }).data).toContainEqual(rule);
    const audit = await t.database.query<{ action: string; user_email: string }>(
      `SELECT action, user_email FROM audit_logs WHERE table_name = 'stay_rules' AND record_id = $1`,
      [rule.stay_rule_id],
    );
    expect(audit).toEqual([{ action: 'INSERT', user_email: owner.user.email }]);
  });

  it('an administrator edits and deletes a rule for chosen cabins', async () => {
    const rule = await create(
      {
        from: '2027-07-01',
        to: '2027-07-31',
        unit_ids: [cabin.unit_id.toUpperCase()],
        max_nights: 7,
      },
      admin,
    );
    expect(rule.unit_ids).toEqual([cabin.unit_id]);
    const patched = await admin.inject({
      method: 'PATCH',
      url: `/api/stay-rules/${rule.stay_rule_id}`,
      payload: { min_nights: 2, closed_to_departure: [5, 1] },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data).toMatchObject({
      min_nights: 2,
      max_nights: 7,
      closed_to_departure: [1, 5],
    });
    const gone = await admin.inject({
      method: 'DELETE',
      url: `/api/stay-rules/${rule.stay_rule_id}`,
    });
    expect(gone.statusCode).toBe(204);
    const again = await admin.inject({
      method: 'DELETE',
      url: `/api/stay-rules/${rule.stay_rule_id}`,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Stay rule not found');
  });

  it('a minimum above the maximum, a range ending before it starts, an empty rule: 400, nothing written', async () => {
    const before = await rules();
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { from: '2027-08-01', to: '2027-08-10', min_nights: 5, max_nights: 3 },
        'max_nights',
        STAY_RULE_MESSAGES.minAboveMax,
      ],
      [
        { from: '2027-08-10', to: '2027-08-01', min_nights: 2 },
        'to',
        STAY_RULE_MESSAGES.endsBeforeStart,
      ],
      [{ from: '2027-08-01', to: '2027-08-10' }, 'min_nights', STAY_RULE_MESSAGES.empty],
      [
        { from: '2027-08-01', to: '2027-08-10', closed_to_arrival: [7] },
        'closed_to_arrival.0',
        STAY_RULE_MESSAGES.weekdays,
      ],
      [
        { from: '2027-08-01', to: '2027-08-10', min_days_ahead: 30, max_days_ahead: 10 },
        'max_days_ahead',
        STAY_RULE_MESSAGES.minAheadAboveMax,
      ],
    ];
    for (const [body, path, message] of cases) {
      const response = await owner.inject({
        method: 'POST',
        url: '/api/stay-rules',
        payload: body,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().issues).toContainEqual({ path, message });
    }
    expect(await rules()).toBe(before);
  });

  it('PATCH checks the merged rule: a minimum above the stored maximum is refused, unchanged', async () => {
    const rule = await create({ from: '2027-09-01', to: '2027-09-30', max_nights: 4 });
    const response = await owner.inject({
      method: 'PATCH',
      url: `/api/stay-rules/${rule.stay_rule_id}`,
      payload: { min_nights: 6 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: STAY_RULE_MESSAGES.minAboveMax,
      issues: [{ path: 'max_nights', message: STAY_RULE_MESSAGES.minAboveMax }],
    });
    const list = (await staff.inject({ method: 'GET', url: '/api/stay-rules' })).json() as {
      data: Rule[];
    };
    expect(list.data.find((r) => r.stay_rule_id === rule.stay_rule_id)).toEqual(rule);
  });

  it('managers and staff may not change rules (403 with the message); guests see only current ones', async () => {
    for (const who of [manager, staff]) {
      const response = await who.inject({
        method: 'POST',
        url: '/api/stay-rules',
        payload: { from: '2027-08-01', to: '2027-08-10', min_nights: 2 },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(PERMISSION_MESSAGES.stayRulesChange);
    }
    const past = await create({ from: '2027-01-01', to: '2027-05-31', min_nights: 2 });
    const endsToday = await create({ from: '2027-05-01', to: '2027-06-01', min_nights: 2 });
    const publicList = await t.app.inject({ method: 'GET', url: '/api/public/stay-rules' });
    expect(publicList.statusCode).toBe(200);
    const ids = (publicList.json() as { data: Rule[] }).data.map((r) => r.stay_rule_id);
    expect(ids).not.toContain(past.stay_rule_id);
    expect(ids).toContain(endsToday.stay_rule_id);
  });
});
