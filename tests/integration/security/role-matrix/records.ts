import { afterAll, beforeAll, expect } from 'vitest';
import { signInAs, type SignedIn, type TestUser } from '../../../support/auth';
import { PNG_1PX, createPayment, setNow } from '../../../support/back-office';
import { createBooking, createGuest, createUnit } from '../../../support/factories';
import { MatrixSessions, roleOf, type Caller } from '../../../support/role-matrix';
import { createTestApp, type TestApp } from '../../../support/test-app';
import {
  createGuestBooking,
  guestBookingBody,
  makePng,
  putFile,
  type CreatedGuestBooking,
} from '../../guest-booking/guest-helpers';

/**
 * The app and the records the role matrix calls with (role-matrix-*.test.ts): real ids, made
 * through the API where the API is the way to make them (a proof, a photo, a guest booking) and
 * with the factories otherwise. A call that only reads uses `shared`; a call that changes a record
 * gets a new one from a factory method, for each caller.
 */

type Json = Record<string, unknown>;
type SignedUpload = { bucket: string; path: string; token: string };

/** The app's today (pinned) and a stay after it. */
export const TODAY = '2027-06-01';
export const STAY = { check_in: '2027-07-12', check_out: '2027-07-14' };

/** What each proof upload announces before sending PNG_1PX. */
export const PROOF_FILE = {
  file_name: 'GCash receipt.png',
  file_type: 'image/png',
  file_size: PNG_1PX.length,
};

export const EXPENSE_BODY = {
  expense_date: '2027-05-15',
  category: 'Utilities',
  amount: 4520.5,
  description: 'Electricity bill for April',
};

export class MatrixRecords {
  t!: TestApp;
  sessions!: MatrixSessions;
  /** Makes the records the calls act on: an administrator apart from the callers. */
  clerk!: SignedIn;
  /** Records that only read calls use, made once. */
  shared!: {
    unitId: string;
    guestId: string;
    bookingId: string;
    pendingPaymentId: string;
    paymentWithProofId: string;
    expenseId: string;
    expenseWithProofId: string;
    blackoutId: string;
    photo: { unitId: string; photoId: string; key: string };
    auditId: string;
    guestBooking: { reference: string; email: string };
    /** An account nobody is signed in as: it signs in, and an administrator renames it. */
    account: TestUser;
  };
  /** A photo as the upload sends it. */
  png!: Buffer;

  async open(): Promise<void> {
    this.t = await createTestApp();
    setNow(this.t, TODAY);
    this.sessions = await MatrixSessions.create(this.t);
    this.clerk = await signInAs(this.t, 'admin');
    this.png = await makePng();
    const event = { tableName: 'system', description: 'Role matrix', category: 'SYSTEM' };
    const guestBooking = await this.guestBooking();
    this.shared = {
      unitId: await this.unitId(),
      guestId: (await createGuest(this.t.database)).guest_id,
      bookingId: (await this.booking()).booking_id,
      pendingPaymentId: (await this.payment('Pending')).payment_id,
      paymentWithProofId: await this.paymentWithProof(),
      expenseId: await this.expense(this.clerk),
      expenseWithProofId: await this.expenseWithProof(),
      blackoutId: await this.blackout(),
      photo: await this.photo(),
      auditId: (await this.call(this.clerk, 'POST', '/api/audit/log-with-ip', event, 200))
        .audit_id as string,
      guestBooking: {
        reference: guestBooking.booking.booking_reference,
        email: guestBooking.email,
      },
      account: await this.sessions.user('staff'),
    };
  }

  close(): Promise<void> {
    return this.t.close();
  }

  /** The caller's own session, to make a record that is the caller's. */
  actingAs(caller: Caller): SignedIn {
    return this.sessions.of(roleOf(caller));
  }

  /** A setup call that must work; its JSON answer. */
  async call(
    session: SignedIn,
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload: Json | undefined,
    status: number,
  ): Promise<Json> {
    const response = await session.inject({ method, url, payload });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
    return response.json() as Json;
  }

  /** Sends PNG_1PX to a signed upload. */
  async upload(signed: SignedUpload): Promise<void> {
    const response = await putFile(this.t, signed, PNG_1PX, 'image/png');
    expect(response.statusCode, response.body).toBe(200);
  }

  async unitId(): Promise<string> {
    return (await createUnit(this.t.database)).unit_id;
  }

  /** A Pending booking of a cabin and a guest of its own. */
  async booking() {
    const guest = await createGuest(this.t.database);
    return createBooking(this.t.database, await this.unitId(), STAY, {
      guest_id: guest.guest_id,
      guest_name: guest.guest_name,
      email: guest.email,
      total_amount: 6000,
    });
  }

  /** A booking and the entry id of its stay charge on the folio (issue 17). */
  async folioEntry(): Promise<{ bookingId: string; entryId: string }> {
    const booking = await this.booking();
    const rows = await this.t.database.query<{ entry_id: string }>(
      'SELECT entry_id FROM folio_entries WHERE booking_id = $1 ORDER BY seq LIMIT 1',
      [booking.booking_id],
    );
    return { bookingId: booking.booking_id, entryId: rows[0]!.entry_id };
  }

  async payment(status: 'Pending' | 'Completed') {
    const booking = await this.booking();
    return createPayment(this.t.database, booking.booking_id, {
      payment_status: status,
      payment_amount: 6000,
    });
  }

  /** A payment recorded through the API with its proof uploaded, not yet attached. */
  async uploadedPayment(): Promise<{ paymentId: string; path: string }> {
    const body = {
      booking_id: (await this.booking()).booking_id,
      payment_amount: 6000,
      payment_method: 'GCash',
      ...PROOF_FILE,
    };
    const recorded = await this.call(this.clerk, 'POST', '/api/payments', body, 201);
    const signed = recorded.upload as SignedUpload;
    await this.upload(signed);
    return { paymentId: (recorded.data as Json).payment_id as string, path: signed.path };
  }

  async paymentWithProof(): Promise<string> {
    const { paymentId, path } = await this.uploadedPayment();
    await this.call(this.clerk, 'POST', `/api/payments/${paymentId}/proof`, { path }, 200);
    return paymentId;
  }

  /** An expense recorded by `session` (an expense is edited by its creator or a manager). */
  async expense(session: SignedIn): Promise<string> {
    const answer = await this.call(session, 'POST', '/api/expenses', EXPENSE_BODY, 201);
    return (answer.data as Json).expense_id as string;
  }

  /** The signed upload of an expense's proof, asked for by `session`. */
  async expenseProofUpload(session: SignedIn, expenseId: string): Promise<SignedUpload> {
    const url = `/api/expenses/${expenseId}/proof-upload`;
    return (await this.call(session, 'POST', url, PROOF_FILE, 200)).upload as SignedUpload;
  }

  async expenseWithProof(): Promise<string> {
    const expenseId = await this.expense(this.clerk);
    const signed = await this.expenseProofUpload(this.clerk, expenseId);
    await this.upload(signed);
    const url = `/api/expenses/${expenseId}/proof`;
    await this.call(this.clerk, 'POST', url, { path: signed.path }, 200);
    return expenseId;
  }

  async blackout(): Promise<string> {
    const body = {
      unit_id: await this.unitId(),
      start_date: '2027-08-01',
      end_date: '2027-08-03',
      reason: 'Roof repair',
    };
    const answer = await this.call(this.clerk, 'POST', '/api/blackouts', body, 201);
    return (answer.data as Json).blackout_id as string;
  }

  /** Uploads a photo of the cabin; the photo just added. */
  async addPhoto(unitId: string): Promise<{ photo_id: string; url: string }> {
    const response = await this.clerk.inject({
      method: 'POST',
      url: `/api/units/${unitId}/photos`,
      headers: { 'content-type': 'image/png' },
      payload: this.png,
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { data: { photo_id: string; url: string }[] }).data.at(-1)!;
  }

  /** A cabin of its own with one photo. */
  async photo(): Promise<{ unitId: string; photoId: string; key: string }> {
    const unitId = await this.unitId();
    const photo = await this.addPhoto(unitId);
    const key = photo.url.replace('/api/public/photos/', '');
    return { unitId, photoId: photo.photo_id, key };
  }

  /** A guest's booking made through the public form, with its signed proof upload. */
  async guestBooking(): Promise<CreatedGuestBooking & { email: string }> {
    const body = guestBookingBody(await this.unitId(), STAY);
    return Object.assign(await createGuestBooking(this.t, body), { email: body.email });
  }
}

/** The records of one test file: the app opens before its tests and closes after them. */
export function matrixRecords(): MatrixRecords {
  const records = new MatrixRecords();
  beforeAll(() => records.open());
  afterAll(() => records.close());
  return records;
}
