import { Link } from '../../lib/public-router';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePublicSettings } from '../public-settings/get-public-settings';
import { officeHoursText, telHref } from '../public-settings/settings-text';
import { LegalPageLayout } from './legal-page-layout';
import type { LegalSection } from './legal-page-layout';

/** SPEC §2 /privacy-policy: the Data Privacy Notice, 12 sections in SPEC order. */
export function PrivacyPage() {
  const s = usePublicSettings();
  useDocumentTitle('Data Privacy Notice', s.resort_name);

  const sections: LegalSection[] = [
    {
      id: 'information-we-collect',
      title: 'Information We Collect',
      content: (
        <>
          <p>We collect only what we need to handle your booking and your stay:</p>
          <ul>
            <li>
              <strong>Identity and contact details:</strong> your name, e-mail address and mobile or
              phone number.
            </li>
            <li>
              <strong>Booking details:</strong> the cabin, your check-in and check-out dates, the
              number of guests and any special requests you write to us.
            </li>
            <li>
              <strong>Payment information:</strong> the payment method, the amount and the payment
              proof you upload (a screenshot, photo or PDF, which may show an account name, part of
              an account number and a transaction reference). We never ask for or store card
              numbers, PINs or one-time passwords.
            </li>
            <li>
              <strong>Communications:</strong> messages and e-mails you exchange with us.
            </li>
            <li>
              <strong>Technical data:</strong> your IP address, browser and device type, and the
              date and time of requests to this website, kept in security logs; and the result of
              the human-verification check on the booking form.
            </li>
            <li>
              <strong>Staff accounts:</strong> for resort staff who sign in, their name, e-mail
              address, role and sign-in events.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'how-we-use-your-information',
      title: 'How We Use Your Information',
      content: (
        <>
          <ul>
            <li>To receive, confirm, change and manage your booking and your stay.</li>
            <li>To verify your payment and to process refunds.</li>
            <li>To send you booking confirmations, reminders and answers to your questions.</li>
            <li>To keep accounting and tax records that the law requires.</li>
            <li>
              To protect our guests, staff and systems: to prevent fraud and abuse, to keep an audit
              trail of changes, and to investigate security incidents.
            </li>
          </ul>
          <p>
            We do not sell your personal data, we do not use it for automated decisions that affect
            you legally, and we send marketing messages only if you have agreed to receive them.
          </p>
        </>
      ),
    },
    {
      id: 'legal-basis-for-processing',
      title: 'Legal Basis for Processing',
      content: (
        <>
          <p>
            We process personal information under Section 12 of the Data Privacy Act of 2012
            (Republic Act No. 10173) because it is:
          </p>
          <ul>
            <li>
              necessary to fulfil our contract with you, or to take steps you ask for before a
              booking is made;
            </li>
            <li>
              necessary to comply with our legal obligations, such as tax, accounting and
              guest-registration rules;
            </li>
            <li>
              necessary for our legitimate interests in keeping the resort and its systems safe and
              preventing fraud, which do not override your fundamental rights and freedoms;
            </li>
            <li>based on your consent, where we ask for it, which you may withdraw at any time.</li>
          </ul>
          <p>
            Any sensitive personal information, such as a government-issued ID number, is processed
            only where Section 13 of the Act allows it.
          </p>
        </>
      ),
    },
    {
      id: 'sharing-of-information',
      title: 'Sharing of Information',
      content: (
        <>
          <p>We share personal data only when needed, and only with:</p>
          <ul>
            <li>
              service providers who run our website, database, file storage and e-mail for us, under
              written agreements that require them to protect it and use it only on our
              instructions;
            </li>
            <li>
              banks and e-wallet providers (such as GCash and Maya) when you pay them, under their
              own privacy notices;
            </li>
            <li>
              government agencies, courts and law enforcement when the law or a lawful order
              requires it;
            </li>
            <li>
              our professional advisers, such as accountants and lawyers, under confidentiality.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'data-security',
      title: 'Data Security',
      content: (
        <>
          <p>
            We use organisational, physical and technical measures to protect your personal data,
            including:
          </p>
          <ul>
            <li>encrypted connections (HTTPS) between your browser and this website;</li>
            <li>
              access limited to authorised staff with personal accounts and roles, and a record of
              who changed what;
            </li>
            <li>
              payment proofs kept private: only signed-in staff or short-lived links can open them,
              and location and device details are removed from uploaded images;
            </li>
            <li>passwords stored only as secure hashes, and regular backups.</li>
          </ul>
          <p>
            If a personal data breach is likely to put you at risk, we will notify you and the
            National Privacy Commission as the law requires.
          </p>
        </>
      ),
    },
    {
      id: 'data-retention',
      title: 'Data Retention',
      content: (
        <>
          <p>We keep personal data only as long as we need it:</p>
          <ul>
            <li>
              <strong>Booking records:</strong> 5 years from your last stay.
            </li>
            <li>
              <strong>Financial records</strong> (payments, payment proofs, refunds): 10 years, as
              tax and accounting rules require.
            </li>
            <li>
              <strong>Technical data</strong> (security logs): 12 to 24 months.
            </li>
          </ul>
          <p>After these periods the data is securely deleted or anonymised.</p>
        </>
      ),
    },
    {
      id: 'your-rights-as-a-data-subject',
      title: 'Your Rights as a Data Subject',
      content: (
        <>
          <p>Under the Data Privacy Act you have the right:</p>
          <ul>
            <li>to be informed about how your personal data is processed;</li>
            <li>to access your personal data;</li>
            <li>to object to processing, and to withdraw consent you gave;</li>
            <li>to have inaccurate data corrected (rectification);</li>
            <li>to have data erased or blocked when it is no longer lawfully needed;</li>
            <li>to data portability, in a commonly used electronic format;</li>
            <li>to be indemnified for damages from inaccurate or unlawfully used data;</li>
            <li>to file a complaint with the National Privacy Commission.</li>
          </ul>
          <p>
            To use any of these rights, contact our Data Protection Officer (section 12). We may ask
            you to confirm your identity before we act on a request.
          </p>
        </>
      ),
    },
    {
      id: 'cookies',
      title: 'Cookies',
      content: (
        <p>
          This website uses only cookies that it needs to work: a session cookie and a security
          token for staff who sign in. Guest pages do not set advertising or tracking cookies, and
          we use no third-party analytics. Your browser may also keep small display preferences on
          your device. You can delete cookies in your browser settings at any time.
        </p>
      ),
    },
    {
      id: 'childrens-privacy',
      title: "Children's Privacy",
      content: (
        <p>
          Bookings must be made by an adult aged {s.minimum_guest_age} or over. We do not knowingly
          collect personal data directly from children. Details of minors in a booking party are
          given by the adult responsible for them and are used only for that stay. If you believe a
          child has given us personal data, contact us and we will delete it.
        </p>
      ),
    },
    {
      id: 'changes-to-this-policy',
      title: 'Changes to This Policy',
      content: (
        <p>
          We may update this notice when our practices or the law change. The current version is
          always on this page; if a change materially affects how we use data you have already given
          us, we will tell you by e-mail before it applies.
        </p>
      ),
    },
    {
      id: 'international-transfers',
      title: 'International Transfers',
      content: (
        <p>
          Some of our service providers may store or process data on servers outside the
          Philippines. When that happens we remain accountable for your data under Section 21 of the
          Data Privacy Act, and we require those providers by contract to protect it to a standard
          comparable to Philippine law.
        </p>
      ),
    },
    {
      id: 'contact-us',
      title: 'Contact Us',
      content: (
        <>
          <p>
            For questions about this notice or your personal data, or to exercise your rights,
            contact our Data Protection Officer:
          </p>
          <ul>
            <li>Data Protection Officer, {s.resort_name}</li>
            <li>Address: {s.address}</li>
            <li>
              E-mail: <a href={`mailto:${s.contact_email}`}>{s.contact_email}</a> (subject:
              &quot;Data Privacy&quot;)
            </li>
            <li>
              Phone: <a href={telHref(s.contact_phone)}>{s.contact_phone}</a>
            </li>
            <li>Office hours: {officeHoursText(s)}</li>
          </ul>
          <p>
            If you are not satisfied with our answer, you may contact the National Privacy
            Commission (privacy.gov.ph).
          </p>
        </>
      ),
    },
  ];

  return (
    <LegalPageLayout
      title="Data Privacy Notice"
      path="/privacy-policy"
      description={
        <>
          How {s.resort_name} collects, uses and protects your personal data under the Philippine
          Data Privacy Act of 2012 (Republic Act No. 10173).
        </>
      }
      intro={
        <p>
          {s.resort_name} respects your privacy. This notice explains how we handle personal data in
          line with the Data Privacy Act of 2012 (RA 10173), its Implementing Rules and Regulations,
          and the issuances of the National Privacy Commission. It applies to this website, to
          bookings and to your stay. See also our{' '}
          <Link to="/terms-and-conditions">Terms and Conditions</Link>.
        </p>
      }
      sections={sections}
    />
  );
}
