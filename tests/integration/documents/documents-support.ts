import { expect } from 'vitest';
import type { SignedIn } from '../../support/auth';
import type { TestApp } from '../../support/test-app';

/** Issue 20's tests: the seller profile, bookings to bill and the counters that must not move. */

export type Json = Record<string, unknown>;

export const SELLER = {
  registered_name: 'Isla Verde Beach Resort Inc.',
  business_style: 'Isla Verde Resort',
  address: 'Purok 3, Barangay Poblacion, El Nido, Palawan 5313',
  tin: '123-456-789-000',
  vat_registered: true,
};

export async function patchBilling(owner: SignedIn, billing: Json) {
  return owner.inject({ method: 'PATCH', url: '/api/settings', payload: { billing } });
}

/** The next number of each kind's series, read straight from the counter. */
export async function nextNumbers(t: TestApp): Promise<Record<string, number>> {
  const rows = await t.database.query<{ kind: string; next_number: number }>(
    'SELECT kind, next_number FROM document_counters ORDER BY kind',
  );
  return Object.fromEntries(rows.map((row) => [row.kind, Number(row.next_number)]));
}

export async function documentCount(t: TestApp): Promise<number> {
  const rows = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM documents');
  return Number(rows[0]!.n);
}

let stayDay = 0;

/** A staff booking through the API for `guests` guests, two nights; each call takes later nights. */
export async function book(
  staff: SignedIn,
  unitId: string,
  guests = 2,
  guestName = 'Maria Santos',
): Promise<{ booking_id: string; booking_reference: string; email: string; total_amount: number }> {
  stayDay += 3;
  const from = new Date(Date.UTC(2028, 0, 4 + stayDay)).toISOString().slice(0, 10);
  const to = new Date(Date.UTC(2028, 0, 6 + stayDay)).toISOString().slice(0, 10);
  const email = `doc.${stayDay}.${Math.random().toString(36).slice(2, 8)}@example.ph`;
  const response = await staff.inject({
    method: 'POST',
    url: '/api/bookings',
    payload: {
      unit_id: unitId,
      guest_name: guestName,
      contact_number: '0917 123 4567',
      email,
      num_guests: guests,
      check_in: from,
      check_out: to,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return {
    ...(response.json().data as {
      booking_id: string;
      booking_reference: string;
      total_amount: number;
    }),
    email,
  };
}

export async function issue(who: SignedIn, bookingId: string, body: Json) {
  return who.inject({ method: 'POST', url: `/api/bookings/${bookingId}/documents`, payload: body });
}

/** Issues and expects 201: the summary. */
export async function issued(who: SignedIn, bookingId: string, body: Json) {
  const response = await issue(who, bookingId, body);
  expect(response.statusCode, response.body).toBe(201);
  const summary = response.json().data as {
    document_id: string;
    kind: string;
    number: number;
    display_number: string;
    total: number;
    status: string;
  };
  // Issue 24: the answer is built from the inserted row; it says what a later read says.
  const list = await who.inject({ method: 'GET', url: `/api/bookings/${bookingId}/documents` });
  const stored = (list.json().data as Record<string, unknown>[]).find(
    (doc) => doc.document_id === summary.document_id,
  );
  expect(stored).toBeDefined();
  expect(summary).toEqual({
    document_id: stored!.document_id,
    kind: stored!.kind,
    number: stored!.number,
    display_number: stored!.display_number,
    total: stored!.total,
    status: stored!.status,
  });
  return summary;
}

export const cents = (pesos: number) => Math.round(pesos * 100);
