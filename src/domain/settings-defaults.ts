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

/**
 * Issue 17 point 2: the deposit and balance rule (Settings → Pricing `pricing.deposit`; the zod
 * schema and the rule are deposit.ts's), for the guest pages' "Deposit ₱X now, balance ₱Y due".
 */
export type PublicDepositSettings = {
  mode: 'percent' | 'first_night' | 'full';
  percent: number;
  balance_due_days_before_arrival: number;
};

/** DESIGN §8: 50% now, the balance at check-in (deposit.ts DEFAULT_DEPOSIT_SETTINGS). */
export const DEFAULT_PUBLIC_DEPOSIT_SETTINGS: PublicDepositSettings = {
  mode: 'percent',
  percent: 50,
  balance_due_days_before_arrival: 0,
};

/**
 * Issue 21 point 3: whether the resort sells a non-refundable rate beside the flexible one, and how
 * much cheaper (Settings → Pricing `pricing.non_refundable`; the zod schema is pricing.ts's), for
 * the guest form's rate plan choice.
 */
export type PublicNonRefundableSettings = { enabled: boolean; percent: number };

/** Off by default (pricing.ts DEFAULT_PRICING_SETTINGS). */
export const DEFAULT_PUBLIC_NON_REFUNDABLE_SETTINGS: PublicNonRefundableSettings = {
  enabled: false,
  percent: 10,
};

/**
 * Issue 17 point 3: how guests pay the resort (Settings → How guests pay, owners); the zod
 * schema is schemas/payment-instructions.schema.ts. Empty text and no accounts mean "not
 * offered"; `qr_image_url` is the uploaded QR Ph code, served publicly, or null.
 */
export type BankAccount = { bank: string; account_name: string; account_number: string };
export type PaymentInstructions = {
  gcash_number: string;
  gcash_name: string;
  maya_number: string;
  maya_name: string;
  bank_accounts: BankAccount[];
  qr_image_url: string | null;
  note: string;
};

export const DEFAULT_PAYMENT_INSTRUCTIONS: PaymentInstructions = {
  gcash_number: '',
  gcash_name: '',
  maya_number: '',
  maya_name: '',
  bank_accounts: [],
  qr_image_url: null,
  note: '',
};

export type PublicSettings = GeneralSettings &
  PublicTaxSettings & {
    version: string;
    deposit: PublicDepositSettings;
    payment_instructions: PaymentInstructions;
    non_refundable: PublicNonRefundableSettings;
  };

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

/** Issue 19 §2: how often each channel feed is downloaded, in minutes (Settings → General). */
export const CHANNEL_SYNC_MINUTES = { min: 5, max: 1440, default: 15 } as const;
