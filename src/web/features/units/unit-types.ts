import type {
  BookingPaymentStatus,
  BookingStatus,
  UnitStatus,
  UnitType,
} from '../../../domain/constants';

/** A cabin photo (issue 15): public URLs of its large and card variants, in the cabin's order. */
export interface UnitPhoto {
  photo_id: string;
  url: string;
  thumb_url: string;
  width: number;
  height: number;
  thumb_width: number;
  thumb_height: number;
  alt_text: string | null;
  position: number;
}

/** A cabin as the staff API answers it (DESIGN §5, SPEC §3 field names). */
export interface Unit {
  unit_id: string;
  unit_name: string;
  unit_code: string;
  unit_type: UnitType | string;
  description: string | null;
  base_occupancy: number;
  max_occupancy: number;
  base_rate: number;
  weekend_rate: number;
  extra_person_rate: number;
  unit_status: UnitStatus;
  amenities: string[] | null;
  created_at: string;
  updated_at: string;
  /** On the list and detail answers. */
  photos?: UnitPhoto[];
}

export interface UnitStats {
  total_bookings: number;
  /** Absent for the staff role when the owners hide revenue from staff. */
  total_revenue?: number;
  average_revenue?: number;
}

export interface UnitBooking {
  booking_id: string;
  booking_reference: string;
  guest_name: string;
  check_in: string;
  check_out: string;
  num_guests: number;
  booking_status: BookingStatus;
  payment_status: BookingPaymentStatus;
  total_amount: number;
  is_multi_unit: boolean;
}

export interface UnitDetail extends Unit {
  stats: UnitStats;
  bookings: UnitBooking[];
  /** Every booking of the cabin, cancelled ones too: any of them keeps it from being deleted. */
  booking_count: number;
}

export interface Page<T> {
  data: T[];
  total: number;
  page: number;
  page_size: number;
}

/** Every query key of the units feature starts here, so one invalidation refreshes them all. */
export const unitsQueryKey = ['units'] as const;
