import { diffDays } from '../../domain/dates';
import { formatCurrency, formatDate, formatTime12 } from '../../domain/format';
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
  refund: number;
};

export type MessageSettings = {
  general: GeneralSettings;
  paymentInstructions: PaymentInstructions;
  messages: MessagesSettings;
  publicUrl: string | undefined;
};

const nights = (count: number) => `${count} night${count === 1 ? '' : 's'}`;

/** How to pay, from Settings → How guests pay: one line per way. */
export function howToPayText(instructions: PaymentInstructions, reference: string): string {
  const lines: string[] = [];
  if (instructions.gcash_number) {
    lines.push(`GCash: ${instructions.gcash_number} (${instructions.gcash_name})`);
  }
  if (instructions.maya_number) {
    lines.push(`Maya: ${instructions.maya_number} (${instructions.maya_name})`);
  }
  for (const account of instructions.bank_accounts) {
    lines.push(`${account.bank}: ${account.account_number} (${account.account_name})`);
  }
  if (lines.length === 0) lines.push('Contact us for how to pay.');
  lines.push(`Write ${reference} in the payment note.`);
  if (instructions.note) lines.push(instructions.note);
  return lines.join('\n');
}

export function checkBookingUrl(publicUrl: string | undefined, reference: string): string {
  const base = publicUrl?.replace(/\/+$/, '') ?? '';
  return `${base}/check-booking?ref=${encodeURIComponent(reference)}`;
}

export function placeholderValues(
  facts: MessageFacts,
  settings: MessageSettings,
): Record<MessagePlaceholder, string> {
  const { general } = settings;
  const money = (amount: number) => formatCurrency(Math.max(0, amount));
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
    how_to_pay: howToPayText(settings.paymentInstructions, facts.booking_reference),
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
