import type { GeneralSettings } from '../../../domain/settings';
import { formatCurrency, formatDate, formatTime12 } from '../../../domain/format';

/**
 * Building blocks of the e-mail templates: a simple, inline-styled HTML layout (mail clients
 * ignore style sheets) and a plain-text twin. Every value is escaped: guest-typed text such as a
 * name or a special request can never become markup in a staff member's mail client.
 */

export type RenderedMail = { subject: string; text: string; html: string };

/** What the booking e-mails show about one booking. Dates are 'YYYY-MM-DD', money in pesos. */
export type BookingMailDetails = {
  booking_reference: string;
  guest_name: string;
  email: string;
  phone_number: string | null;
  unit_name: string;
  unit_type: string;
  check_in: string;
  check_out: string;
  nights: number;
  num_guests: number;
  total_amount: number;
  special_requests: string | null;
};

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** SPEC §9: "Jan 05, 2025". */
export const mailDate = (date: string): string => formatDate(date);
/** SPEC §1: pesos in en-PH, "₱11,458.00". */
export const mailMoney = (amount: number): string => formatCurrency(amount);

export const nightsLabel = (nights: number): string => `${nights} night${nights === 1 ? '' : 's'}`;
export const guestsLabel = (guests: number): string => `${guests} guest${guests === 1 ? '' : 's'}`;

/** SPEC §1: "8:00 AM to 8:00 PM Philippine time every day", from the General settings. */
export function officeHoursSentence(resort: GeneralSettings): string {
  const zone = resort.timezone === 'Asia/Manila' ? 'Philippine time' : `${resort.timezone} time`;
  return `${formatTime12(resort.office_hours_start)} to ${formatTime12(resort.office_hours_end)} ${zone} every day`;
}

export type DetailRow = [label: string, value: string];

export function bookingRows(details: BookingMailDetails, resort: GeneralSettings): DetailRow[] {
  return [
    ['Booking reference', details.booking_reference],
    ['Cabin', `${details.unit_name} (${details.unit_type})`],
    ['Check-in', `${mailDate(details.check_in)}, from ${formatTime12(resort.check_in_time)}`],
    ['Check-out', `${mailDate(details.check_out)}, by ${formatTime12(resort.check_out_time)}`],
    ['Length of stay', nightsLabel(details.nights)],
    ['Guests', guestsLabel(details.num_guests)],
    ['Total amount', mailMoney(details.total_amount)],
  ];
}

export function textRows(rows: DetailRow[]): string {
  const width = Math.max(...rows.map(([label]) => label.length));
  return rows.map(([label, value]) => `  ${(label + ':').padEnd(width + 1)} ${value}`).join('\n');
}

function htmlRows(rows: DetailRow[]): string {
  return rows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:6px 12px 6px 0;color:#52606d;white-space:nowrap;vertical-align:top">${escapeHtml(label)}</td>` +
        `<td style="padding:6px 0;color:#1f2933;font-weight:600">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
}

export type HtmlBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'rows'; rows: DetailRow[] }
  | { kind: 'list'; items: string[] }
  | { kind: 'link'; text: string; href: string }
  /** A paragraph whose line breaks are kept (an owner's template); web addresses become links. */
  | { kind: 'lines'; lines: string[] };

/** Escapes a line and turns each https:// or http:// address in it into a link. */
function linkifiedLine(line: string): string {
  return line
    .split(/(https?:\/\/[^\s<>"]+)/)
    .map((part, index) =>
      index % 2 === 1
        ? `<a href="${escapeHtml(part)}" style="color:#0b4f6c;font-weight:600">${escapeHtml(part)}</a>`
        : escapeHtml(part),
    )
    .join('');
}

function renderBlock(block: HtmlBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p style="margin:0 0 14px;line-height:1.5">${escapeHtml(block.text)}</p>`;
    case 'heading':
      return `<h2 style="margin:22px 0 10px;font-size:16px;color:#0b4f6c">${escapeHtml(block.text)}</h2>`;
    case 'rows':
      return `<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 14px;font-size:14px">${htmlRows(block.rows)}</table>`;
    case 'list':
      return `<ul style="margin:0 0 14px;padding-left:20px;line-height:1.5">${block.items
        .map((item) => `<li style="margin:0 0 6px">${escapeHtml(item)}</li>`)
        .join('')}</ul>`;
    case 'link':
      return `<p style="margin:0 0 14px"><a href="${escapeHtml(block.href)}" style="color:#0b4f6c;font-weight:600">${escapeHtml(block.text)}</a></p>`;
    case 'lines':
      return `<p style="margin:0 0 14px;line-height:1.5">${block.lines.map(linkifiedLine).join('<br>')}</p>`;
  }
}

/** The HTML document: one centred column, the resort's name on top, its contact at the bottom. */
export function renderHtml(resort: GeneralSettings, title: string, blocks: HtmlBlock[]): string {
  const footer = [resort.resort_name, resort.address, resort.contact_phone, resort.contact_email]
    .filter((part) => part.trim() !== '')
    .map(escapeHtml)
    .join(' &middot; ');
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f4f7f9;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f7f9"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px">
<tr><td style="padding:20px 24px;background:#0b4f6c;border-radius:8px 8px 0 0;color:#ffffff;font-size:18px;font-weight:700">${escapeHtml(resort.resort_name)}</td></tr>
<tr><td style="padding:24px;font-size:15px">
<h1 style="margin:0 0 16px;font-size:20px;color:#1f2933">${escapeHtml(title)}</h1>
${blocks.map(renderBlock).join('\n')}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e4e7eb;font-size:12px;color:#7b8794">${footer}</td></tr>
</table>
</td></tr></table>
</body>
</html>`;
}

/** The plain-text twin of the same blocks. */
export function renderText(resort: GeneralSettings, title: string, blocks: HtmlBlock[]): string {
  const body = blocks
    .map((block) => {
      switch (block.kind) {
        case 'paragraph':
          return block.text;
        case 'heading':
          return `${block.text}\n${'-'.repeat(block.text.length)}`;
        case 'rows':
          return textRows(block.rows);
        case 'list':
          return block.items.map((item) => `  - ${item}`).join('\n');
        case 'link':
          return `${block.text}: ${block.href}`;
        case 'lines':
          return block.lines.join('\n');
      }
    })
    .join('\n\n');
  const footer = [resort.resort_name, resort.address, resort.contact_phone, resort.contact_email]
    .filter((part) => part.trim() !== '')
    .join('\n');
  return `${title}\n${'='.repeat(title.length)}\n\n${body}\n\n--\n${footer}\n`;
}
