/**
 * The validation messages of SPEC §5, written once (CONVENTIONS "One schema, many uses"). Forms
 * and the server show exactly these strings, and tests assert them.
 */

/**
 * SPEC §5 guest form: check-in strictly after today. Named as the earliest date, with that date
 * ("Nov 26, 2026"), since a guest abroad may be on another calendar day than the resort.
 */
export const checkInEarliestMessage = (tomorrow: string): string =>
  `The earliest check-in is tomorrow, ${tomorrow}`;

/** SPEC §5 "Form helper inputs". */
export const REQUIRED = 'This field is required';
export const minLengthMessage = (n: number): string => `Must be at least ${n} characters`;
export const maxLengthMessage = (n: number): string => `Must be ${n} characters or less`;
/** A guest count above the chosen cabin's maximum occupancy. */
export const cabinGuestsMaxMessage = (n: number): string =>
  `At most ${n} ${n === 1 ? 'guest' : 'guests'} for this cabin`;

export const MESSAGES = {
  required: REQUIRED,

  // Guest booking form (SPEC §5)
  nameRequired: 'Name is required',
  nameTooShort: 'Name must be at least 2 characters',
  nameTooLong: 'Name too long',
  nameCharacters: 'Name can only contain letters, spaces, hyphens, and apostrophes',
  invalidEmail: 'Invalid email address',
  validEmail: 'Please enter a valid email address',
  invalidPhilippinePhone:
    'Please enter a valid Philippine phone number (e.g., +639123456789 or 09123456789)',
  invalidPhoneFormat: 'Invalid phone number format',
  selectUnit: 'Please select a cabin',
  checkOutAfterCheckIn: 'Check-out must be after check-in',
  invalidDate: 'Please select a valid date',
  guestsMin: 'At least 1 guest required',
  guestsMax: 'Maximum 20 guests',
  guestsWhole: 'Number of guests must be a whole number',
  specialRequestsMax: 'Maximum 500 characters',
  specialRequestsMultiMax: 'Maximum 1000 characters',
  proofRequired: 'Payment proof is required',
  // DESIGN §3: JPEG, PNG, WebP and PDF, and HEIC/HEIF photos (converted in the browser): the
  // message names every type a guest may choose.
  proofType: 'Only JPG, PNG, WebP, HEIC or PDF files are allowed',
  // The server reads the bytes after the browser has turned HEIC into JPEG: these four remain.
  uploadedFileType: 'Invalid file type. Please upload a JPG, PNG, WebP or PDF file.',
  proofSize: 'File must be less than 2MB',
  captcha: 'Please complete the CAPTCHA verification.',
  // Not in SPEC: keeps the night-by-night pricing bounded (LIMITS.stay_max_nights).
  stayTooLong: 'Stays are limited to 365 nights',

  // Check booking (SPEC §5)
  referenceRequired: 'Booking reference is required',
  validEmailRequired: 'Valid email is required',

  // Staff booking form (SPEC §5)
  guestsStaffMax: 'Number of guests cannot exceed 20',
  checkInNotPast: 'Check-in date cannot be in the past',
  invalidUrl: 'Please enter a valid URL',

  // Payment form (SPEC §5)
  amountInvalid: 'Please enter a valid amount (e.g., 1500.00)',
  amountMin: 'Amount must be at least ₱100.00',
  amountMax: 'Amount cannot exceed ₱1,000,000.00',
  positiveNumber: 'Must be a positive number',
  selectPaymentMethod: 'Please select a payment method',
  paymentReferenceMax: 'The reference must be 64 characters or less',
  paymentReferenceCharacters:
    'The reference can only contain letters, digits, spaces and - / # . _',
  selectBooking: 'Please select a booking',

  // Unit form (SPEC §5)
  unitCodeFormat: 'Cabin code must be alphanumeric (e.g., A101, B205)',
  selectUnitType: 'Please select a cabin type',
  selectUnitStatus: 'Please select a cabin status',
  baseOccupancyMin: 'Base occupancy must be at least 1',
  baseOccupancyMax: 'Base occupancy cannot exceed 20',
  maxOccupancyMin: 'Maximum occupancy must be at least 1',
  maxOccupancyMax: 'Maximum occupancy cannot exceed 20 guests',
  occupancyWhole: 'Occupancy must be a whole number',
  rateMin: 'Rate must be at least ₱100',
  rateMax: 'Rate cannot exceed ₱1,000,000',
  rateInvalid: 'Please enter a valid rate',
  extraPersonRateNegative: 'Extra person rate cannot be negative',
  extraPersonRateMax: 'Extra person rate cannot exceed ₱50,000',
  weekendRateBelowBase: 'Weekend rate should be equal to or higher than base rate',
  baseOccupancyAboveMax: 'Base occupancy cannot exceed maximum occupancy',
  minRateNegative: 'Minimum rate cannot be negative',
  maxRateNegative: 'Maximum rate cannot be negative',
  minOccupancyMin: 'Minimum occupancy must be at least 1',

  // Multi-unit booking (SPEC §5 and §8)
  selectAtLeastOneUnit: 'Please select at least one cabin',
  maxUnits: 'Maximum 10 cabins per booking',
  unitAlreadyAdded: 'Cabin already added to booking',
  contactNumberFormat: 'Please enter a valid contact number',

  // Expenses and blackouts (DESIGN §5)
  selectCategory: 'Please select a category',
  amountPositive: 'Amount must be greater than 0',
  endBeforeStart: 'End date must be on or after start date',
} as const;
