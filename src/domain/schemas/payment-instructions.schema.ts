import { z } from 'zod';
import { normalizePhilippinePhone } from '../format';
import { maxLengthMessage } from '../messages';
import { sanitizeText } from '../sanitize';
import type {
  BankAccount as PlainBankAccount,
  PaymentInstructions as PlainPaymentInstructions,
} from '../settings-defaults';

/**
 * Issue 17 point 3: how guests pay (Settings → How guests pay, owners): GCash and Maya numbers
 * and names, bank accounts, the QR Ph code image and a note. The guest pages show them with the
 * amount due and the booking reference to write in the payment note.
 */

export const PAYMENT_INSTRUCTION_LIMITS = {
  name_max: 100,
  bank_max: 100,
  account_number_max: 34,
  bank_accounts_max: 5,
  note_max: 500,
} as const;

export const PAYMENT_INSTRUCTION_MESSAGES = {
  mobileNumber: 'Enter a Philippine mobile number (09XX XXX XXXX or +63 9XX XXX XXXX)',
  nameNeeded: 'Enter the account name shown to the payer',
  bankRequired: 'Enter the bank',
  accountNameRequired: 'Enter the account name',
  accountNumber: 'Enter the account number: digits, spaces and dashes (4 to 34)',
  tooManyAccounts: `At most ${PAYMENT_INSTRUCTION_LIMITS.bank_accounts_max} bank accounts`,
  qrReadOnly: 'Upload or remove the QR code with its own buttons',
  qrRequired: 'Choose an image of the QR code',
  qrInvalidType: 'The QR code must be a JPEG, PNG or WebP image',
  ownersOnly: 'Only owners and administrators can change how guests pay.',
} as const;

const text = (max: number, message = maxLengthMessage(max)) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .transform((value) => sanitizeText(value, max));

const requiredText = (max: number, requiredMessage: string) =>
  text(max).refine((value) => value !== '', requiredMessage);

/** '' (not offered) or a Philippine mobile number, stored as +639XXXXXXXXX. */
const mobileField = z
  .string({ error: PAYMENT_INSTRUCTION_MESSAGES.mobileNumber })
  .trim()
  .refine((value) => {
    if (value === '') return true;
    return normalizePhilippinePhone(value)?.startsWith('+639') === true;
  }, PAYMENT_INSTRUCTION_MESSAGES.mobileNumber)
  .transform((value) => (value === '' ? '' : (normalizePhilippinePhone(value) ?? value)));

export const bankAccountSchema = z.object({
  bank: requiredText(
    PAYMENT_INSTRUCTION_LIMITS.bank_max,
    PAYMENT_INSTRUCTION_MESSAGES.bankRequired,
  ),
  account_name: requiredText(
    PAYMENT_INSTRUCTION_LIMITS.name_max,
    PAYMENT_INSTRUCTION_MESSAGES.accountNameRequired,
  ),
  account_number: z
    .string({ error: PAYMENT_INSTRUCTION_MESSAGES.accountNumber })
    .trim()
    .regex(/^[0-9][0-9 -]{2,32}[0-9]$/, PAYMENT_INSTRUCTION_MESSAGES.accountNumber)
    .transform((value) => value.replace(/\s+/g, ' ')),
});
export type BankAccount = z.output<typeof bankAccountSchema>;

const editableFields = {
  gcash_number: mobileField,
  gcash_name: text(PAYMENT_INSTRUCTION_LIMITS.name_max),
  maya_number: mobileField,
  maya_name: text(PAYMENT_INSTRUCTION_LIMITS.name_max),
  bank_accounts: z
    .array(bankAccountSchema, { error: PAYMENT_INSTRUCTION_MESSAGES.tooManyAccounts })
    .max(
      PAYMENT_INSTRUCTION_LIMITS.bank_accounts_max,
      PAYMENT_INSTRUCTION_MESSAGES.tooManyAccounts,
    ),
  note: text(PAYMENT_INSTRUCTION_LIMITS.note_max),
};

/** A number without the name the payer sees is no use to a guest checking the recipient. */
function addNameIssues(
  value: { gcash_number?: string; gcash_name?: string; maya_number?: string; maya_name?: string },
  ctx: z.RefinementCtx,
): void {
  for (const wallet of ['gcash', 'maya'] as const) {
    const number = value[`${wallet}_number`];
    const name = value[`${wallet}_name`];
    if (number && name === '') {
      ctx.addIssue({
        code: 'custom',
        path: [`${wallet}_name`],
        message: PAYMENT_INSTRUCTION_MESSAGES.nameNeeded,
      });
    }
  }
}

/** The stored group, as GET /api/settings and GET /api/public/settings answer it. */
export const paymentInstructionsSchema = z
  .object({ ...editableFields, qr_image_url: z.string().nullable() })
  .superRefine(addNameIssues);
export type PaymentInstructions = z.output<typeof paymentInstructionsSchema>;

/**
 * The group as answers carry it: plain fields, no transforms (a response is serialised by its
 * schema, and a transform cannot run backwards).
 */
export const paymentInstructionsResponseSchema = z.object({
  gcash_number: z.string(),
  gcash_name: z.string(),
  maya_number: z.string(),
  maya_name: z.string(),
  bank_accounts: z.array(
    z.object({ bank: z.string(), account_name: z.string(), account_number: z.string() }),
  ),
  qr_image_url: z.string().nullable(),
  note: z.string(),
});

/**
 * PATCH /api/settings `payment_instructions`: any of the text fields and the whole list of bank
 * accounts. The QR code is uploaded and removed with POST and DELETE /api/settings/payment-qr.
 */
export const paymentInstructionsPatchSchema = z
  .object({
    ...editableFields,
    qr_image_url: z.never({ error: PAYMENT_INSTRUCTION_MESSAGES.qrReadOnly }).optional(),
  })
  .partial()
  .strict();
export type PaymentInstructionsPatch = z.output<typeof paymentInstructionsPatchSchema>;

// The zod-free types in settings-defaults.ts must describe exactly what the schema accepts.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameInstructions: Same<PaymentInstructions, PlainPaymentInstructions> = true;
const sameAccount: Same<BankAccount, PlainBankAccount> = true;
void sameInstructions;
void sameAccount;
