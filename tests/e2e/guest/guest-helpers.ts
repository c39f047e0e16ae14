import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { solveChallenge } from 'altcha-lib';
import type { Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { expect } from '../fixtures';

/** Stay dates are the resort's calendar dates (Asia/Manila), as the form's "today" is. */
export function manilaToday(): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Manila',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** "₱12,345.00", as the app writes pesos (en-PH). */
export function peso(amount: number): string {
  return new Intl.NumberFormat('en-PH', { style: 'currency', currency: 'PHP' }).format(amount);
}

/** "Jan 05, 2027", the app's date format (DESIGN §3 dates are calendar dates). */
export function longDate(date: string): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/** A stay `offset` days from today, `nights` long. Each spec uses its own offsets. */
export function stay(offset: number, nights: number) {
  const checkIn = addDays(manilaToday(), offset);
  return { checkIn, checkOut: addDays(checkIn, nights) };
}

/** The nights of a stay, check-in up to (not including) check-out. */
export function nightsOf(checkIn: string, checkOut: string): string[] {
  const nights: string[] = [];
  for (let night = checkIn; night < checkOut; night = addDays(night, 1)) nights.push(night);
  return nights;
}

export interface PublicUnitRow {
  unit_id: string;
  unit_code: string;
  unit_name: string;
  max_occupancy: number;
}

export async function findUnit(request: APIRequestContext, code: string): Promise<PublicUnitRow> {
  const response = await request.get('/api/public/units');
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: PublicUnitRow[] };
  const unit = data.find((u) => u.unit_code === code);
  if (!unit) throw new Error(`No public unit with code ${code}`);
  return unit;
}

export interface GuestDetails {
  name: string;
  email: string;
  phone: string;
}

/** A guest with a unique e-mail, so outbox messages and lookups are this test's own. */
export function newGuest(tag: string): GuestDetails {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    name: 'Maria Clara Santos',
    email: `guest.${tag}.${id}@example.ph`,
    phone: '09171234567',
  };
}

/** Fills the guest booking form's first two cards. */
export async function fillBookingForm(
  page: Page,
  details: GuestDetails & {
    unitId: string;
    checkIn: string;
    checkOut: string;
    guests?: number;
    paymentMethod?: 'GCash' | 'Maya' | 'BankTransfer' | 'Other';
  },
): Promise<void> {
  await page.getByLabel('Full name').fill(details.name);
  await page.getByLabel('E-mail').fill(details.email);
  await page.getByLabel('Phone number').fill(details.phone);
  await page.getByLabel('Cabin').selectOption(details.unitId);
  await page.getByLabel('Check-in').fill(details.checkIn);
  await page.getByLabel('Check-out').fill(details.checkOut);
  await page.getByLabel('Number of guests').selectOption(String(details.guests ?? 2));
  // Issue 15: the guest says how they paid (the third card).
  await page.getByLabel('How did you pay?').selectOption(details.paymentMethod ?? 'GCash');
}

/** Ticks "I'm not a robot" and waits for the proof of work to finish in the browser. */
export async function verifyHuman(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: "I'm not a robot" }).click();
  await expect(page.getByText('Verified. You can now submit your booking.')).toBeVisible({
    timeout: 30_000,
  });
}

/** Solves the server's ALTCHA challenge in Node, as the browser widget does. */
export async function solveCaptcha(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/captcha/challenge');
  expect(response.ok()).toBe(true);
  const challenge = (await response.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('The ALTCHA challenge was not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export interface CreatedBooking {
  booking: { booking_id: string; booking_reference: string; total_amount: number };
  upload: { bucket: string; path: string; token: string; expires_at: string };
}

/** POST /api/guest-booking as the form sends it (the proof's name, type and size only). */
export async function createBookingByApi(
  request: APIRequestContext,
  input: GuestDetails & {
    unitId: string;
    checkIn: string;
    checkOut: string;
    file: { name: string; type: string; size: number };
  },
): Promise<CreatedBooking> {
  const response = await request.post('/api/guest-booking', {
    data: {
      guest_name: input.name,
      email: input.email,
      phone_number: input.phone,
      unit_id: input.unitId,
      check_in: input.checkIn,
      check_out: input.checkOut,
      num_guests: 2,
      special_requests: '',
      file_name: input.file.name,
      file_type: input.file.type,
      file_size: input.file.size,
      turnstile_token: await solveCaptcha(request),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as CreatedBooking;
}

export function uploadUrl(upload: CreatedBooking['upload']): string {
  const segments = [upload.bucket, ...upload.path.split('/')].map(encodeURIComponent).join('/');
  return `/api/storage/upload/${segments}?token=${encodeURIComponent(upload.token)}`;
}

/** The outbox folder of the server under test (playwright.config.ts sets DATA_DIR). */
export function outboxDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set');
  return path.join(dataDir, 'outbox');
}

/** The .eml messages in the outbox that contain `text`. */
export function findMail(text: string): string[] {
  let names: string[];
  try {
    names = readdirSync(outboxDir()).filter((name) => name.endsWith('.eml'));
  } catch {
    return []; // No mail sent yet: the folder does not exist.
  }
  return names
    .map((name) => readFileSync(path.join(outboxDir(), name), 'utf8'))
    .filter((content) => content.includes(text));
}

/** Attaches the sample receipt and passes the bot check: the form is then ready to submit. */
export async function attachProofAndVerify(page: Page, proofPath: string): Promise<void> {
  await page.getByLabel('Payment proof').setInputFiles(proofPath);
  await expect(page.getByTestId('proof-name')).toHaveText(path.basename(proofPath));
  await verifyHuman(page);
}

/** Submits the form and waits for "Booking received"; answers the booking's reference. */
export async function submitAndReadReference(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Submit Booking' }).click();
  await expect(page.getByRole('heading', { name: 'Booking received' })).toBeVisible({
    timeout: 30_000,
  });
  return (await page.getByTestId('booking-reference').innerText()).trim();
}

/** POST /api/guest-booking/status, as the Check Booking page asks it. */
export async function bookingStatusByApi<T>(
  request: APIRequestContext,
  reference: string,
  email: string,
): Promise<T> {
  const response = await request.post('/api/guest-booking/status', {
    data: { booking_reference: reference, email },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

/** Opens /check-booking for a reference and looks it up with the guest's e-mail. */
export async function openCheckBooking(page: Page, reference: string, email: string) {
  await page.goto(`/check-booking?ref=${reference}`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Check Booking' }).click();
}
