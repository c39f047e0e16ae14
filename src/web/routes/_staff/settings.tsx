import { createFileRoute } from '@tanstack/react-router';
import { hasRoleAtLeast } from '../../../domain/constants';
import { RoutePageError } from '../../components/errors/page-error';
import { securityQueryOptions } from '../../features/auth/get-security';
import { extrasQueryOptions } from '../../features/extras/get-extras';
import { sessionsQueryOptions } from '../../features/auth/get-sessions';
import { jobsQueryOptions } from '../../features/jobs/get-jobs';
import { settingsQueryOptions } from '../../features/settings/get-settings';
import { promoCodesQueryOptions } from '../../features/promotions/get-promo-codes';
import { stayRulesQueryOptions } from '../../features/stay-rules/get-stay-rules';
import { isHousekeepingOnly } from '../../features/auth/housekeeping-access';
import { SettingsPage } from '../../features/settings/settings-page';
import { OWN_ACCOUNT_TABS, SETTINGS_TABS } from '../../features/settings/settings-tabs';
import { allUnitsQueryOptions } from '../../features/units/get-units';
import type { SettingsTab } from '../../features/settings/settings-tabs';
import { usersQueryOptions } from '../../features/users/get-users';
import { optionalEnum } from '../../lib/search-params';

interface SettingsSearch {
  tab?: SettingsTab;
}

export const Route = createFileRoute('/_staff/settings')({
  validateSearch: (search: Record<string, unknown>): SettingsSearch => {
    const tab = optionalEnum(search.tab, SETTINGS_TABS);
    return tab ? { tab } : {};
  },
  loaderDeps: ({ search }) => ({ tab: search.tab ?? 'general' }),
  // Start the tab's data with the route. A failure is not fatal here: each tab shows its own
  // error state with a retry, so the other tabs stay usable.
  loader: async ({ context, deps }) => {
    const { queryClient, session } = context;
    // Users and System are for administrators, Extras and Promotions for managers and up, Billing for owners
    // and up (others are shown General: settings-page.tsx).
    const role = session.user.role;
    const adminOnly = deps.tab === 'users' || deps.tab === 'system';
    // Issue 22: a housekeeping account has only its own account here.
    const accountOnly = isHousekeepingOnly(role);
    const tab =
      accountOnly && !OWN_ACCOUNT_TABS.includes(deps.tab)
        ? 'profile'
        : (adminOnly && !hasRoleAtLeast(role, 'admin')) ||
            (deps.tab === 'billing' && !hasRoleAtLeast(role, 'owner')) ||
            ((deps.tab === 'extras' || deps.tab === 'promotions') &&
              !hasRoleAtLeast(role, 'manager'))
          ? 'general'
          : deps.tab;
    const load = {
      general: () => queryClient.ensureQueryData(settingsQueryOptions()),
      pricing: () =>
        Promise.all([
          queryClient.ensureQueryData(settingsQueryOptions()),
          queryClient.ensureQueryData(stayRulesQueryOptions()),
        ]),
      messages: () => queryClient.ensureQueryData(settingsQueryOptions()),
      billing: () => queryClient.ensureQueryData(settingsQueryOptions()),
      units: () => queryClient.ensureQueryData(allUnitsQueryOptions()),
      extras: () => queryClient.ensureQueryData(extrasQueryOptions()),
      promotions: () =>
        queryClient.ensureQueryData(
          promoCodesQueryOptions({ status: 'all', page: 1, page_size: 25 }),
        ),
      users: () => queryClient.ensureQueryData(usersQueryOptions()),
      profile: () => Promise.resolve(),
      system: () => queryClient.ensureQueryData(jobsQueryOptions({ page: 1 })),
      security: () =>
        Promise.all([
          queryClient.ensureQueryData(securityQueryOptions()),
          queryClient.ensureQueryData(sessionsQueryOptions()),
        ]),
    }[tab];
    await load().catch(() => undefined);
  },
  errorComponent: RoutePageError,
  component: SettingsRoute,
});

function SettingsRoute() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <SettingsPage
      tab={tab ?? 'general'}
      onTabChange={(next) => void navigate({ search: { tab: next }, replace: true })}
    />
  );
}
