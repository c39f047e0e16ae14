import { toCentavos, toPesos } from '../../domain/centavos';
import { diffDays } from '../../domain/dates';
import { cancellationRefund } from '../../domain/folio-refund';
import type { RatePlan } from '../../domain/pricing';
import { formatCurrency, formatDate, formatPhoneDisplay, formatTime12 } from '../../domain/format';
import {
  fillPlaceholders,
  type MessagePlaceholder,
  type MessagesSettings,
} from '../../domain/messages-catalog';
import type { RenderedMessage } from '../../domain/schemas/message.schema';
import type { PaymentInstructions } from '../../domain/schemas/payment-instructions.schema';
import type { GeneralSettings } from '../../domain/settings';
import {
  officeHoursSentence,
  renderHtml,
  renderText,
  type HtmlBlock,
} from '../mail/templates/layout';

/**
 * Issue 18: a message's subject and body are the owner's plain text with placeholders; the text
 * part is that text, the HTML part wraps it in the mail layout with every value escaped.
 */

/** What a message says about its booking, read when it is sent. Money in pesos. */
export type MessageFacts = {
  booking_id: string;
  booking_reference: string;
  guest_name: string;
  email: string;
  check_in: string;
  check_out: string;
  cabins: string;
  total: number;
  paid: number;
  balance: number;
  deposit: number;
  balance_due_date: string | null;
  /** What the folio shows refunded. */
  refund: number;
  /** A cancelled booking: staff's reason and the resort's date of the cancellation. */
  cancellation_reason: string | null;
  cancelled_on: string | null;
  /** Issue 21: the promo code the booking was made with and what it took off; its rate plan. */
  promo_code: string | null;
  promo_saving: number;
  rate_plan: RatePlan;
};

export const NON_REFUNDABLE_TERMS = 'Non-refundable rate: no refund on cancellation.';

/** Issue 21: "Promo code RAINY10 applied: you save ₱1,000.00." and the non-refundable terms. */
export function stayTerms(facts: MessageFacts): string {
  return [
    facts.promo_code
      ? `Promo code ${facts.promo_code} applied: you save ${money(facts.promo_saving)}.`
      : null,
    facts.rate_plan === 'non_refundable' ? NON_REFUNDABLE_TERMS : null,
  ]
    .filter((line): line is string => line !== null)
    .join('\n');
}

export type MessageSettings = {
  general: GeneralSettings;
  paymentInstructions: PaymentInstructions;
  messages: MessagesSettings;
  publicUrl: string | undefined;
};

const nights = (count: number) => `${count} night${count === 1 ? '' : 's'}`;

/**
 * How to pay (issue 17's wording), from Settings → How guests pay: one line per way (the resort's
 * phone and e-mail when no account is set), the QR Ph code's link when the site's address is
 * known, the booking reference for the payment's note and the resort's own note.
 */
export function howToPayText(
  instructions: PaymentInstructions,
  resort: GeneralSettings,
  reference: string,
  publicUrl: string | undefined,
): string {
  const named = (label: string, number: string, name: string) =>
    `${label}: ${formatPhoneDisplay(number)}${name !== '' ? ` (${name})` : ''}`;
  const lines: string[] = [];
  if (instructions.gcash_number) {
    lines.push(named('GCash', instructions.gcash_number, instructions.gcash_name));
  }
  if (instructions.maya_number) {
    lines.push(named('Maya', instructions.maya_number, instructions.maya_name));
  }
  for (const account of instructions.bank_accounts) {
    lines.push(`${account.bank}: ${account.account_number} (${account.account_name})`);
  }
  if (lines.length === 0) {
    lines.push(
      `GCash or Maya: send to ${resort.contact_phone} (${resort.resort_name}).`,
      `Bank transfer: e-mail ${resort.contact_email} for our account details.`,
    );
  }
  lines.push('Other methods: contact us and we will help.');
  const base = publicUrl?.replace(/\/+$/, '');
  if (instructions.qr_image_url?.startsWith('/') && base) {
    lines.push(
      `Our QR Ph code (scan it with GCash, Maya or your bank app): ${base}${instructions.qr_image_url}`,
    );
  }
  lines.push(
    `Write your booking reference ${reference} in the payment note, so we can match your payment.`,
  );
  if (instructions.note) lines.push(instructions.note);
  return lines.join('\n');
}

/** Issue 17's "Deposit ₱X now, balance ₱Y due on <date>." over the booking's charges. */
export function depositPlanSentence(
  facts: Pick<MessageFacts, 'total' | 'deposit' | 'balance_due_date' | 'check_in'>,
): string {
  const later = toCentavos(facts.total) - toCentavos(facts.deposit);
  if (later <= 0n) return `Paid in full: ${money(facts.total)} now, nothing due later.`;
  return `Deposit ${money(facts.deposit)} now, balance ${money(toPesos(later))} due on ${formatDate(facts.balance_due_date ?? facts.check_in)}.`;
}

export function checkBookingUrl(publicUrl: string | undefined, reference: string): string {
  const base = publicUrl?.replace(/\/+$/, '') ?? '';
  return `${base}/check-booking?ref=${encodeURIComponent(reference)}`;
}

const money = (amount: number) => formatCurrency(Math.max(0, amount));
const days = (count: number) => `${count} day${Math.abs(count) === 1 ? '' : 's'}`;

/** The confirmation's first words (issue 15): a verified payment is named only when there is one. */
export function paymentSummary(
  facts: Pick<MessageFacts, 'paid' | 'balance' | 'balance_due_date' | 'check_in'>,
): string {
  const dueOn = formatDate(facts.balance_due_date ?? facts.check_in);
  if (facts.paid > 0) {
    const rest =
      facts.balance > 0
        ? `A balance of ${money(facts.balance)} is due on ${dueOn}.`
        : 'Your stay is paid in full.';
    return `We have verified your payment of ${money(facts.paid)}. ${rest}`;
  }
  return facts.balance > 0
    ? `We have not received a verified payment yet: ${money(facts.balance)} is due on ${dueOn}.`
    : 'We have not received a verified payment yet.';
}

/**
 * DESIGN §4's refund in the guest's words, from the folio as the cancellation left it: what was
 * paid before it (held + refunded) and the refund recorded. The rule that gave that refund is
 * found again from the stay's dates (a no-show forfeits everything); when none gives it (a refund
 * staff posted besides), the amounts alone are stated.
 */
export function refundExplanation(facts: MessageFacts): string {
  if (facts.cancelled_on === null) return '';
  const refunded = facts.refund;
  const paid = facts.paid + refunded;
  if (paid <= 0)
    return 'No payment had been received for this booking, so there is nothing to refund.';
  const held = { charges_total: facts.total, paid_total: paid };
  const rule = [false, true]
    .map((noShow) => ({
      noShow,
      ...cancellationRefund(held, facts.check_in, facts.cancelled_on!, noShow, facts.rate_plan),
    }))
    .find((candidate) => toCentavos(candidate.refund_amount) === toCentavos(refunded));
  if (refunded > 0) {
    return rule
      ? `We will refund ${money(refunded)}: ${rule.percent}% of the ${money(paid)} you paid, as the booking was cancelled ${days(rule.days_before)} before check-in.`
      : `We will refund ${money(refunded)} of the ${money(paid)} you paid.`;
  }
  if (facts.rate_plan === 'non_refundable') {
    return `No refund is due: the booking was made at the non-refundable rate, so the ${money(paid)} paid is kept.`;
  }
  if (rule?.noShow || (rule && rule.days_before <= 0)) {
    return `No refund is due: a no-show forfeits the ${money(paid)} paid.`;
  }
  return `No refund is due: the booking was cancelled less than 7 days before check-in, so the ${money(paid)} paid is kept under our cancellation policy.`;
}

export function placeholderValues(
  facts: MessageFacts,
  settings: MessageSettings,
): Record<MessagePlaceholder, string> {
  const { general } = settings;
  const howToPay = howToPayText(
    settings.paymentInstructions,
    general,
    facts.booking_reference,
    settings.publicUrl,
  );
  return {
    guest_name: facts.guest_name,
    booking_reference: facts.booking_reference,
    check_in: formatDate(facts.check_in),
    check_out: formatDate(facts.check_out),
    nights: nights(diffDays(facts.check_out, facts.check_in)),
    cabins: facts.cabins,
    total: money(facts.total),
    paid: money(facts.paid),
    balance: money(facts.balance),
    balance_due_date: formatDate(facts.balance_due_date ?? facts.check_in),
    deposit: money(facts.deposit),
    how_to_pay: howToPay,
    deposit_plan: depositPlanSentence(facts),
    check_in_time: formatTime12(general.check_in_time),
    check_out_time: formatTime12(general.check_out_time),
    resort_name: general.resort_name,
    resort_phone: general.contact_phone,
    resort_email: general.contact_email,
    arrival_info: settings.messages.arrival_info,
    review_url: settings.messages.review_url,
    refund: money(facts.refund),
    check_booking_url: checkBookingUrl(settings.publicUrl, facts.booking_reference),
    office_hours: officeHoursSentence(general),
    verification_hours: String(general.payment_verification_hours),
    payment_summary: paymentSummary(facts),
    // The confirmation's balance and how to pay it, only while something is due.
    balance_due_section:
      facts.balance > 0
        ? `Balance due: ${money(facts.balance)}, by ${formatDate(facts.balance_due_date ?? facts.check_in)}\n\nHow to pay the balance:\n${howToPay}`
        : '',
    cancellation_reason: facts.cancellation_reason ?? '',
    refund_explanation: refundExplanation(facts),
    stay_terms: stayTerms(facts),
  };
}

/** Blank-line paragraphs; a paragraph keeps its line breaks. */
function paragraphs(text: string): string[][] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.split('\n').map((line) => line.trimEnd()))
    .filter((lines) => lines.some((line) => line.trim() !== ''));
}

export function renderMessage(
  template: { subject: string; body: string },
  values: Record<MessagePlaceholder, string>,
  resort: GeneralSettings,
  extra: { unsubscribeUrl?: string | undefined } = {},
): RenderedMessage {
  // A value never breaks the subject onto a second header line.
  const subject = fillPlaceholders(template.subject, values).replace(/\s+/g, ' ').trim();
  const blocks: HtmlBlock[] = paragraphs(fillPlaceholders(template.body, values)).map((lines) => ({
    kind: 'lines',
    lines,
  }));
  if (extra.unsubscribeUrl) {
    blocks.push({
      kind: 'link',
      text: 'Unsubscribe from these e-mails',
      href: extra.unsubscribeUrl,
    });
  }
  return {
    subject,
    text: renderText(resort, subject, blocks),
    html: renderHtml(resort, subject, blocks),
  };
}
