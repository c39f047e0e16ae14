import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES as FORM } from '../../../src/domain/messages';
import { EXPENSE_MESSAGES } from '../../../src/server/expenses/expenses.service';
import { signInAs, type SignedIn } from '../../support/auth';
import { createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';
import { makePng } from '../guest-booking/guest-helpers';

let t: TestApp;
let staff: SignedIn;
let otherStaff: SignedIn;
let manager: SignedIn;
let owner: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  staff = await signInAs(t, 'staff');
  otherStaff = await signInAs(t, 'staff');
  manager = await signInAs(t, 'manager');
  owner = await signInAs(t, 'owner');
});
afterAll(() => t.close());

const valid = (overrides: Record<string, unknown> = {}) => ({
  expense_date: '2026-03-15',
  category: 'Utilities',
  amount: 4520.5,
  description: 'Electricity bill for February',
  vendor: 'PALECO',
  ...overrides,
});

async function expenseCount(): Promise<number> {
  const [row] = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM expenses');
  return row!.n;
}

async function record(session: SignedIn, overrides: Record<string, unknown> = {}) {
  const response = await session.inject({
    method: 'POST',
    url: '/api/expenses',
    payload: valid(overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { expense_id: string; [key: string]: unknown };
}

function uploadUrl(upload: { bucket: string; path: string; token: string }) {
  const segments = [upload.bucket, ...upload.path.split('/')].map(encodeURIComponent).join('/');
  return `/api/storage/upload/${segments}?token=${encodeURIComponent(upload.token)}`;
}

describe(`expenses API (${process.env.TEST_DB})`, () => {
  it('lets any member of staff record an expense, with who recorded it from the session', async () => {
    const unit = await createUnit(t.database);
    const response = await staff.inject({
      method: 'POST',
      url: '/api/expenses',
      payload: valid({
        unit_id: unit.unit_id,
        created_by: 'someone-else',
        created_by_name: 'Mallory',
        proof_url: 'https://evil.example/x.png',
      }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const expense = response.json().data;
    expect(expense).toMatchObject({
      expense_date: '2026-03-15',
      category: 'Utilities',
      amount: 4520.5,
      vendor: 'PALECO',
      unit_id: unit.unit_id,
      unit_name: unit.unit_name,
      created_by: staff.user.id,
      created_by_name: staff.user.name,
      proof_url: null,
    });
    const [audit] = await t.database.query<{ user_email: string; event_type: string }>(
      `SELECT user_email, event_type FROM audit_logs WHERE table_name = 'expenses' AND record_id = $1`,
      [expense.expense_id],
    );
    expect(audit).toEqual({ user_email: staff.user.email, event_type: 'expense_recorded' });
  });

  const bad: [string, Record<string, unknown>, string, string][] = [
    ['a bad date', { expense_date: '2026-02-30' }, 'expense_date', FORM.invalidDate],
    ['no date', { expense_date: undefined }, 'expense_date', FORM.invalidDate],
    ['an unknown category', { category: 'Food' }, 'category', FORM.selectCategory],
    ['a zero amount', { amount: 0 }, 'amount', FORM.amountPositive],
    ['a negative amount', { amount: -5 }, 'amount', FORM.amountPositive],
    ['an amount too large', { amount: 1_000_001 }, 'amount', FORM.amountMax],
    ['three decimals', { amount: 12.345 }, 'amount', FORM.amountInvalid],
    ['an amount as text', { amount: 'lots' }, 'amount', FORM.amountInvalid],
    ['no description', { description: '' }, 'description', FORM.required],
    [
      'a long description',
      { description: 'x'.repeat(501) },
      'description',
      'Must be 500 characters or less',
    ],
    ['a long vendor', { vendor: 'x'.repeat(101) }, 'vendor', 'Must be 100 characters or less'],
    ['a malformed cabin', { unit_id: 'cabin' }, 'unit_id', FORM.selectUnit],
    [
      'a cabin that does not exist',
      { unit_id: '00000000-0000-4000-8000-000000000000' },
      'unit_id',
      FORM.selectUnit,
    ],
  ];
  for (const [label, change, field, message] of bad) {
    it(`refuses ${label} with "${message}" and writes nothing`, async () => {
      const before = await expenseCount();
      const response = await staff.inject({
        method: 'POST',
        url: '/api/expenses',
        payload: valid(change),
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().issues).toContainEqual({ path: field, message });
      expect(await expenseCount()).toBe(before);
    });
  }

  it('lets the creator and managers edit, and refuses another member of staff', async () => {
    const expense = await record(staff);
    const byCreator = await staff.inject({
      method: 'PATCH',
      url: `/api/expenses/${expense.expense_id}`,
      payload: { amount: 4600, vendor: null },
    });
    expect(byCreator.statusCode, byCreator.body).toBe(200);
    expect(byCreator.json().data).toMatchObject({ amount: 4600, vendor: null });

    const byOther = await otherStaff.inject({
      method: 'PATCH',
      url: `/api/expenses/${expense.expense_id}`,
      payload: { amount: 1 },
    });
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json().message).toBe(EXPENSE_MESSAGES.editDenied);
    const [stored] = await t.database.query<{ amount: number }>(
      'SELECT amount FROM expenses WHERE expense_id = $1',
      [expense.expense_id],
    );
    expect(stored!.amount).toBe(4600);

    const byManager = await manager.inject({
      method: 'PATCH',
      url: `/api/expenses/${expense.expense_id}`,
      payload: { category: 'Maintenance', description: 'Generator repair' },
    });
    expect(byManager.statusCode).toBe(200);
    expect(byManager.json().data).toMatchObject({
      category: 'Maintenance',
      created_by: staff.user.id,
    });

    const badAmount = await staff.inject({
      method: 'PATCH',
      url: `/api/expenses/${expense.expense_id}`,
      payload: { amount: 0 },
    });
    expect(badAmount.statusCode).toBe(400);
    expect(badAmount.json().message).toBe(FORM.amountPositive);

    const anonymous = await t.app.inject({
      method: 'PATCH',
      url: `/api/expenses/${expense.expense_id}`,
      payload: { amount: 1 },
    });
    expect(anonymous.statusCode).toBe(401);

    const missing = await manager.inject({
      method: 'PATCH',
      url: '/api/expenses/00000000-0000-4000-8000-000000000000',
      payload: { amount: 1 },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('lets only owners delete', async () => {
    const expense = await record(staff);
    for (const session of [staff, manager]) {
      const refused = await session.inject({
        method: 'DELETE',
        url: `/api/expenses/${expense.expense_id}`,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(EXPENSE_MESSAGES.deleteDenied);
    }
    const deleted = await owner.inject({
      method: 'DELETE',
      url: `/api/expenses/${expense.expense_id}`,
    });
    expect(deleted.statusCode).toBe(204);
    const gone = await staff.inject({ method: 'GET', url: `/api/expenses/${expense.expense_id}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(EXPENSE_MESSAGES.notFound);
  });

  it('lists with filters and paging, and totals by category and by month', async () => {
    const unit = await createUnit(t.database);
    const tag = 'Zamboanga';
    await record(staff, {
      expense_date: '2025-01-05',
      category: 'Supplies',
      amount: 100,
      description: `${tag} towels`,
      unit_id: unit.unit_id,
    });
    await record(staff, {
      expense_date: '2025-01-20',
      category: 'Supplies',
      amount: 250.25,
      description: `${tag} soap`,
    });
    await record(manager, {
      expense_date: '2025-02-03',
      category: 'Marketing',
      amount: 1000,
      description: `${tag} flyers`,
    });
    await record(manager, {
      expense_date: '2025-04-01',
      category: 'Marketing',
      amount: 999,
      description: 'Outside the range',
    });

    const list = async (query: string) => {
      const response = await staff.inject({ method: 'GET', url: `/api/expenses?${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const all = await list(`search=${tag}`);
    expect(all.total).toBe(3);
    expect(all.total_amount).toBe(1350.25);
    expect(all.data.map((e: { expense_date: string }) => e.expense_date)).toEqual([
      '2025-02-03',
      '2025-01-20',
      '2025-01-05',
    ]);
    expect((await list(`search=${tag}&category=Supplies`)).total).toBe(2);
    expect((await list(`unit_id=${unit.unit_id}`)).data[0].description).toBe(`${tag} towels`);
    expect((await list('from=2025-01-10&to=2025-02-28')).total).toBe(2);
    const page2 = await list(`search=${tag}&page=2&page_size=2`);
    expect(page2).toMatchObject({ page: 2, page_size: 2, total: 3 });
    expect(page2.data).toHaveLength(1);

    const summary = await staff.inject({
      method: 'GET',
      url: '/api/expenses/summary?from=2025-01-01&to=2025-03-31',
    });
    expect(summary.statusCode).toBe(200);
    expect(summary.json().data).toEqual({
      total: 1350.25,
      count: 3,
      by_category: [
        { category: 'Marketing', total: 1000, count: 1 },
        { category: 'Supplies', total: 350.25, count: 2 },
      ],
      by_month: [
        { month: '2025-01', total: 350.25, count: 2 },
        { month: '2025-02', total: 1000, count: 1 },
      ],
    });

    const badCategory = await staff.inject({ method: 'GET', url: '/api/expenses?category=Food' });
    expect(badCategory.statusCode).toBe(400);
    expect(badCategory.json().message).toBe(FORM.selectCategory);
  });

  it('takes a proof through a signed upload, serves it to staff only, and replaces it', async () => {
    const expense = await record(staff);
    const png = await makePng();

    const refused = await otherStaff.inject({
      method: 'POST',
      url: `/api/expenses/${expense.expense_id}/proof-upload`,
      payload: { file_name: 'receipt.png', file_type: 'image/png', file_size: png.length },
    });
    expect(refused.statusCode).toBe(403);

    const tooBig = await staff.inject({
      method: 'POST',
      url: `/api/expenses/${expense.expense_id}/proof-upload`,
      payload: { file_name: 'receipt.png', file_type: 'image/png', file_size: 3 * 1024 * 1024 },
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('File must be less than 2MB');

    const wrongType = await staff.inject({
      method: 'POST',
      url: `/api/expenses/${expense.expense_id}/proof-upload`,
      payload: { file_name: 'receipt.gif', file_type: 'image/gif', file_size: 10 },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toBe(
      'Invalid file type. Please upload a JPG, PNG, WebP or PDF file.',
    );

    const signed = await staff.inject({
      method: 'POST',
      url: `/api/expenses/${expense.expense_id}/proof-upload`,
      payload: { file_name: 'Official Receipt.PNG', file_type: 'image/png', file_size: png.length },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const { upload } = signed.json();
    expect(upload.bucket).toBe('expense-proofs');
    expect(upload.path).toMatch(new RegExp(`^${expense.expense_id}/\\d+-official-receipt\\.png$`));

    const put = await t.app.inject({
      method: 'PUT',
      url: uploadUrl(upload),
      payload: png,
      headers: { 'content-type': 'image/png' },
    });
    expect(put.statusCode, put.body).toBe(200);

    const foreign = await staff.inject({
      method: 'POST',
      url: `/api/expenses/${expense.expense_id}/proof`,
      payload: { path: `00000000-0000-4000-8000-000000000000/1-x.png` },
    });
    expect(foreign.statusCode).toBe(400);

    const attached = await staff.inject({
      method: 'POST',
      url: `/api/expenses/${expense.expense_id}/proof`,
      payload: { path: upload.path },
    });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json().data).toMatchObject({
      proof_url: `/api/expenses/${expense.expense_id}/proof`,
      proof_file_name: 'official-receipt.png',
    });
    const [row] = await t.database.query<{ proof_url: string }>(
      'SELECT proof_url FROM expenses WHERE expense_id = $1',
      [expense.expense_id],
    );
    expect(row!.proof_url).toBe(upload.path);

    const download = await otherStaff.inject({
      method: 'GET',
      url: `/api/expenses/${expense.expense_id}/proof`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toBe('inline; filename="official-receipt.png"');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(download.rawPayload.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/expenses/${expense.expense_id}/proof`,
    });
    expect(anonymous.statusCode).toBe(401);

    // A second proof replaces the first, whose file goes.
    const firstFile = path.join(t.dataDir, 'storage', 'expense-proofs', ...upload.path.split('/'));
    expect(existsSync(firstFile)).toBe(true);
    const again = await manager.inject({
      method: 'POST',
      url: `/api/expenses/${expense.expense_id}/proof-upload`,
      payload: { file_name: 'second.png', file_type: 'image/png', file_size: png.length },
    });
    const second = again.json().upload;
    await t.app.inject({
      method: 'PUT',
      url: uploadUrl(second),
      payload: png,
      headers: { 'content-type': 'image/png' },
    });
    const replaced = await manager.inject({
      method: 'POST',
      url: `/api/expenses/${expense.expense_id}/proof`,
      payload: { path: second.path },
    });
    expect(replaced.statusCode).toBe(200);
    expect(existsSync(firstFile)).toBe(false);

    // Deleting the expense removes its proof.
    const secondFile = path.join(t.dataDir, 'storage', 'expense-proofs', ...second.path.split('/'));
    expect(existsSync(secondFile)).toBe(true);
    await owner.inject({ method: 'DELETE', url: `/api/expenses/${expense.expense_id}` });
    expect(existsSync(secondFile)).toBe(false);

    const noProof = await record(staff);
    const none = await staff.inject({
      method: 'GET',
      url: `/api/expenses/${noProof.expense_id}/proof`,
    });
    expect(none.statusCode).toBe(404);
  });
});
