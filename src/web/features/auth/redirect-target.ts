import { safeRedirect } from '../../../domain/constants';
import { paths } from '../../lib/paths';

/** Issue 22: a phone-sized screen (below Tailwind's `sm`). */
const PHONE_QUERY = '(max-width: 639px)';

/**
 * The back office's first page: on a phone the front desk's day (issue 22), else the dashboard
 * (DESIGN §3).
 */
export function backOfficeHome(): string {
  const onPhone = typeof window !== 'undefined' && window.matchMedia?.(PHONE_QUERY).matches;
  return onPhone ? paths.frontDesk : paths.dashboard;
}

/**
 * Where a signed-in user goes from the login page. SPEC §2: a `redirect` target is honoured only
 * for the allowed prefixes and anything else falls back to /login; for a user who is signed in,
 * /login means "the default": backOfficeHome(). So there is never a loop.
 */
export function postLoginTarget(redirect: string | undefined, home = backOfficeHome()): string {
  if (!redirect) return home;
  const target = safeRedirect(redirect);
  return target === paths.login ||
    target.startsWith(`${paths.login}?`) ||
    target.startsWith(`${paths.login}/`)
    ? home
    : target;
}

/**
 * The `redirect` parameter to put on /login when a staff page needs a sign-in: the page itself
 * when it is an allowed target, else nothing.
 */
export function loginRedirectParam(href: string): string | undefined {
  const target = safeRedirect(href);
  return target === href && !target.startsWith(paths.login) ? href : undefined;
}
