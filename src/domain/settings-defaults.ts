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

/**
 * Issue 15: how prices are taxed (the pricing settings' tax mode and rates, DESIGN §4), so the
 * public pages say whether a nightly rate includes the taxes.
 */
export type PublicTaxSettings = {
  tax_mode: 'exclusive' | 'inclusive' | 'none';
  vat_rate: number;
  local_tax_rate: number;
};

/** DESIGN §4 and SPEC §9 defaults: 12% VAT and 1% local tax, added to the rates. */
export const DEFAULT_PUBLIC_TAX_SETTINGS: PublicTaxSettings = {
  tax_mode: 'exclusive',
  vat_rate: 0.12,
  local_tax_rate: 0.01,
};

export type PublicSettings = GeneralSettings & PublicTaxSettings & { version: string };

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
