import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DEPOSIT_SETTINGS } from '../../../src/domain/deposit';
import { PAYMENT_INSTRUCTION_MESSAGES } from '../../../src/domain/schemas/payment-instructions.schema';
import { DEFAULT_PAYMENT_INSTRUCTIONS } from '../../../src/domain/settings-defaults';
import { DEPOSIT_MESSAGES } from '../../../src/domain/schemas/settings.schema';
import { signInAs, type SignedIn } from '../../support/auth';
import { createTestApp, type TestApp } from '../../support/test-app';
import { makeJpegWithExif, makePdf, makePng } from '../guest-booking/guest-helpers';

/**
 * Issue 17 points 2 and 3: Settings → Pricing's deposit and balance rule and the "How guests
 * pay" group (GCash, Maya, bank accounts, QR Ph code, note): owners change them through PATCH
 * /api/settings (and the QR upload), bad input is refused with its message and nothing written,
 * and the public settings carry both for the guest pages.
 */

let t: TestApp;
let owner: SignedIn;
let manager: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  [owner, manager] = await Promise.all([signInAs(t, 'owner'), signInAs(t, 'manager')]);
});
afterAll(() => t.close());

type Issues = { message: string; issues?: { path: string; message: string }[] };

const patch = (body: unknown, as: SignedIn = owner) =>
  as.inject({ method: 'PATCH', url: '/api/settings', payload: body as object });
type Groups = {
  deposit: unknown;
  payment_instructions: Record<string, unknown> & { qr_image_url: string | null };
};
const settings = async () =>
  (await owner.inject({ method: 'GET', url: '/api/settings' })).json() as Groups & {
    pricing: { deposit: unknown };
  };
const publicSettings = async () =>
  ((await t.app.inject({ method: 'GET', url: '/api/public/settings' })).json() as { data: Groups })
    .data;
const storedRows = () =>
  t.database.query<{ key: string; value: unknown }>('SELECT key, value FROM settings ORDER BY key');
const uploadQr = (body: Buffer, contentType: string, as: SignedIn = owner) =>
  as.inject({
    method: 'POST',
    url: '/api/settings/payment-qr',
    headers: { 'content-type': contentType },
    payload: body,
  });

describe(`deposit settings (${process.env.TEST_DB})`, () => {
  it('defaults to 50% now and the balance at check-in, everywhere it is read', async () => {
    expect((await settings()).pricing.deposit).toEqual(DEFAULT_DEPOSIT_SETTINGS);
    expect(await t.app.deps.settings.getDepositSettings()).toEqual({
      mode: 'percent',
      percent: 50,
      balance_due_days_before_arrival: 0,
    });
    expect((await publicSettings()).deposit).toEqual(DEFAULT_DEPOSIT_SETTINGS);
  });

  it('an owner sets the first night, then a percentage due 7 days before arrival', async () => {
    const first = await patch({ pricing: { deposit: { mode: 'first_night' } } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().pricing.deposit).toEqual({
      ...DEFAULT_DEPOSIT_SETTINGS,
      mode: 'first_night',
    });

    const second = await patch({
      pricing: { deposit: { mode: 'percent', percent: 30, balance_due_days_before_arrival: 7 } },
    });
    expect(second.statusCode, second.body).toBe(200);
    const deposit = { mode: 'percent', percent: 30, balance_due_days_before_arrival: 7 };
    expect(await t.app.deps.settings.getDepositSettings()).toEqual(deposit);
    expect((await publicSettings()).deposit).toEqual(deposit);

    // The pricing form sends its fields without the deposit: the deposit stays, and pricing
    // (what bookings are priced with) never carries it.
    const pricingOnly = await patch({ pricing: { weekend_multiplier: 1.4 } });
    expect(pricingOnly.statusCode).toBe(200);
    expect(pricingOnly.json().pricing).toMatchObject({ weekend_multiplier: 1.4, deposit });
    expect(await t.app.deps.settings.getPricing()).not.toHaveProperty('deposit');
    await patch({ pricing: { weekend_multiplier: 1.3 } });
  });

  it.each([
    [{ mode: 'half' }, 'pricing.deposit.mode', DEPOSIT_MESSAGES.mode],
    [{ percent: 0 }, 'pricing.deposit.percent', DEPOSIT_MESSAGES.percent],
    [{ percent: 101 }, 'pricing.deposit.percent', DEPOSIT_MESSAGES.percent],
    [{ percent: 33.5 }, 'pricing.deposit.percent', DEPOSIT_MESSAGES.percent],
    [{ percent: '50' }, 'pricing.deposit.percent', DEPOSIT_MESSAGES.percent],
    [
      { balance_due_days_before_arrival: -1 },
      'pricing.deposit.balance_due_days_before_arrival',
      DEPOSIT_MESSAGES.days,
    ],
    [
      { balance_due_days_before_arrival: 366 },
      'pricing.deposit.balance_due_days_before_arrival',
      DEPOSIT_MESSAGES.days,
    ],
    [
      { balance_due_days_before_arrival: 1.5 },
      'pricing.deposit.balance_due_days_before_arrival',
      DEPOSIT_MESSAGES.days,
    ],
    [{ due: 3 }, 'pricing.deposit', undefined],
  ])('refuses deposit %j with a 400 and writes nothing', async (deposit, path, message) => {
    const before = await storedRows();
    const response = await patch({ pricing: { deposit } });
    expect(response.statusCode, response.body).toBe(400);
    const issues = (response.json() as Issues).issues ?? [];
    expect(
      issues.some((issue) => issue.path === path && (!message || issue.message === message)),
    ).toBe(true);
    expect(await storedRows()).toEqual(before);
  });

  it('a manager cannot change the deposit (403), and nothing is written', async () => {
    const before = await storedRows();
    const response = await patch({ pricing: { deposit: { mode: 'full' } } }, manager);
    expect(response.statusCode).toBe(403);
    expect(await storedRows()).toEqual(before);
  });
});

describe(`payment instructions (${process.env.TEST_DB})`, () => {
  it('start empty, and the public settings carry them', async () => {
    expect((await settings()).payment_instructions).toEqual(DEFAULT_PAYMENT_INSTRUCTIONS);
    expect((await publicSettings()).payment_instructions).toEqual(DEFAULT_PAYMENT_INSTRUCTIONS);
  });

  it('an owner sets GCash, Maya, bank accounts and a note: numbers normalised, text sanitised', async () => {
    const response = await patch({
      payment_instructions: {
        gcash_number: '0917 123 4567',
        gcash_name: 'Playa Serena Resort',
        maya_number: '+63 918 765 4321',
        maya_name: ' J. Dela Cruz ',
        bank_accounts: [
          { bank: 'BPI', account_name: 'Playa Serena Inc.', account_number: '1234-5678-90' },
          { bank: 'BDO', account_name: 'Playa Serena Inc.', account_number: '0012 3456 7890' },
        ],
        note: 'Write your booking reference in the message. <script>alert(1)</script>',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const expected = {
      gcash_number: '+639171234567',
      gcash_name: 'Playa Serena Resort',
      maya_number: '+639187654321',
      maya_name: 'J. Dela Cruz',
      bank_accounts: [
        { bank: 'BPI', account_name: 'Playa Serena Inc.', account_number: '1234-5678-90' },
        { bank: 'BDO', account_name: 'Playa Serena Inc.', account_number: '0012 3456 7890' },
      ],
      qr_image_url: null,
      note: 'Write your booking reference in the message.',
    };
    expect(response.json().payment_instructions).toEqual(expected);
    expect((await publicSettings()).payment_instructions).toEqual(expected);
    expect(await t.app.deps.settings.getPaymentInstructions()).toEqual(expected);

    // Removing the bank accounts and Maya: an empty list and empty text mean "not offered".
    const fewer = await patch({
      payment_instructions: { bank_accounts: [], maya_number: '', maya_name: '' },
    });
    expect(fewer.json().payment_instructions).toMatchObject({
      bank_accounts: [],
      maya_number: '',
      gcash_number: '+639171234567',
    });
  });

  const account = { bank: 'BPI', account_name: 'Playa Serena Inc.', account_number: '1234567890' };
  it.each([
    [
      { gcash_number: '(02) 8888 1234' },
      'payment_instructions.gcash_number',
      PAYMENT_INSTRUCTION_MESSAGES.mobileNumber,
    ],
    [
      { maya_number: '12345' },
      'payment_instructions.maya_number',
      PAYMENT_INSTRUCTION_MESSAGES.mobileNumber,
    ],
    [
      { gcash_name: '' },
      'payment_instructions.gcash_name',
      PAYMENT_INSTRUCTION_MESSAGES.nameNeeded,
    ],
    [
      { bank_accounts: [{ ...account, account_number: 'abc' }] },
      'payment_instructions.bank_accounts.0.account_number',
      PAYMENT_INSTRUCTION_MESSAGES.accountNumber,
    ],
    [
      { bank_accounts: [{ ...account, bank: ' ' }] },
      'payment_instructions.bank_accounts.0.bank',
      PAYMENT_INSTRUCTION_MESSAGES.bankRequired,
    ],
    [
      { bank_accounts: Array.from({ length: 6 }, () => account) },
      'payment_instructions.bank_accounts',
      PAYMENT_INSTRUCTION_MESSAGES.tooManyAccounts,
    ],
    [{ note: 'x'.repeat(501) }, 'payment_instructions.note', 'Must be 500 characters or less'],
    [
      { qr_image_url: 'https://evil.example/qr.png' },
      'payment_instructions.qr_image_url',
      PAYMENT_INSTRUCTION_MESSAGES.qrReadOnly,
    ],
    [
      { qr_image_url: null },
      'payment_instructions.qr_image_url',
      PAYMENT_INSTRUCTION_MESSAGES.qrReadOnly,
    ],
    [{ iban: 'x' }, 'payment_instructions', undefined],
  ])('refuses %j with a 400 and writes nothing', async (body, path, message) => {
    const before = await storedRows();
    const response = await patch({ payment_instructions: body });
    expect(response.statusCode, response.body).toBe(400);
    const issues = (response.json() as Issues).issues ?? [];
    expect(
      issues.some((issue) => issue.path === path && (!message || issue.message === message)),
      JSON.stringify(issues),
    ).toBe(true);
    expect(await storedRows()).toEqual(before);
  });

  it('a manager cannot change them (403)', async () => {
    const response = await patch({ payment_instructions: { note: 'Pay at the desk' } }, manager);
    expect(response.statusCode).toBe(403);
  });
});

describe(`the QR Ph code (${process.env.TEST_DB})`, () => {
  it('an owner uploads it: re-encoded as PNG without metadata, served publicly while current', async () => {
    const response = await uploadQr(await makeJpegWithExif(), 'image/jpeg');
    expect(response.statusCode, response.body).toBe(200);
    const url = response.json().data.qr_image_url as string;
    expect(url).toMatch(/^\/api\/public\/payment-qr\/[0-9a-f-]{36}\.png$/);
    expect((await settings()).payment_instructions.qr_image_url).toBe(url);
    expect((await publicSettings()).payment_instructions.qr_image_url).toBe(url);

    const image = await t.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta.format).toBe('png');
    expect(meta.exif).toBeUndefined();
    expect(image.rawPayload.toString('latin1')).not.toContain('SecretPhoneMaker');

    // A new code replaces the old one, whose address then answers 404.
    const second = await uploadQr(await makePng(), 'image/png');
    expect(second.statusCode).toBe(200);
    const next = second.json().data.qr_image_url as string;
    expect(next).not.toBe(url);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: next })).statusCode).toBe(200);

    // Removing it: null everywhere, its address 404; removing again changes nothing.
    const removed = await owner.inject({ method: 'DELETE', url: '/api/settings/payment-qr' });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.qr_image_url).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: next })).statusCode).toBe(404);
    const again = await owner.inject({ method: 'DELETE', url: '/api/settings/payment-qr' });
    expect(again.statusCode).toBe(200);
  });

  it('refuses what is not an image (415), a mislabelled file, an empty body (400), and managers (403)', async () => {
    await uploadQr(await makePng(), 'image/png');
    const before = await storedRows();
    const pdf = await uploadQr(makePdf(), 'application/pdf');
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json()).toEqual({ message: PAYMENT_INSTRUCTION_MESSAGES.qrInvalidType });
    expect((await uploadQr(makePdf(), 'image/png')).statusCode).toBe(415);
    expect(
      (await uploadQr(Buffer.from('<svg onload="alert(1)"/>'), 'image/svg+xml')).statusCode,
    ).toBe(415);
    const empty = await uploadQr(Buffer.alloc(0), 'image/png');
    expect(empty.statusCode).toBe(400);
    expect((await uploadQr(await makePng(), 'image/png', manager)).statusCode).toBe(403);
    expect(
      (await manager.inject({ method: 'DELETE', url: '/api/settings/payment-qr' })).statusCode,
    ).toBe(403);
    expect(await storedRows()).toEqual(before);
  });

  it('serves nothing under a name that is not the current code', async () => {
    for (const key of [
      'missing.png',
      '..%2Fsettings',
      'a'.repeat(90) + '.png',
      '%2e%2e%2fsecret',
    ]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/public/payment-qr/${key}` });
      expect(response.statusCode, key).toBe(404);
    }
  });
});
