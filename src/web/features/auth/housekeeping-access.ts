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

/** Where a housekeeping account starts: the board, not the dashboard. */
export function housekeepingLanding(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return path === paths.dashboard;
}

/** Marks the not-found the staff layout throws for a page a housekeeping account may not open. */
export const HOUSEKEEPING_ONLY_MARK = 'housekeeping-only';
