/**
 * Every page path the web app has (its file routes, src/web/routes), so the server can answer an
 * unknown page with HTTP 404 and the app's not-found page instead of 200 (issue 15). `$name` is
 * one path segment. app-routes.test.ts checks this list against the generated route tree, so a
 * new page cannot be forgotten here.
 */
export const APP_PAGE_ROUTES = [
  '/',
  '/__error-test',
  '/calendar',
  '/check-booking',
  '/guest-booking',
  '/login',
  '/privacy-policy',
  '/terms-and-conditions',
  '/unsubscribe',
  '/audit-logs',
  '/availability',
  '/bookings-new-multi',
  '/dashboard',
  '/settings',
  '/bookings',
  '/bookings/$bookingId',
  '/bookings/$bookingId/edit',
  '/expenses',
  '/expenses/$expenseId',
  '/expenses/$expenseId/edit',
  '/front-desk',
  '/guests',
  '/guests/$guestId',
  '/guests/$guestId/edit',
  '/housekeeping',
  '/payments',
  '/payments/$paymentId',
  '/payments/$paymentId/edit',
  '/sales-journal',
  '/reports',
  '/units',
  '/units/$unitId',
  '/units/$unitId/edit',
] as const;

function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

const ROUTE_SEGMENTS = APP_PAGE_ROUTES.map(segmentsOf);

/**
 * Whether `pathname` (no query string) is one of the app's pages. A trailing slash is the same
 * page; a `$name` segment matches any one non-empty segment.
 */
export function isAppPagePath(pathname: string): boolean {
  const segments = segmentsOf(pathname);
  return ROUTE_SEGMENTS.some(
    (route) =>
      route.length === segments.length &&
      route.every((part, i) => part.startsWith('$') || part === segments[i]),
  );
}
