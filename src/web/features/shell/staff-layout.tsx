import { Link } from '@tanstack/react-router';
import { LogOut, Waves } from 'lucide-react';
import type { ReactNode } from 'react';
import { ROLE_LABELS } from '../../../domain/constants';
import { SkipLink } from '../../components/layout/skip-link';
import { Button } from '../../components/ui/button';
import { paths } from '../../lib/paths';
import type { SessionUser } from '../auth/get-session';
import { useSignOut } from '../auth/sign-out';
import { useOfflineBookingChanges } from '../bookings/offline-booking-senders';
import { LiveUpdates } from '../events/use-live-updates';
import { usePublicSettings } from '../public-settings/get-public-settings';
import { isHousekeepingOnly } from '../auth/housekeeping-access';
import { MobileMenu } from './mobile-menu';
import { NotificationBell } from './notification-bell';
import { StaffNav } from './staff-nav';

export interface StaffLayoutProps {
  user: SessionUser;
  children: ReactNode;
}

/**
 * The back-office shell (SPEC §2 "Navigation", DESIGN §3): a sidebar on wide screens, a header
 * with the notification badge, the signed-in user and Sign Out, and a menu sheet on phones.
 */
export function StaffLayout({ user, children }: StaffLayoutProps) {
  const settings = usePublicSettings();
  const signOut = useSignOut();
  // Issue 22: a housekeeping account has the board only: no bookings to send, no payments to
  // count, and the board reads its own updates (the server refuses it the rest).
  const boardOnly = isHousekeepingOnly(user.role);
  // SPEC §4: changes made offline are sent when the connection is back.
  useOfflineBookingChanges(!boardOnly);
  const roleLabel = user.role ? ROLE_LABELS[user.role] : 'No role';
  const home = boardOnly ? paths.housekeeping : paths.dashboard;

  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-[16rem_minmax(0,1fr)]">
      {/* One subscription for every staff page: changes made anywhere refresh what is open. */}
      {boardOnly ? null : <LiveUpdates />}
      <SkipLink />
      {/* The column carries the colour so it runs the page's full height; the sidebar sticks. */}
      <div className="on-dark hidden bg-sea-950 text-white lg:block">
        <aside className="sticky top-0 flex h-dvh flex-col overflow-y-auto">
          <Link
            to={home}
            className="flex items-center gap-2.5 px-5 py-5 text-base leading-tight font-bold text-white"
          >
            <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-sea-600">
              <Waves aria-hidden="true" className="size-5" />
            </span>
            <span className="min-w-0">{settings.resort_name}</span>
          </Link>
          <StaffNav role={user.role} tone="dark" className="flex-1 px-3 pb-4" />
          {settings.version ? (
            <p className="border-t border-white/15 px-5 py-4 text-xs text-sea-200">
              Version {settings.version}
            </p>
          ) : null}
        </aside>
      </div>

      <div className="flex min-w-0 flex-col">
        <header className="sticky top-0 z-40 border-b border-border bg-surface">
          <div className="flex h-16 items-center gap-2 px-3 sm:px-6 lg:px-8">
            <MobileMenu
              user={user}
              resortName={settings.resort_name}
              version={settings.version}
              onSignOut={() => signOut.mutate()}
              signingOut={signOut.isPending}
            />
            <Link
              to={home}
              className="flex min-w-0 items-center gap-2 rounded-lg text-base font-bold text-sea-900 lg:hidden"
            >
              <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
                <Waves aria-hidden="true" className="size-4" />
              </span>
              <span className="truncate">{settings.resort_name}</span>
            </Link>
            <div className="ml-auto flex items-center gap-2 sm:gap-3">
              {boardOnly ? null : <NotificationBell />}
              <div className="hidden min-w-0 text-right sm:block" data-testid="signed-in-user">
                <p className="max-w-48 truncate text-sm font-semibold">{user.name}</p>
                <p className="text-xs text-muted-foreground">{roleLabel}</p>
              </div>
              {/* On phones Sign Out is in the menu. A wrapper hides it: the button's own
                  inline-flex would win over a hidden class on it. */}
              <div className="hidden lg:block">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => signOut.mutate()}
                  loading={signOut.isPending}
                  loadingText="Signing out..."
                >
                  <LogOut aria-hidden="true" />
                  Sign Out
                </Button>
              </div>
            </div>
          </div>
        </header>

        <main
          id="main-content"
          tabIndex={-1}
          className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 focus-visible:outline-none sm:px-6 lg:px-8 lg:py-8"
        >
          {children}
        </main>
      </div>
    </div>
  );
}
