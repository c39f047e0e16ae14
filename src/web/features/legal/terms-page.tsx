import { Link } from '../../lib/public-router';
import { refundPercent } from '../../../domain/refund';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { formatTime12 } from '../../../domain/format';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePublicSettings } from '../public-settings/get-public-settings';
import {
  officeHoursText,
  quietHoursText,
  telHref,
  verificationWindowText,
} from '../public-settings/settings-text';
import { LegalPageLayout } from './legal-page-layout';
import type { LegalSection } from './legal-page-layout';

/** SPEC §9 refund schedule, percentages from src/domain/refund.ts so text and staff tools agree. */
const refundRows = [
  {
    when: '30 days or more before check-in',
    percent: refundPercent(30),
    note: '10% processing fee',
  },
  { when: '15 to 29 days before check-in', percent: refundPercent(15) },
  { when: '7 to 14 days before check-in', percent: refundPercent(7) },
  { when: 'Less than 7 days before check-in', percent: refundPercent(6) },
  { when: 'No-show (no cancellation before check-in)', percent: 0, note: 'full payment forfeited' },
] as const;

export function TermsPage() {
  const s = usePublicSettings();
  useDocumentTitle('Terms and Conditions', s.resort_name);
  const checkIn = formatTime12(s.check_in_time);
  const checkOut = formatTime12(s.check_out_time);
  const verification = verificationWindowText(s.payment_verification_hours);

  const sections: LegalSection[] = [
    {
      id: 'about-these-terms',
      title: 'About These Terms',
      content: (
        <>
          <p>
            These Terms and Conditions apply to every booking made with {s.resort_name} (&quot;the
            resort&quot;, &quot;we&quot;, &quot;us&quot;), whether through this website, by phone or
            by e-mail. The person who makes the booking (&quot;you&quot;) accepts these terms for
            everyone in the booking party.
          </p>
          <p>
            Please read them before you book. If anything is unclear, contact us before you pay.
          </p>
        </>
      ),
    },
    {
      id: 'bookings-and-confirmation',
      title: 'Bookings and Confirmation',
      content: (
        <>
          <p>
            When you submit the booking form you receive a booking reference (for example
            BK-2025-ABCD). At that point your booking is a request and its status is{' '}
            <strong>Pending</strong>.
          </p>
          <ul>
            <li>
              A booking is{' '}
              <strong>confirmed only after we have received and verified your payment proof</strong>
              . Verification is typically done {verification} on business days.
            </li>
            <li>
              The resort confirms every booking <strong>in writing</strong>, by e-mail to the
              address you gave. A booking without our written confirmation is not confirmed.
            </li>
            <li>
              Payments that cannot be verified (for example a proof that does not match a payment we
              received, or an unreadable proof) may lead to the cancellation of the booking. We will
              contact you first when we can.
            </li>
            <li>
              If the payment proof does not reach us within {s.proof_timeout_hours}{' '}
              {s.proof_timeout_hours === 1 ? 'hour' : 'hours'} of the request, the request is
              cancelled automatically so the dates are released for other guests.
            </li>
          </ul>
          <p>
            You can check the status of your booking at any time on the{' '}
            <Link to={paths.checkBooking}>Check Booking</Link> page with your booking reference and
            e-mail address.
          </p>
        </>
      ),
    },
    {
      id: 'rates-and-payment',
      title: 'Rates and Payment',
      content: (
        <>
          <p>
            Rates are per cabin per night, in Philippine pesos (PHP). Each cabin&apos;s rate covers
            its base number of guests; additional guests, up to the cabin&apos;s maximum occupancy,
            are charged an extra person rate per night. Weekend, peak-season and holiday rates and
            any applicable taxes are included in the total shown before you submit your booking.
          </p>
          <p>We accept the following payment methods:</p>
          <ul>
            <li>Bank transfer</li>
            <li>GCash</li>
            <li>Maya (PayMaya)</li>
            <li>Other methods we agree with you in writing</li>
          </ul>
          <p>
            Upload a clear photo, screenshot or PDF of your payment confirmation with your booking.
            Fees charged by your bank or e-wallet are yours to pay. We never ask for your PIN,
            one-time password or card security code.
          </p>
        </>
      ),
    },
    {
      id: 'check-in-and-check-out',
      title: 'Check-in and Check-out',
      content: (
        <>
          <ul>
            <li>
              Check-in is from <strong>{checkIn}</strong>.
            </li>
            <li>
              Check-out is by <strong>{checkOut}</strong>.
            </li>
          </ul>
          <p>
            Early check-in and late check-out depend on availability and may be charged. Please ask
            us in advance. The guest who made the booking must present a valid government-issued
            photo ID at check-in.
          </p>
        </>
      ),
    },
    {
      id: 'guests-and-occupancy',
      title: 'Guests and Occupancy',
      content: (
        <ul>
          <li>
            The guest who makes the booking must be at least {s.minimum_guest_age} years old and
            must stay at the resort for the booked dates.
          </li>
          <li>
            All guests must be declared in the booking. Undeclared guests may be refused entry or
            charged the extra person rate.
          </li>
          <li>
            The number of guests in a cabin may not exceed its maximum occupancy, shown on the
            cabin&apos;s description.
          </li>
          <li>Guests under {s.minimum_guest_age} must be accompanied by a responsible adult.</li>
        </ul>
      ),
    },
    {
      id: 'cancellations-and-refunds',
      title: 'Cancellations and Refunds',
      content: (
        <>
          <p>
            To cancel, write to us at <a href={`mailto:${s.contact_email}`}>{s.contact_email}</a>{' '}
            with your booking reference. The refund depends on how many days before the check-in
            date we receive your cancellation:
          </p>
          <div className="my-4">
            <Table label="Refund schedule">
              <TableCaption>Refunds are a share of the amount you have paid.</TableCaption>
              <TableHeader>
                <TableRow>
                  <TableHead>When you cancel</TableHead>
                  <TableHead>Refund</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {refundRows.map((row) => (
                  <TableRow key={row.when}>
                    <TableCell className="min-w-44">{row.when}</TableCell>
                    <TableCell className="font-semibold">
                      {row.percent > 0 ? `${row.percent}% refund` : 'No refund'}
                      {'note' in row ? (
                        <span className="block text-sm font-normal text-muted-foreground">
                          ({row.note})
                        </span>
                      ) : null}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <ul>
            <li>A no-show forfeits the full payment.</li>
            <li>
              Approved refunds are processed within <strong>14 business days</strong>, to the
              original payment method where possible.
            </li>
            <li>
              Changing your dates is treated as a new booking and depends on availability; ask us
              before you cancel.
            </li>
            <li>
              If we must cancel your stay (for example because of a typhoon, a suspension of sea or
              air travel by the authorities, or another event beyond our control), you may choose
              new dates or a full refund of what you paid.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'house-rules',
      title: 'House Rules',
      content: (
        <ul>
          <li>
            Quiet hours are <strong>{quietHoursText(s)}</strong>. Please keep music and voices low
            so every guest can rest.
          </li>
          <li>Smoking and vaping are not allowed inside the cabins.</li>
          <li>Visitors who are not registered guests must be announced at the front desk.</li>
          <li>
            Help us keep the beach and the reef clean: take your litter with you and do not remove
            shells, coral or marine life.
          </li>
          <li>
            You are responsible for damage to the cabin or its contents caused by your party, beyond
            normal wear.
          </li>
          <li>
            Swimming and water activities are at your own risk; there is no lifeguard on duty.
          </li>
        </ul>
      ),
    },
    {
      id: 'liability',
      title: 'Liability',
      content: (
        <>
          <p>
            Guests use the resort&apos;s facilities at their own risk. We are not responsible for
            the loss of, or damage to, personal belongings left unattended. Please keep valuables
            with you or ask us about safekeeping.
          </p>
          <p>
            We are not liable for failing to provide a service because of events beyond our
            reasonable control, such as severe weather, natural disasters, power or water
            interruptions from public utilities, or orders of the authorities. Nothing in these
            terms limits any right you have under Philippine consumer law.
          </p>
        </>
      ),
    },
    {
      id: 'personal-data',
      title: 'Personal Data',
      content: (
        <p>
          We handle the personal data you give us under the Data Privacy Act of 2012 (Republic Act
          No. 10173). Our <Link to="/privacy-policy">Data Privacy Notice</Link> explains what we
          collect, why, for how long, and your rights.
        </p>
      ),
    },
    {
      id: 'changes-to-these-terms',
      title: 'Changes to These Terms',
      content: (
        <p>
          We may update these terms from time to time and publish the new version on this page. The
          terms in force on the day you made your booking apply to that booking.
        </p>
      ),
    },
    {
      id: 'governing-law',
      title: 'Governing Law',
      content: (
        <p>
          These terms are governed by the laws of the Republic of the Philippines. Any dispute that
          cannot be settled between us shall be brought before the proper courts of the Province of
          Palawan.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact',
      content: (
        <>
          <p>Questions about these terms or your booking? Contact us:</p>
          <ul>
            <li>
              E-mail: <a href={`mailto:${s.contact_email}`}>{s.contact_email}</a>
            </li>
            <li>
              Phone: <a href={telHref(s.contact_phone)}>{s.contact_phone}</a>
            </li>
            <li>Address: {s.address}</li>
            <li>Office hours: {officeHoursText(s)}</li>
          </ul>
        </>
      ),
    },
  ];

  return (
    <LegalPageLayout
      title="Terms and Conditions"
      path="/terms-and-conditions"
      description={<>The terms that apply to every stay at {s.resort_name}.</>}
      sections={sections}
    />
  );
}
