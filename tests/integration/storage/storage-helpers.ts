import { expect } from 'vitest';
import type { TestApp } from '../../support/test-app';
import {
  confirmProof,
  createGuestBooking,
  guestBookingBody,
  makePng,
  putFile,
} from '../guest-booking/guest-helpers';

/** A guest booking on the first cabin with its PNG proof uploaded and confirmed through `t`. */
export async function bookingWithUploadedProof(
  t: TestApp,
  size: { width: number; height: number },
  /** Which cabin (in code order), so one database can hold several of these bookings. */
  cabinIndex = 0,
): Promise<{ bookingId: string; paymentId: string; proofPath: string }> {
  const [cabin] = await t.database.query<{ unit_id: string }>(
    `SELECT unit_id FROM units ORDER BY unit_code LIMIT 1 OFFSET $1`,
    [cabinIndex],
  );
  const created = await createGuestBooking(t, guestBookingBody(cabin!.unit_id));
  const png = await makePng(size.width, size.height);
  const put = await putFile(t, created.upload, png, 'image/png');
  expect(put.statusCode, put.body).toBe(200);
  expect((await confirmProof(t, created, png.length)).statusCode).toBe(200);
  const [payment] = await t.database.query<{ payment_id: string }>(
    `SELECT payment_id FROM payments WHERE booking_id = $1`,
    [created.booking.booking_id],
  );
  return {
    bookingId: created.booking.booking_id,
    paymentId: payment!.payment_id,
    proofPath: created.upload.path,
  };
}
