/**
 * The resort profile's shape and defaults without zod, so public pages that only need the
 * defaults (as a stand-in while settings load) do not download the validation library.
 * src/domain/settings.ts holds the schema and checks it agrees with this type.
 */
export type GeneralSettings = {
  resort_name: string;
  tagline: string;
  address: string;
  contact_email: string;
  contact_phone: string;
  timezone: string;
  check_in_time: string;
  check_out_time: string;
  office_hours_start: string;
  office_hours_end: string;
  quiet_hours_start: string;
  quiet_hours_end: string;
  minimum_guest_age: number;
  payment_verification_hours: number;
  proof_timeout_hours: number;
};

export type PublicSettings = GeneralSettings & { version: string };

export const DEFAULT_GENERAL_SETTINGS: GeneralSettings = {
  resort_name: 'Playa Serena Beach Resort',
  tagline: 'Three beachfront cabins on a quiet cove in El Nido, Palawan',
  address: 'Sitio Malinao, Barangay Corong-Corong, El Nido, Palawan 5313, Philippines',
  contact_email: 'reservations@playaserena.ph',
  contact_phone: '+63 917 555 0142',
  timezone: 'Asia/Manila',
  check_in_time: '14:00',
  check_out_time: '12:00',
  office_hours_start: '08:00',
  office_hours_end: '20:00',
  quiet_hours_start: '22:00',
  quiet_hours_end: '07:00',
  minimum_guest_age: 18,
  payment_verification_hours: 24,
  proof_timeout_hours: 2,
};
