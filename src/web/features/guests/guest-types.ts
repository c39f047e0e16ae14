import type { BookingPaymentStatus, BookingStatus } from '../../../domain/constants';

/** DESIGN §5 shapes of /api/guests (the web app never imports the server). */

export interface Guest {
  guest_id: string;
  guest_name: string;
  email: string;
  phone_number: string | null;
  notes: string | null;
  is_corporate: boolean;
  /** Every booking, cancelled ones included. */
  total_bookings: number;
  cancelled_bookings: number;
  /** Verified payments less refunds; absent for the staff role when the owners hide revenue. */
  total_spent?: number;
  anonymized_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface GuestBooking {
  booking_id: string;
  booking_reference: string;
  check_in: string;
  check_out: string;
  nights: number;
  num_guests: number;
  total_amount: number;
  booking_status: BookingStatus;
  payment_status: BookingPaymentStatus;
  created_at: string;
  units: { unit_id: string; unit_name: string; unit_code: string }[];
}

export interface GuestDetail extends Guest {
  bookings: GuestBooking[];
  /** SPEC §7: from the guest's non-cancelled bookings. */
  stats: { total_bookings: number; total_spent?: number; average_spent?: number };
}
