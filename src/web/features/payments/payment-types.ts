import type { BookingPaymentStatus, BookingStatus } from '../../../domain/constants';
import type { Booking, GuestSummary, Payment } from '../bookings/booking-types';

/** DESIGN §5 shapes of /api/payments (the web app never imports the server). */

export interface PaymentBookingSummary {
  booking_id: string;
  booking_reference: string;
  guest_id: string | null;
  guest_name: string;
  email: string;
  check_in: string;
  check_out: string;
  total_amount: number;
  booking_status: BookingStatus;
  payment_status: BookingPaymentStatus;
}

export interface PaymentListItem extends Payment {
  booking: PaymentBookingSummary;
}

export interface PaymentDetail extends Payment {
  booking: Booking;
  guest: GuestSummary | null;
}

export interface SignedUpload {
  bucket: string;
  path: string;
  token: string;
  expires_at: string;
}

/** A proof shown in the page: an image, or a PDF in a frame. */
export function proofKind(payment: Pick<Payment, 'proof_file_name'>): 'pdf' | 'image' {
  return payment.proof_file_name?.toLowerCase().endsWith('.pdf') ? 'pdf' : 'image';
}

/** Verified and refunded payments are settled money: DESIGN §5 lets administrators edit them. */
export function isSettled(payment: Pick<Payment, 'payment_status'>): boolean {
  return payment.payment_status === 'Completed' || payment.payment_status === 'Refunded';
}
