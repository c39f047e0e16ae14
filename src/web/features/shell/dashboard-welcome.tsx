import { Link } from '@tanstack/react-router';
import { ArrowRight } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { ROLE_LABELS } from '../../../domain/constants';
import { Badge } from '../../components/ui/badge';
import { PageHeader } from '../../components/ui/page-header';
import { toast } from '../../components/ui/toast';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser } from '../auth/get-session';
import { notificationLabel, useNotificationCount } from './get-notification-count';
import { InlineAlert } from '../../components/ui/inline-alert';
import { navItemsFor, SETTINGS_NAV_ITEM } from './nav-items';

/** SPEC §6: the message shown to a role below owner sent here from /audit-logs. */
export const AUDIT_LOGS_DENIED_MESSAGE = 'You do not have permission to access audit logs';

const descriptions: Record<string, string> = {
  Bookings: 'Reservations, check-ins, check-outs and cancellations.',
  Cabins: 'Cabin details, rates, occupancy and status.',
  Guests: 'Guest profiles, contact details and stay history.',
  Payments: 'Record payments and verify payment proofs.',
  Expenses: 'Running costs of the resort, with receipts.',
  Availability: 'Calendar of stays and blocked dates per cabin.',
  'Audit Trail': 'Who changed what, and every sign-in.',
  Settings: 'Resort profile, pricing, your profile and security.',
};

export interface DashboardWelcomeProps {
  /** Arrived from a page this role may not open (SPEC §6). */
  unauthorized?: boolean;
  onDismissError?: () => void;
}

/** The staff landing page: a welcome and the way into each part of the back office. */
export function DashboardWelcome({ unauthorized = false, onDismissError }: DashboardWelcomeProps) {
  useDocumentTitle('Dashboard');
  const user = useCurrentUser();
  const notifications = useNotificationCount();
  const toasted = useRef(false);

  useEffect(() => {
    if (unauthorized && !toasted.current) {
      toasted.current = true;
      toast.error(AUDIT_LOGS_DENIED_MESSAGE, { id: 'audit-logs-denied' });
    }
  }, [unauthorized]);

  if (!user) return null;
  const pending = notifications.data?.payments_awaiting_verification ?? 0;
  const links = [
    ...navItemsFor(user.role).filter((item) => item.label !== 'Dashboard'),
    SETTINGS_NAV_ITEM,
  ];

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Dashboard"
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span>Welcome back, {user.name}.</span>
            <Badge variant="secondary">{user.role ? ROLE_LABELS[user.role] : 'No role'}</Badge>
          </span>
        }
      />

      {unauthorized ? (
        <InlineAlert tone="error" title={AUDIT_LOGS_DENIED_MESSAGE} onDismiss={onDismissError}>
          The Audit Trail is restricted to owners and administrators.
        </InlineAlert>
      ) : null}

      {pending > 0 ? (
        <InlineAlert tone="warning" title={notificationLabel(pending)}>
          <Link
            to={paths.payments}
            // The payments route comes with its own issue; until then this cannot be typed.
            search={{ status: 'Pending' } as never}
            className="font-medium text-primary underline underline-offset-4"
          >
            Review the payment proofs
          </Link>
        </InlineAlert>
      ) : null}

      <section aria-labelledby="quick-links-title" className="grid gap-3">
        <h2 id="quick-links-title" className="text-lg font-semibold">
          Quick links
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {links.map((item) => (
            <li key={item.to}>
              <QuickLink
                to={item.to}
                icon={item.icon}
                title={item.label}
                text={descriptions[item.label] ?? ''}
              />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function QuickLink({
  to,
  icon: Icon,
  title,
  text,
}: {
  to: string;
  icon: LucideIcon;
  title: string;
  text: string;
}) {
  return (
    <Link
      to={to}
      className="group flex h-full items-start gap-4 rounded-xl border border-border bg-surface p-4 shadow-sm transition-colors hover:border-sea-300 hover:bg-sea-50"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <span className="grid min-w-0 flex-1 gap-1">
        <span className="flex items-center justify-between gap-2 font-semibold text-foreground">
          {title}
          <ArrowRight
            aria-hidden="true"
            className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5"
          />
        </span>
        <span className="text-sm text-muted-foreground">{text}</span>
      </span>
    </Link>
  );
}
