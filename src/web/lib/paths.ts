/*
 * Paths of pages linked across the app. Several (booking, check booking, calendar, the back-office
 * work screens) are added by other work, so these are typed as plain strings: TanStack Router's
 * typed <Link> accepts a string, and the links keep compiling whether those routes exist or not.
 */
type PathName =
  | 'home'
  | 'guestBooking'
  | 'checkBooking'
  | 'calendar'
  | 'login'
  | 'dashboard'
  | 'frontDesk'
  | 'bookings'
  | 'units'
  | 'guests'
  | 'payments'
  | 'expenses'
  | 'salesJournal'
  | 'reports'
  | 'availability'
  | 'housekeeping'
  | 'auditLogs'
  | 'settings'
  | 'terms'
  | 'privacy';

export const paths: Readonly<Record<PathName, string>> = {
  home: '/',
  guestBooking: '/guest-booking',
  checkBooking: '/check-booking',
  calendar: '/calendar',
  login: '/login',
  dashboard: '/dashboard',
  frontDesk: '/front-desk',
  bookings: '/bookings',
  units: '/units',
  guests: '/guests',
  payments: '/payments',
  expenses: '/expenses',
  salesJournal: '/sales-journal',
  reports: '/reports',
  availability: '/availability',
  housekeeping: '/housekeeping',
  auditLogs: '/audit-logs',
  settings: '/settings',
  terms: '/terms-and-conditions',
  privacy: '/privacy-policy',
};
