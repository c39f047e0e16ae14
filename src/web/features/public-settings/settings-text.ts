import type { GeneralSettings } from '../../../domain/settings-defaults';
import { formatTime12 } from '../../../domain/format';

/** "Philippine time" for Asia/Manila; otherwise the zone's name. */
export function timeZoneLabel(timeZone: string): string {
  return timeZone === 'Asia/Manila' ? 'Philippine time' : `${timeZone.replace(/_/g, ' ')} time`;
}

/** SPEC §1: "8:00 AM to 8:00 PM Philippine time, every day". */
export function officeHoursText(settings: GeneralSettings): string {
  return `${formatTime12(settings.office_hours_start)} to ${formatTime12(settings.office_hours_end)} ${timeZoneLabel(settings.timezone)}, every day`;
}

/** SPEC §9: "10:00 PM to 7:00 AM". */
export function quietHoursText(settings: GeneralSettings): string {
  return `${formatTime12(settings.quiet_hours_start)} to ${formatTime12(settings.quiet_hours_end)}`;
}

/** "within 24 hours", "within 2 days" for the payment-verification promise. */
export function verificationWindowText(hours: number): string {
  if (hours % 24 === 0 && hours > 24) return `within ${hours / 24} days`;
  return `within ${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

/** "+63 917 555 0142" → "tel:+639175550142". */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
