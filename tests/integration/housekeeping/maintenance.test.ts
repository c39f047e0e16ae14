import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_MESSAGES } from '../../../src/domain/permissions';
import { MAINTENANCE_ERRORS } from '../../../src/server/maintenance/maintenance.service';
import { signInAs, type SignedIn } from '../../support/auth';
import { setNow } from '../../support/back-office';
import { createBooking, createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';
import { makePng } from '../guest-booking/guest-helpers';

/**
 * Issue 22 point 5: the maintenance log through the real app — issues per cabin (staff and up,
 * housekeeping refused), scheduled dates that block the nights (refused over bookings, naming
 * them), photos with the receipts' upload rules, the cost recorded as an expense once, and the
 * audit trail's MAINTENANCE category.
 */

const TODAY = '2027-04-10';

let t: TestApp;
let staff: SignedIn & { account: { email: string } };
let housekeeping: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  setNow(t, TODAY);
  [staff, housekeeping] = await Promise.all([signInAs(t, 'staff'), signInAs(t, 'housekeeping')]);
});
afterAll(() => t.close());

type Issue = Record<string, unknown> & { issue_id: string; photos: Record<string, unknown>[] };

async function report(unitId: string, body: Record<string, unknown>): Promise<Issue> {
  const response = await staff.inject({
    method: 'POST',
    url: `/api/units/${unitId}/maintenance`,
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

function uploadUrl(upload: { bucket: string; path: string; token: string }) {
  const segments = [upload.bucket, ...upload.path.split('/')].map(encodeURIComponent).join('/');
  return `/api/storage/upload/${segments}?token=${encodeURIComponent(upload.token)}`;
}

describe(`maintenance log (${process.env.TEST_DB})`, () => {
  it('staff log an issue, list, read and change it; done stamps completed_at', async () => {
    const unit = await createUnit(t.database);
    const issue = await report(unit.unit_id, { title: ' Leaking tap ', notes: 'Bathroom' });
    expect(issue).toEqual({
      issue_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      unit_id: unit.unit_id,
      unit_name: unit.unit_name,
      unit_code: unit.unit_code,
      title: 'Leaking tap',
      priority: 'normal',
      status: 'open',
      notes: 'Bathroom',
      cost: null,
      scheduled_from: null,
      scheduled_to: null,
      blackout_id: null,
      expense_id: null,
      completed_at: null,
      created_by: expect.any(String),
      created_by_name: expect.any(String),
      created_at: expect.any(String),
      updated_at: expect.any(String),
      photos: [],
    });
    const list = await staff.inject({
      method: 'GET',
      url: `/api/units/${unit.unit_id}/maintenance`,
    });
    expect(list.json().data.map((i: Issue) => i.issue_id)).toEqual([issue.issue_id]);

    const patched = await staff.inject({
      method: 'PATCH',
      url: `/api/maintenance/${issue.issue_id}`,
      payload: { status: 'done', priority: 'urgent', cost: 1250.5, notes: null },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data).toMatchObject({
      status: 'done',
      priority: 'urgent',
      cost: 1250.5,
      notes: null,
      completed_at: expect.any(String),
    });
    const reopened = await staff.inject({
      method: 'PATCH',
      url: `/api/maintenance/${issue.issue_id}`,
      payload: { status: 'in_progress' },
    });
    expect(reopened.json().data).toMatchObject({ status: 'in_progress', completed_at: null });

    const bad = await staff.inject({
      method: 'POST',
      url: `/api/units/${unit.unit_id}/maintenance`,
      payload: { title: '', priority: 'whenever', cost: -5 },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .issues.map((i: { path: string }) => i.path)
        .sort(),
    ).toEqual(['cost', 'priority', 'title']);
    const noCabin = await staff.inject({
      method: 'POST',
      url: '/api/units/00000000-0000-4000-8000-000000000000/maintenance',
      payload: { title: 'x' },
    });
    expect(noCabin.statusCode).toBe(404);
  });

  it('scheduled dates block the nights as maintenance; refused over bookings, naming them', async () => {
    const unit = await createUnit(t.database);
    const booking = await createBooking(t.database, unit.unit_id, {
      check_in: '2027-04-20',
      check_out: '2027-04-22',
    });
    const refused = await staff.inject({
      method: 'POST',
      url: `/api/units/${unit.unit_id}/maintenance`,
      payload: { title: 'Repaint', scheduled_from: '2027-04-19', scheduled_to: '2027-04-20' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(booking.booking_reference);
    const none = await staff.inject({
      method: 'GET',
      url: `/api/units/${unit.unit_id}/maintenance`,
    });
    expect(none.json().data).toEqual([]);

    const issue = await report(unit.unit_id, {
      title: 'Repaint',
      scheduled_from: '2027-04-15',
      scheduled_to: '2027-04-17',
    });
    expect(issue.blackout_id).toEqual(expect.any(String));
    const blocks = await t.database.query<Record<string, unknown>>(
      `SELECT kind, start_date::text, end_date::text, maintenance_issue_id FROM availability_blackouts
        WHERE unit_id = $1`,
      [unit.unit_id],
    );
    expect(blocks).toEqual([
      {
        kind: 'maintenance',
        start_date: '2027-04-15',
        end_date: '2027-04-17',
        maintenance_issue_id: issue.issue_id,
      },
    ]);
    await expect(
      createBooking(t.database, unit.unit_id, { check_in: '2027-04-16', check_out: '2027-04-18' }),
    ).rejects.toThrow();

    const moveOver = await staff.inject({
      method: 'PATCH',
      url: `/api/maintenance/${issue.issue_id}`,
      payload: { scheduled_to: '2027-04-21' },
    });
    expect(moveOver.statusCode).toBe(409);
    expect(moveOver.json().message).toContain(booking.booking_reference);

    const halfCleared = await staff.inject({
      method: 'PATCH',
      url: `/api/maintenance/${issue.issue_id}`,
      payload: { scheduled_from: null },
    });
    expect(halfCleared.statusCode).toBe(400);

    const cleared = await staff.inject({
      method: 'PATCH',
      url: `/api/maintenance/${issue.issue_id}`,
      payload: { scheduled_from: null, scheduled_to: null },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data).toMatchObject({ scheduled_from: null, blackout_id: null });
    const freed = await createBooking(t.database, unit.unit_id, {
      check_in: '2027-04-16',
      check_out: '2027-04-18',
    });
    expect(freed.booking_id).toBeTruthy();
  });

  it('records the cost as an expense in one step, once', async () => {
    const unit = await createUnit(t.database);
    const issue = await report(unit.unit_id, { title: 'New pump', cost: 4500 });
    const countExpenses = async () =>
      (await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM expenses'))[0]!.n;
    const before = await countExpenses();

    const first = await staff.inject({
      method: 'POST',
      url: `/api/maintenance/${issue.issue_id}/expense`,
    });
    expect(first.statusCode, first.body).toBe(201);
    const { expense_id: expenseId, data } = first.json();
    expect(data.expense_id).toBe(expenseId);
    const expense = await staff.inject({ method: 'GET', url: `/api/expenses/${expenseId}` });
    expect(expense.json().data).toMatchObject({
      category: 'Maintenance',
      amount: 4500,
      unit_id: unit.unit_id,
      expense_date: TODAY,
      description: `${unit.unit_name}: New pump`,
    });

    const second = await staff.inject({
      method: 'POST',
      url: `/api/maintenance/${issue.issue_id}/expense`,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(MAINTENANCE_ERRORS.alreadyExpense);
    expect(await countExpenses()).toBe(before + 1);

    const costChange = await staff.inject({
      method: 'PATCH',
      url: `/api/maintenance/${issue.issue_id}`,
      payload: { cost: 5000 },
    });
    expect(costChange.statusCode).toBe(409);

    const noCost = await report(unit.unit_id, { title: 'Inspect roof' });
    const missing = await staff.inject({
      method: 'POST',
      url: `/api/maintenance/${noCost.issue_id}/expense`,
    });
    expect(missing.statusCode).toBe(400);
    expect(await countExpenses()).toBe(before + 1);
  });

  it('takes photos through a signed upload with the receipts’ rules and serves them to staff', async () => {
    const unit = await createUnit(t.database);
    const issue = await report(unit.unit_id, { title: 'Cracked tile' });
    const png = await makePng();
    const ask = (payload: Record<string, unknown>) =>
      staff.inject({
        method: 'POST',
        url: `/api/maintenance/${issue.issue_id}/photo-upload`,
        payload,
      });

    const tooBig = await ask({
      file_name: 'a.png',
      file_type: 'image/png',
      file_size: 3 * 1024 * 1024,
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('File must be less than 2MB');
    const wrongType = await ask({ file_name: 'a.gif', file_type: 'image/gif', file_size: 10 });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toBe(
      'Invalid file type. Please upload a JPG, PNG, WebP or PDF file.',
    );

    const signed = await ask({
      file_name: 'Tile Crack.PNG',
      file_type: 'image/png',
      file_size: png.length,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const { upload } = signed.json();
    expect(upload.bucket).toBe('maintenance-photos');
    expect(upload.path).toMatch(new RegExp(`^${issue.issue_id}/\\d+-tile-crack\\.png$`));

    // The bytes are checked by the storage: not a PNG is refused.
    const fake = await t.app.inject({
      method: 'PUT',
      url: uploadUrl(upload),
      payload: Buffer.from('not an image at all'),
      headers: { 'content-type': 'image/png' },
    });
    expect(fake.statusCode).toBeGreaterThanOrEqual(400);

    const signedAgain = await ask({
      file_name: 'tile.png',
      file_type: 'image/png',
      file_size: png.length,
    });
    const good = signedAgain.json().upload;
    const put = await t.app.inject({
      method: 'PUT',
      url: uploadUrl(good),
      payload: png,
      headers: { 'content-type': 'image/png' },
    });
    expect(put.statusCode, put.body).toBe(200);

    const foreign = await staff.inject({
      method: 'POST',
      url: `/api/maintenance/${issue.issue_id}/photos`,
      payload: { path: '00000000-0000-4000-8000-000000000000/1-x.png' },
    });
    expect(foreign.statusCode).toBe(400);

    const attached = await staff.inject({
      method: 'POST',
      url: `/api/maintenance/${issue.issue_id}/photos`,
      payload: { path: good.path },
    });
    expect(attached.statusCode, attached.body).toBe(200);
    const [photo] = attached.json().data.photos;
    expect(photo).toMatchObject({ file_name: 'tile.png' });

    const download = await staff.inject({ method: 'GET', url: photo.url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    const refused = await housekeeping.inject({ method: 'GET', url: photo.url });
    expect(refused.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: photo.url });
    expect(anonymous.statusCode).toBe(401);

    const removed = await staff.inject({ method: 'DELETE', url: photo.url });
    expect(removed.statusCode).toBe(204);
    const gone = await staff.inject({ method: 'GET', url: photo.url });
    expect(gone.statusCode).toBe(404);
  });

  it('housekeeping accounts are refused the maintenance log', async () => {
    const unit = await createUnit(t.database);
    const issue = await report(unit.unit_id, { title: 'Door' });
    for (const [method, url] of [
      ['GET', `/api/units/${unit.unit_id}/maintenance`],
      ['POST', `/api/units/${unit.unit_id}/maintenance`],
      ['PATCH', `/api/maintenance/${issue.issue_id}`],
      ['POST', `/api/maintenance/${issue.issue_id}/expense`],
    ] as const) {
      const response = await housekeeping.inject({ method, url, payload: { title: 'x' } });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().message).toBe(PERMISSION_MESSAGES.housekeepingOnly);
    }
  });

  it('writes the audit trail under MAINTENANCE', async () => {
    const unit = await createUnit(t.database);
    const issue = await report(unit.unit_id, {
      title: 'Audit me',
      scheduled_from: '2027-05-01',
      scheduled_to: '2027-05-02',
    });
    await staff.inject({
      method: 'PATCH',
      url: `/api/maintenance/${issue.issue_id}`,
      payload: { status: 'done' },
    });
    const rows = await t.database.query<Record<string, unknown>>(
      `SELECT event_type, category, description, user_email FROM audit_logs
        WHERE table_name = 'maintenance_issues' AND record_id = $1 ORDER BY seq`,
      [issue.issue_id],
    );
    expect(rows).toEqual([
      {
        event_type: 'maintenance_issue_created',
        category: 'MAINTENANCE',
        description: 'Maintenance issue created: Audit me',
        user_email: staff.account.email,
      },
      {
        event_type: 'maintenance_issue_done',
        category: 'MAINTENANCE',
        description: 'Maintenance issue updated: Audit me',
        user_email: staff.account.email,
      },
    ]);
    const block = await t.database.query<{ category: string; event_type: string }>(
      `SELECT category, event_type FROM audit_logs
        WHERE table_name = 'availability_blackouts' AND record_id = $1`,
      [issue.blackout_id],
    );
    expect(block).toEqual([{ category: 'MAINTENANCE', event_type: 'maintenance_scheduled' }]);
    const chain = await t.database.query('SELECT * FROM audit_verify_chain()');
    expect(chain).toEqual([]);
  });
});
