/**
 * The public pages (decision 0014, fifth round): the server sends them `public.html`, whose entry
 * (src/web/public-main.tsx) has a small router of its own (src/web/public-routes.tsx maps each of
 * these paths to its page); every other page is the back office's `index.html` with TanStack
 * Router. A link between the two is a full page load.
 */
export const PUBLIC_PAGE_ROUTES = [
  '/',
  '/calendar',
  '/check-booking',
  '/guest-booking',
  '/privacy-policy',
  '/terms-and-conditions',
  '/unsubscribe',
] as const;

export type PublicPagePath = (typeof PUBLIC_PAGE_ROUTES)[number];

/**
 * Every page path the web app has (the public pages above and the back office's file routes,
 * src/web/routes), so the server can answer an unknown page with HTTP 404 and the app's not-found
 * page instead of 200 (issue 15). `$name` is one path segment. app-routes.test.ts checks this list
 * against the generated route tree, so a new page cannot be forgotten here.
 */
export const APP_PAGE_ROUTES = [
  ...PUBLIC_PAGE_ROUTES,
  '/__error-test',
  '/login',
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
 * The public page `pathname` (no query string) is, or null when it is none; a trailing slash is
 * the same page.
 */
export function publicPageOf(pathname: string): PublicPagePath | null {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const path = trimmed === '' ? '/' : trimmed;
  return (PUBLIC_PAGE_ROUTES as readonly string[]).includes(path) ? (path as PublicPagePath) : null;
}

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
