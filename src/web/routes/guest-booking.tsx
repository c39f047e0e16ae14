import { createFileRoute } from '@tanstack/react-router';
import { publicStayRulesQueryOptions } from '../features/public-settings/get-public-stay-rules';
import { captchaConfigQueryOptions } from '../features/captcha/get-captcha-config';
import { publicExtrasQueryOptions } from '../features/guest-booking/get-public-extras';
import { GuestBookingPage } from '../features/guest-booking/guest-booking-page';
import { publicUnitsQueryOptions } from '../features/units/get-public-units';

interface GuestBookingSearch {
  unit_id?: string;
}

export const Route = createFileRoute('/guest-booking')({
  // Hand-written (not zod) so the entry chunk stays free of zod.
  validateSearch: (search: Record<string, unknown>): GuestBookingSearch =>
    typeof search.unit_id === 'string' && search.unit_id.trim()
      ? { unit_id: search.unit_id.trim() }
      : {},
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(publicUnitsQueryOptions());
    void context.queryClient.prefetchQuery(captchaConfigQueryOptions());
    void context.queryClient.prefetchQuery(publicExtrasQueryOptions());
    // Issue 21: the stay rules are said at the dates before the guest submits.
    void context.queryClient.prefetchQuery(publicStayRulesQueryOptions());
  },
  component: GuestBookingRoute,
});

function GuestBookingRoute() {
  const { unit_id } = Route.useSearch();
  return <GuestBookingPage initialUnitId={unit_id} />;
}
