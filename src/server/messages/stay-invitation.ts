import ICAL from 'ical.js';

/**
 * Issue 18: the confirmation carries the stay as a calendar invitation (RFC 5545 / 5546
 * METHOD:REQUEST), written with ical.js (docs/decisions/0020-ical-library.md): all-day dates,
 * DTEND the check-out day (exclusive), a UID that stays the same for the booking so a changed
 * stay updates the guest's calendar entry instead of adding one.
 */

export type StayInvitation = {
  booking_id: string;
  booking_reference: string;
  check_in: string;
  check_out: string;
  resort_name: string;
  resort_email: string;
  address: string;
  guest_name: string;
  guest_email: string;
  cabins: string;
  /** Bumped when the stay changes, so calendars take the newer invitation. */
  sequence: number;
  now: Date;
  domain: string;
};

function allDay(date: string): ICAL.Time {
  return ICAL.Time.fromDateString(date);
}

export function stayInvitationIcs(stay: StayInvitation): string {
  const calendar = new ICAL.Component(['vcalendar', [], []]);
  calendar.addPropertyWithValue('prodid', '-//Resort booking//Guest messages//EN');
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('calscale', 'GREGORIAN');
  calendar.addPropertyWithValue('method', 'REQUEST');

  const event = new ICAL.Component('vevent');
  event.addPropertyWithValue('uid', `booking-${stay.booking_id}@${stay.domain}`);
  event.addPropertyWithValue('dtstamp', ICAL.Time.fromJSDate(stay.now, true));
  event.addPropertyWithValue('dtstart', allDay(stay.check_in));
  event.addPropertyWithValue('dtend', allDay(stay.check_out));
  event.addPropertyWithValue('sequence', stay.sequence);
  event.addPropertyWithValue('status', 'CONFIRMED');
  event.addPropertyWithValue('transp', 'TRANSPARENT');
  event.addPropertyWithValue('summary', `Stay at ${stay.resort_name} (${stay.booking_reference})`);
  event.addPropertyWithValue(
    'description',
    `Booking ${stay.booking_reference}: ${stay.cabins}. Check-in ${stay.check_in}, check-out ${stay.check_out}.`,
  );
  if (stay.address.trim() !== '') event.addPropertyWithValue('location', stay.address);
  const organizer = event.addPropertyWithValue('organizer', `mailto:${stay.resort_email}`);
  organizer.setParameter('cn', stay.resort_name);
  const attendee = event.addPropertyWithValue('attendee', `mailto:${stay.guest_email}`);
  attendee.setParameter('cn', stay.guest_name);
  attendee.setParameter('role', 'REQ-PARTICIPANT');
  attendee.setParameter('partstat', 'ACCEPTED');
  calendar.addSubcomponent(event);

  // ical.js folds after the continuation space: 74 keeps every line within 75 octets.
  const fold = ICAL.foldLength;
  ICAL.foldLength = 74;
  try {
    return calendar.toString() + '\r\n';
  } finally {
    ICAL.foldLength = fold;
  }
}
