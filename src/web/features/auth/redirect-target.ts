import { safeRedirect } from '../../../domain/constants';
import { paths } from '../../lib/paths';

/**
 * Where a signed-in user goes from the login page. SPEC §2: a `redirect` target is honoured only
 * for the allowed prefixes and anything else falls back to /login; for a user who is signed in,
 * /login means "the default", which DESIGN §3 makes /dashboard. So there is never a loop.
 */
export function postLoginTarget(redirect: string | undefined): string {
  if (!redirect) return paths.dashboard;
  const target = safeRedirect(redirect);
  return target === paths.login ||
    target.startsWith(`${paths.login}?`) ||
    target.startsWith(`${paths.login}/`)
    ? paths.dashboard
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
