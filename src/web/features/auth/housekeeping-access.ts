import { hasRoleAtLeast } from '../../../domain/constants';
import type { Role } from '../../../domain/constants';
import { paths } from '../../lib/paths';

/**
 * Issue 22: a housekeeping account (rank below staff) may use only the housekeeping board and its
 * own account; the server refuses it everything else. A user below staff with any role is such
 * an account.
 */
export function isHousekeepingOnly(role: Role | null | undefined): boolean {
  return hasRoleAtLeast(role, 'housekeeping') && !hasRoleAtLeast(role, 'staff');
}

/** The back-office pages a housekeeping account may open (the settings show only its account). */
const HOUSEKEEPING_PAGES: readonly string[] = [paths.housekeeping, paths.settings];

export function housekeepingMayOpen(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return HOUSEKEEPING_PAGES.includes(path);
}

/**
 * The back office's homes (the dashboard, and Today on a phone: backOfficeHome): a housekeeping
 * account sent to one starts on the board instead.
 */
const BACK_OFFICE_HOMES: readonly string[] = [paths.dashboard, paths.frontDesk];

/** Where a housekeeping account starts: the board, not the dashboard or Today. */
export function housekeepingLanding(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return BACK_OFFICE_HOMES.includes(path);
}

/** Marks the not-found the staff layout throws for a page a housekeeping account may not open. */
export const HOUSEKEEPING_ONLY_MARK = 'housekeeping-only';
