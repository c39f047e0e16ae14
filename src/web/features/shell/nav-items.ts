import {
  BedDouble,
  BrushCleaning,
  CalendarCheck,
  CalendarRange,
  ConciergeBell,
  ChartLine,
  CreditCard,
  LayoutDashboard,
  Receipt,
  ReceiptText,
  ScrollText,
  Settings,
  UserCog,
  Users,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { hasRoleAtLeast } from '../../../domain/constants';
import type { Role } from '../../../domain/constants';
import { paths } from '../../lib/paths';
import { isHousekeepingOnly } from '../auth/housekeeping-access';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Lowest role that sees the link (the server refuses the rest anyway). */
  minRole?: Role;
}

/**
 * SPEC §2 "Navigation". The interface calls units cabins (SPEC §1, the /units page is titled
 * "Cabins"), so the link reads "Cabins" while the route stays /units. DESIGN §3: the Audit Trail
 * is for owners and administrators.
 * Issue 20: the Sales Journal is for managers and up.
 */
export const STAFF_NAV_ITEMS: readonly NavItem[] = [
  // Issue 22: the front desk's day, first (the back office opens on it on a phone).
  { label: 'Today', to: paths.frontDesk, icon: ConciergeBell, minRole: 'staff' },
  { label: 'Dashboard', to: paths.dashboard, icon: LayoutDashboard },
  { label: 'Bookings', to: paths.bookings, icon: CalendarCheck },
  { label: 'Cabins', to: paths.units, icon: BedDouble },
  { label: 'Guests', to: paths.guests, icon: Users },
  { label: 'Payments', to: paths.payments, icon: CreditCard },
  { label: 'Expenses', to: paths.expenses, icon: Receipt },
  // Issue 20: the documents issued in a period, for the VAT returns (managers and up).
  { label: 'Sales Journal', to: paths.salesJournal, icon: ReceiptText, minRole: 'manager' },
  // Issue 23: occupancy, rates, revenue, balances and profit (managers and up).
  { label: 'Reports', to: paths.reports, icon: ChartLine, minRole: 'manager' },
  { label: 'Availability', to: paths.availability, icon: CalendarRange },
  // Issue 22: the housekeeping board, for every staff role (and all a housekeeping account sees).
  { label: 'Housekeeping', to: paths.housekeeping, icon: BrushCleaning },
  { label: 'Audit Trail', to: paths.auditLogs, icon: ScrollText, minRole: 'owner' },
];

export const SETTINGS_NAV_ITEM: NavItem = { label: 'Settings', to: paths.settings, icon: Settings };

/** Issue 22: a housekeeping account's settings are only its own account (profile, security). */
export const OWN_ACCOUNT_NAV_ITEM: NavItem = {
  label: 'My Account',
  to: paths.settings,
  icon: UserCog,
};

export function navItemsFor(role: Role | null): NavItem[] {
  // Issue 22: a housekeeping account sees only the board (the server refuses it the rest).
  if (isHousekeepingOnly(role))
    return STAFF_NAV_ITEMS.filter((item) => item.to === paths.housekeeping);
  return STAFF_NAV_ITEMS.filter((item) => !item.minRole || hasRoleAtLeast(role, item.minRole));
}

/** The last link, under a divider: the settings, or a housekeeping account's own account. */
export function settingsNavItemFor(role: Role | null): NavItem {
  return isHousekeepingOnly(role) ? OWN_ACCOUNT_NAV_ITEM : SETTINGS_NAV_ITEM;
}
