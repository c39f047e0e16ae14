import { Link } from '../../lib/public-router';
import { Clock, Mail, MapPin, Phone, Waves } from 'lucide-react';
import type { ReactNode } from 'react';
import { officeHoursText, telHref } from '../../features/public-settings/settings-text';
import { usePublicSettings } from '../../features/public-settings/get-public-settings';
import { cn } from '../../lib/cn';
import { paths } from '../../lib/paths';
import { SkipLink } from './skip-link';

const navLinkClass =
  'inline-flex h-9 items-center rounded-lg px-3 text-sm font-medium text-foreground hover:bg-accent hover:text-accent-foreground aria-[current=page]:bg-accent aria-[current=page]:text-accent-foreground';

export interface PublicLayoutProps {
  children: ReactNode;
  /** Classes for <main>; pages set their own width and spacing. */
  mainClassName?: string;
}

/** Header, main and footer shared by every guest-facing page. */
export function PublicLayout({ children, mainClassName }: PublicLayoutProps) {
  const settings = usePublicSettings();
  const year = new Date().getFullYear();

  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="border-b border-border bg-surface/95">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
          <Link
            to="/"
            className="flex min-w-0 items-center gap-2 rounded-lg text-base font-bold text-sea-900"
          >
            <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
              <Waves aria-hidden="true" className="size-5" />
            </span>
            <span className="truncate">{settings.resort_name}</span>
          </Link>
          <nav aria-label="Main" className="-mx-1 w-full sm:mx-0 sm:w-auto">
            <ul className="flex flex-wrap items-center gap-1">
              <li>
                <Link
                  to={paths.guestBooking}
                  className="inline-flex h-9 items-center rounded-lg bg-primary px-3 text-sm font-semibold text-primary-foreground hover:bg-primary-hover"
                >
                  Book
                </Link>
              </li>
              <li>
                <Link
                  to={paths.checkBooking}
                  className={navLinkClass}
                  activeProps={{ 'aria-current': 'page' }}
                >
                  Check booking
                </Link>
              </li>
              <li>
                <Link
                  to={paths.calendar}
                  className={navLinkClass}
                  activeProps={{ 'aria-current': 'page' }}
                >
                  Calendar
                </Link>
              </li>
            </ul>
          </nav>
        </div>
      </header>

      <main
        id="main-content"
        tabIndex={-1}
        className={cn('flex-1 focus-visible:outline-none', mainClassName)}
      >
        {children}
      </main>

      <footer className="border-t border-sea-900 bg-sea-950 text-sand-100 on-dark">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-3">
          <div className="grid content-start gap-3">
            <p className="flex items-center gap-2 text-base font-bold text-white">
              <Waves aria-hidden="true" className="size-5 text-sea-300" />
              {settings.resort_name}
            </p>
            <p className="flex gap-2 text-sm">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-sea-300" />
              <span>{settings.address}</span>
            </p>
          </div>

          <address className="grid content-start gap-3 text-sm not-italic">
            <p className="text-sm font-semibold tracking-wide text-white uppercase">Contact us</p>
            <p className="flex gap-2">
              <Phone aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-sea-300" />
              <a
                href={telHref(settings.contact_phone)}
                className="underline-offset-4 hover:underline"
              >
                {settings.contact_phone}
              </a>
            </p>
            <p className="flex gap-2">
              <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-sea-300" />
              <a
                href={`mailto:${settings.contact_email}`}
                className="break-all underline-offset-4 hover:underline"
              >
                {settings.contact_email}
              </a>
            </p>
            <p className="flex gap-2">
              <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-sea-300" />
              <span>Office hours: {officeHoursText(settings)}</span>
            </p>
          </address>

          <nav aria-label="Policies and staff" className="grid content-start gap-3 text-sm">
            <p className="text-sm font-semibold tracking-wide text-white uppercase">Information</p>
            <ul className="grid gap-2">
              <li>
                <Link to="/terms-and-conditions" className="underline-offset-4 hover:underline">
                  Terms and Conditions
                </Link>
              </li>
              <li>
                <Link to="/privacy-policy" className="underline-offset-4 hover:underline">
                  Data Privacy Notice
                </Link>
              </li>
              <li>
                <Link to={paths.checkBooking} className="underline-offset-4 hover:underline">
                  Check a booking
                </Link>
              </li>
              <li>
                <Link to={paths.login} className="text-sand-300 underline-offset-4 hover:underline">
                  Staff sign-in
                </Link>
              </li>
            </ul>
          </nav>
        </div>
        <div className="border-t border-sea-900">
          <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-sand-300 sm:px-6">
            © {year} {settings.resort_name}. All amounts in Philippine pesos (PHP).
          </p>
        </div>
      </footer>
    </div>
  );
}
