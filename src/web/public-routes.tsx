import type { QueryClient } from '@tanstack/react-query';
import type { PublicPagePath } from '../domain/app-routes';
import { findSessionForPublicPage } from './features/auth/get-session';
import { backOfficeHome } from './features/auth/redirect-target';
import { captchaConfigQueryOptions } from './features/captcha/get-captcha-config';
import { publicExtrasQueryOptions } from './features/guest-booking/get-public-extras';
import { publicStayRulesQueryOptions } from './features/public-settings/get-public-stay-rules';
import { publicUnitsQueryOptions } from './features/units/get-public-units';
import { lazyPage } from './lib/public-router';
import type { PublicRoute } from './lib/public-router';
import { optionalString } from './lib/search-params';

/** A trimmed, non-empty query parameter of at most `maxLength` characters, or undefined. */
function trimmedParam(search: URLSearchParams, name: string, maxLength: number) {
  const value = search.get(name)?.trim();
  return value ? value.slice(0, maxLength) : undefined;
}

/**
 * The public pages, path by path (every path of PUBLIC_PAGE_ROUTES, which the server sends
 * `public.html` for): what each one loads, and how it reads its query string. Search parameters
 * are read by hand, not with zod, so the entry stays free of zod (it loads with the forms).
 */
export function createPublicRoutes(queryClient: QueryClient): Record<PublicPagePath, PublicRoute> {
  return {
    '/': {
      // DESIGN §3: a signed-in user is sent to the back office (on a phone its front desk, issue
      // 22). Guests are never asked for a session (it would answer 401 on every visit); only a
      // browser that signed in before checks it.
      beforeLoad: async () =>
        (await findSessionForPublicPage(queryClient)) ? backOfficeHome() : null,
      // The cabins start with the page's chunk; the layout fetches the settings itself.
      loader: () => void queryClient.prefetchQuery(publicUnitsQueryOptions()),
      load: lazyPage(
        () => import('./features/public-site/home-page'),
        ({ HomePage }) => <HomePage />,
      ),
    },
    '/guest-booking': {
      loader: () => {
        void queryClient.prefetchQuery(publicUnitsQueryOptions());
        void queryClient.prefetchQuery(captchaConfigQueryOptions());
        void queryClient.prefetchQuery(publicExtrasQueryOptions());
        // Issue 21: the stay rules are said at the dates before the guest submits.
        void queryClient.prefetchQuery(publicStayRulesQueryOptions());
      },
      load: lazyPage(
        () => import('./features/guest-booking/guest-booking-page'),
        ({ GuestBookingPage }, search) => (
          <GuestBookingPage initialUnitId={trimmedParam(search, 'unit_id', 2048)} />
        ),
      ),
    },
    '/calendar': {
      loader: () => {
        void queryClient.prefetchQuery(publicUnitsQueryOptions());
        void queryClient.prefetchQuery(publicStayRulesQueryOptions());
      },
      load: lazyPage(
        () => import('./features/calendar/calendar-page'),
        ({ CalendarPage }, search) => {
          const month = search.get('month');
          return (
            <CalendarPage
              month={month && /^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? month : undefined}
            />
          );
        },
      ),
    },
    '/check-booking': {
      load: lazyPage(
        () => import('./features/check-booking/check-booking-page'),
        ({ CheckBookingPage }, search) => (
          <CheckBookingPage initialReference={trimmedParam(search, 'ref', 50)} />
        ),
      ),
    },
    '/privacy-policy': {
      load: lazyPage(
        () => import('./features/legal/privacy-page'),
        ({ PrivacyPage }) => <PrivacyPage />,
      ),
    },
    '/terms-and-conditions': {
      load: lazyPage(
        () => import('./features/legal/terms-page'),
        ({ TermsPage }) => <TermsPage />,
      ),
    },
    '/unsubscribe': {
      load: lazyPage(
        () => import('./features/unsubscribe/unsubscribe-page'),
        ({ UnsubscribePage }, search) => (
          <UnsubscribePage token={optionalString(search.get('token') ?? undefined, 512)} />
        ),
      ),
    },
  };
}
