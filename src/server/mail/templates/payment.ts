import { toCentavos } from '../../../domain/centavos';
import type { DepositPlan } from '../../../domain/deposit';
import { formatPhoneDisplay } from '../../../domain/format';
import type { GeneralSettings } from '../../../domain/settings';
import type { PaymentInstructions } from '../../../domain/settings-defaults';
import { mailDate, mailMoney, type HtmlBlock } from './layout';

/**
 * Issue 17 points 2 and 3 in the guest's e-mails: what is paid now and what later, and how to pay
 * (Settings → How guests pay) with the booking reference to put in the payment's note.
 */

/** "Deposit ₱X now, balance ₱Y due on <date>.", or the paid-in-full wording when nothing is left. */
export function depositSentence(plan: DepositPlan): string {
  if (toCentavos(plan.balance_amount) <= 0n) {
    return `Paid in full: ${mailMoney(plan.deposit_amount)} now, nothing due later.`;
  }
  return `Deposit ${mailMoney(plan.deposit_amount)} now, balance ${mailMoney(plan.balance_amount)} due on ${mailDate(plan.balance_due_date)}.`;
}

/** The ways to pay the resort; without configured accounts, its phone and e-mail as before. */
function paymentMethodItems(pay: PaymentInstructions, resort: GeneralSettings): string[] {
  const named = (label: string, number: string, name: string) =>
    `${label}: ${formatPhoneDisplay(number)}${name !== '' ? ` (${name})` : ''}`;
  const items: string[] = [];
  if (pay.gcash_number !== '') items.push(named('GCash', pay.gcash_number, pay.gcash_name));
  if (pay.maya_number !== '') items.push(named('Maya', pay.maya_number, pay.maya_name));
  for (const account of pay.bank_accounts) {
    items.push(`${account.bank}: ${account.account_number} (${account.account_name})`);
  }
  if (items.length === 0) {
    items.push(
      `GCash or Maya: send to ${resort.contact_phone} (${resort.resort_name}).`,
      `Bank transfer: e-mail ${resort.contact_email} for our account details.`,
    );
  }
  items.push('Other methods: contact us and we will help.');
  return items;
}

/** What a mail needs to say how to pay: Settings → How guests pay and the site's address. */
export type HowToPayInput = {
  payment: PaymentInstructions;
  /** The site's public address without a trailing slash, when known (the QR Ph code's link). */
  publicUrl?: string | undefined;
};

/**
 * The "How to pay" section: the methods, the QR Ph code (a link, when the resort's public address
 * is known), the booking reference for the payment's note and the resort's own note.
 */
export function howToPayBlocks(
  { payment, publicUrl }: HowToPayInput,
  resort: GeneralSettings,
  bookingReference: string,
): HtmlBlock[] {
  const blocks: HtmlBlock[] = [
    { kind: 'heading', text: 'How to pay' },
    { kind: 'list', items: paymentMethodItems(payment, resort) },
  ];
  if (payment.qr_image_url?.startsWith('/') && publicUrl) {
    blocks.push({
      kind: 'link',
      text: 'Our QR Ph code (scan it with GCash, Maya or your bank app)',
      href: `${publicUrl}${payment.qr_image_url}`,
    });
  }
  blocks.push({
    kind: 'paragraph',
    text: `Write your booking reference ${bookingReference} in the payment note, so we can match your payment.`,
  });
  if (payment.note !== '') blocks.push({ kind: 'paragraph', text: payment.note });
  return blocks;
}
