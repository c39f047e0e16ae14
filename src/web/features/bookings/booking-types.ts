import type { BookingStatus, PaymentMethod, PaymentStatus } from '../../../domain/constants';
import type { FolioPaymentStatus } from '../../../domain/folio';

/*
 * The shapes DESIGN §5's /api/bookings and /api/payments answer with (SPEC §3 field names). The
 * web app never imports the server, so the response types are written out here.
 */

export interface UnitSummary {
  unit_id: string;
  unit_name: string;
  unit_code: string;
  unit_type: string;
  base_occupancy: number;
  max_occupancy: number;
  base_rate: number;
  weekend_rate: number;
  extra_person_rate: number;
  unit_status: string;
}

export interface BookingLine {
  booking_unit_id: string;
  booking_id: string;
  unit_id: string;
  unit_price: number;
  weekend_surcharge: number;
  extra_person_charge: number;
  subtotal: number;
  assigned_guests: number;
  unit_notes: string | null;
  unit: UnitSummary | null;
}

export interface GuestSummary {
  guest_id: string;
  guest_name: string;
  email: string;
  phone_number: string | null;
  is_corporate: boolean;
  total_bookings: number;
  cancelled_bookings: number;
  /** Absent for the staff role when the owners hide revenue from staff. */
  total_spent?: number;
  anonymized_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface Payment {
  payment_id: string;
  booking_id: string;
  payment_amount: number;
  payment_method: PaymentMethod;
  payment_status: PaymentStatus;
  has_proof: boolean;
  payment_proof_url: string | null;
  proof_file_name: string | null;
  transaction_reference: string | null;
  notes: string | null;
  transaction_date: string;
  verified_at: string | null;
  verified_by_name: string | null;
  recorded_by_name: string | null;
  created_at: string;
  updated_at: string;
}

export interface Booking {
  booking_id: string;
  booking_reference: string;
  guest_id: string | null;
  guest_name: string;
  contact_number: string | null;
  email: string;
  num_guests: number;
  check_in: string;
  check_out: string;
  nights: number;
  base_amount: number;
  total_surcharges: number;
  discount_name: string | null;
  discount_amount: number;
  vat_amount: number;
  local_tax_amount: number;
  tax_amount: number;
  /** The folio's charges_total (issue 17): the stay, extras, fees and discounts. */
  total_amount: number;
  /** From the folio: verified payments less refunds. */
  paid_total: number;
  /** From the folio: total_amount − paid_total; negative when the guest has a credit. */
  balance: number;
  deposit_amount: number;
  /** 'YYYY-MM-DD', or null when nothing remains due. */
  balance_due_date: string | null;
  booking_status: BookingStatus;
  payment_status: FolioPaymentStatus;
  payment_method: PaymentMethod | null;
  payment_proof_url: string | null;
  special_requests: string | null;
  internal_notes: string | null;
  is_multi_unit: boolean;
  unit_count: number;
  source: string;
  cancellation_reason: string | null;
  cancelled_at: string | null;
  confirmed_at: string | null;
  checked_in_at: string | null;
  checked_out_at: string | null;
  created_at: string;
  updated_at: string;
  booking_units: BookingLine[];
  guest: GuestSummary | null;
}

export interface BookingDetail extends Booking {
  payments: Payment[];
}

export interface ListPage<T> {
  data: T[];
  total: number;
  page: number;
  page_size: number;
}

export interface Refund {
  percent: number;
  amount: number;
  days_before: number;
}

export interface RefundPreview extends Refund {
  paid_amount: number;
  check_in: string;
  cancelled_on: string;
  can_cancel: boolean;
}

export interface AuditEntry {
  audit_id: string;
  created_at: string;
  action: string;
  event_type: string | null;
  user_email: string | null;
  changed_fields: string[] | null;
  old_data: unknown;
  new_data: unknown;
  description: string | null;
  severity: string;
}

/** "Cabin A, Cabin B" for a booking's lines. */
export function cabinNames(booking: Pick<Booking, 'booking_units'>): string {
  const names = booking.booking_units.map((line) => line.unit?.unit_name ?? 'Cabin');
  return names.length > 0 ? names.join(', ') : '—';
}
