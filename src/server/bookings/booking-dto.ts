import { diffDays } from '../../domain/dates';
import { maxCentavos, toCentavos, toPesos } from '../../domain/centavos';
import type { BookingDetailDto, BookingDto } from '../../domain/schemas/booking.schema';
import type { BookingRecord, GuestRow, UnitRow } from './bookings.repository';

/**
 * DESIGN §5 / CONVENTIONS "Responses are shaped, not dumped": a booking row becomes SPEC §3's
 * fields. Left out on purpose: who created it (a user id), the proof deadline of the expiry job.
 */

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

function toUnitSummary(unit: UnitRow | null) {
  if (!unit) return null;
  return {
    unit_id: unit.unit_id,
    unit_name: unit.unit_name,
    unit_code: unit.unit_code,
    unit_type: unit.unit_type,
    base_occupancy: unit.base_occupancy,
    max_occupancy: unit.max_occupancy,
    base_rate: unit.base_rate,
    weekend_rate: unit.weekend_rate,
    extra_person_rate: unit.extra_person_rate,
    unit_status: unit.unit_status,
  };
}

function toGuestSummary(guest: GuestRow) {
  return {
    guest_id: guest.guest_id,
    guest_name: guest.guest_name,
    email: guest.email,
    phone_number: guest.phone_number,
    is_corporate: guest.is_corporate,
    total_bookings: guest.total_bookings,
    cancelled_bookings: guest.cancelled_bookings,
    total_spent: guest.total_spent,
    anonymized_at: iso(guest.anonymized_at),
    created_at: guest.created_at.toISOString(),
    updated_at: guest.updated_at.toISOString(),
  };
}

/** The folio's figures of the booking (a booking just made holds no money yet). */
function folioFigures(record: BookingRecord) {
  const { booking } = record;
  const folio = record.folio ?? { paid_total: 0, balance: booking.total_amount };
  const owes = toCentavos(folio.balance) > 0n;
  return {
    paid_total: folio.paid_total,
    balance: folio.balance,
    deposit_amount: booking.deposit_amount,
    balance_due_date:
      owes && booking.booking_status !== 'Cancelled'
        ? (booking.balance_due_date ?? booking.check_in)
        : null,
  };
}

export function toBookingDto(record: BookingRecord): BookingDto {
  const { booking } = record;
  return {
    booking_id: booking.booking_id,
    booking_reference: booking.booking_reference,
    guest_id: booking.guest_id,
    guest_name: booking.guest_name,
    contact_number: booking.contact_number,
    email: booking.email,
    num_guests: booking.num_guests,
    check_in: booking.check_in,
    check_out: booking.check_out,
    nights: diffDays(booking.check_out, booking.check_in),
    base_amount: booking.base_amount,
    total_surcharges: booking.total_surcharges,
    discount_name: booking.discount_name,
    discount_amount: booking.discount_amount,
    vat_amount: booking.vat_amount,
    local_tax_amount: booking.local_tax_amount,
    tax_amount: booking.vat_amount + booking.local_tax_amount,
    total_amount: booking.total_amount,
    ...folioFigures(record),
    booking_status: booking.booking_status as BookingDto['booking_status'],
    payment_status: booking.payment_status as BookingDto['payment_status'],
    payment_method: booking.payment_method as BookingDto['payment_method'],
    payment_proof_url: booking.payment_proof_url,
    special_requests: booking.special_requests,
    internal_notes: booking.internal_notes,
    is_multi_unit: booking.is_multi_unit,
    unit_count: booking.unit_count,
    source: booking.source as BookingDto['source'],
    created_by_name: booking.created_by_name,
    id_type: booking.id_type as BookingDto['id_type'],
    // Issue 22: never the whole number.
    id_number_last4: booking.id_number ? booking.id_number.slice(-4) : null,
    promo_code: booking.promo_code,
    rate_plan: booking.rate_plan as BookingDto['rate_plan'],
    rule_override_reason: booking.rule_override_reason,
    cancellation_reason: booking.cancellation_reason,
    cancelled_at: iso(booking.cancelled_at),
    confirmed_at: iso(booking.confirmed_at),
    checked_in_at: iso(booking.checked_in_at),
    checked_out_at: iso(booking.checked_out_at),
    created_at: booking.created_at.toISOString(),
    updated_at: booking.updated_at.toISOString(),
    booking_units: record.lines.map((line) => ({
      booking_unit_id: line.booking_unit_id,
      booking_id: line.booking_id,
      unit_id: line.unit_id,
      check_in: line.check_in,
      check_out: line.check_out,
      unit_price: line.unit_price,
      weekend_surcharge: line.weekend_surcharge,
      extra_person_charge: line.extra_person_charge,
      subtotal: line.subtotal,
      assigned_guests: line.assigned_guests,
      unit_notes: line.unit_notes,
      created_at: line.created_at.toISOString(),
      updated_at: line.updated_at.toISOString(),
      unit: toUnitSummary(line.unit),
    })),
    guest: record.guest ? toGuestSummary(record.guest) : null,
  };
}

export function toBookingDetailDto(
  record: BookingRecord,
  payments: BookingDetailDto['payments'],
): BookingDetailDto {
  return {
    ...toBookingDto(record),
    payments,
    balance_due: toPesos(maxCentavos(toCentavos(folioFigures(record).balance), 0n)),
  };
}
