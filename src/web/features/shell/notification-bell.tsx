import { Link } from '@tanstack/react-router';
import { Bell } from 'lucide-react';
import { cn } from '../../lib/cn';
import { paths } from '../../lib/paths';
import { notificationLabel, useNotificationCount } from './get-notification-count';

/**
 * DESIGN §3 notification badge: the number of payments awaiting verification, linking to the
 * pending payments. No number is drawn when there are none; the label always says how many.
 */
export function NotificationBell({ className }: { className?: string }) {
  const { data, isError } = useNotificationCount();
  const count = data?.payments_awaiting_verification ?? 0;
  const label = data
    ? notificationLabel(count)
    : isError
      ? 'Payments awaiting verification'
      : 'Loading notifications';
  return (
    <Link
      to={paths.payments}
      // The payments route comes with its own issue; until then this cannot be typed.
      search={{ status: 'Pending' } as never}
      aria-label={label}
      title={label}
      className={cn(
        'relative inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-foreground hover:bg-accent hover:text-accent-foreground',
        className,
      )}
    >
      <Bell aria-hidden="true" className="size-5" />
      {count > 0 ? (
        <span
          aria-hidden="true"
          data-testid="notification-count"
          className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-xs leading-none font-bold text-destructive-foreground tabular-nums ring-2 ring-surface"
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}
