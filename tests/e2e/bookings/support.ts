import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '../fixtures';
import { createBookingByApi, newGuest, uploadUrl } from '../guest/guest-helpers';
import { FIXTURES } from '../guest/proof-files';
import { apiSend } from '../support/auth';

/*
 * Helpers of the bookings, payments and guests specs. Stays use offsets 500 days ahead and more,
 * which no other spec books, so specs running side by side never take each other's nights.
 */

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

/** A stay `offset` days from the resort's today, `nights` long. */
export function stayAt(offset: number, nights = 1) {
  const checkIn = addDays(manilaToday(), offset);
  return { check_in: checkIn, check_out: addDays(checkIn, nights) };
}

/** "Jan 05, 2025" (SPEC §9), for a 'YYYY-MM-DD' date. */
export function longDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  const name = new Date(Date.UTC(year!, month! - 1, day!)).toLocaleString('en-US', {
    month: 'short',
    timeZone: 'UTC',
  });
  return `${name} ${String(day).padStart(2, '0')}, ${year}`;
}

/** Letters only (SPEC §5 names), different on every run. */
export function uniqueLetters(length = 6): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz';
  let text = '';
  for (let i = 0; i < length; i += 1) text += alphabet[Math.floor(Math.random() * 26)];
  return text;
}

export interface PublicUnit {
  unit_id: string;
  unit_code: string;
  unit_name: string;
  max_occupancy: number;
}

export async function unitByCode(request: APIRequestContext, code: string): Promise<PublicUnit> {
  const response = await request.get('/api/public/units');
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: PublicUnit[] };
  const unit = data.find((u) => u.unit_code === code);
  if (!unit) throw new Error(`No cabin with code ${code}`);
  return unit;
}

export interface StaffBooking {
  booking_id: string;
  booking_reference: string;
  booking_status: string;
  total_amount: number;
}

/** POST /api/bookings with a signed-in context. */
export async function createStaffBooking(
  request: APIRequestContext,
  input: {
    unitId: string;
    guestName: string;
    email: string;
    stay: { check_in: string; check_out: string };
    guests?: number;
  },
): Promise<StaffBooking> {
  const response = await apiSend(request, 'POST', '/api/bookings', {
    unit_id: input.unitId,
    guest_name: input.guestName,
    email: input.email,
    contact_number: '09171234567',
    num_guests: input.guests ?? 2,
    ...input.stay,
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: StaffBooking }).data;
}

/** Waits for the page's toast with this text. */
export function toast(page: Page, text: string | RegExp) {
  return page.getByRole('region', { name: 'Notifications' }).getByText(text);
}

/**
 * A booking made the way the public page makes one (POST /api/guest-booking with a solved bot
 * challenge, the proof PUT to its signed location, then confirmed): Pending, with a Pending
 * payment whose proof is the committed PNG receipt.
 */
export async function createGuestBookingWithProof(
  request: APIRequestContext,
  input: { unitId: string; stay: { check_in: string; check_out: string }; tag: string },
) {
  const guest = newGuest(input.tag);
  const proof = readFileSync(FIXTURES.png);
  const created = await createBookingByApi(request, {
    ...guest,
    unitId: input.unitId,
    checkIn: input.stay.check_in,
    checkOut: input.stay.check_out,
    file: { name: 'gcash-receipt.png', type: 'image/png', size: proof.length },
  });
  const put = await request.put(uploadUrl(created.upload), {
    data: proof,
    headers: { 'Content-Type': 'image/png' },
  });
  expect(put.status(), await put.text()).toBe(200);
  const confirmed = await request.post('/api/guest-booking/confirm', {
    data: {
      booking_id: created.booking.booking_id,
      file_path: created.upload.path,
      file_size: proof.length,
    },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return { guest, booking: created.booking };
}

/** Records a payment with the PNG proof through the API (as the dialog does). */
export async function recordPaymentByApi(
  request: APIRequestContext,
  bookingId: string,
  amount: number,
) {
  const proof = readFileSync(FIXTURES.png);
  const response = await apiSend(request, 'POST', '/api/payments', {
    booking_id: bookingId,
    payment_amount: amount,
    payment_method: 'GCash',
    file_name: 'receipt.png',
    file_type: 'image/png',
    file_size: proof.length,
  });
  expect(response.status(), await response.text()).toBe(201);
  const { data, upload } = (await response.json()) as {
    data: { payment_id: string };
    upload: { bucket: string; path: string; token: string; expires_at: string };
  };
  const put = await request.put(uploadUrl(upload), {
    data: proof,
    headers: { 'Content-Type': 'image/png' },
  });
  expect(put.status()).toBe(200);
  const attached = await apiSend(request, 'POST', `/api/payments/${data.payment_id}/proof`, {
    path: upload.path,
  });
  expect(attached.status(), await attached.text()).toBe(200);
  return ((await attached.json()) as { data: { payment_id: string; payment_status: string } }).data;
}
