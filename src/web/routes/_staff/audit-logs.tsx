import { createFileRoute, redirect } from '@tanstack/react-router';
import { hasRoleAtLeast } from '../../../domain/constants';
import { RoutePageError } from '../../components/errors/page-error';
import { AuditLogsPage } from '../../features/audit/audit-logs-page';
import { validateAuditLogsSearch } from '../../features/audit/audit-logs-search';

export const Route = createFileRoute('/_staff/audit-logs')({
  // SPEC §6 and DESIGN §3: owners and administrators only; others go to the dashboard, which
  // shows "You do not have permission to access audit logs".
  beforeLoad: ({ context }) => {
    if (!hasRoleAtLeast(context.session.user.role, 'owner')) {
      throw redirect({ to: '/dashboard', search: { error: 'unauthorized' }, replace: true });
    }
  },
  validateSearch: validateAuditLogsSearch,
  errorComponent: RoutePageError,
  component: AuditLogsRoute,
});

function AuditLogsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AuditLogsPage
      search={search}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
    />
  );
}
