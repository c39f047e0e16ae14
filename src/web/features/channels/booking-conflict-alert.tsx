import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { hasRoleAtLeast } from '../../../domain/constants';
import { formatDate } from '../../../domain/format';
import type { ChannelConflictDto } from '../../../domain/schemas/channel.schema';
import { Button, buttonVariants } from '../../components/ui/button';
import { InlineAlert } from '../../components/ui/inline-alert';
import { useCurrentUser } from '../auth/get-session';
import { CONFLICTS_CARD_ID } from './channel-conflicts-card';
import { ResolveDialog } from './resolve-conflict-dialog';
import { useBookingConflicts } from './get-booking-conflicts';

/**
 * Issue 19 §4 on the booking page: a channel booked nights this booking holds. Names the channel
 * and the nights; managers resolve it here, everyone can open the dashboard's conflicts card.
 * Nothing shows while there is none.
 */
export function BookingConflictAlert({ bookingId }: { bookingId: string }) {
  const query = useBookingConflicts(bookingId);
  const user = useCurrentUser();
  const canResolve = hasRoleAtLeast(user?.role, 'manager');
  const [resolving, setResolving] = useState<ChannelConflictDto | null>(null);
  if (!query.data || query.data.length === 0) return null;
  return (
    <div className="grid gap-2 print:hidden">
      {query.data.map((conflict) => (
        <InlineAlert
          key={conflict.hold_id}
          tone="error"
          title={`Channel conflict: ${conflict.channel} booked ${conflict.unit_name} from ${formatDate(conflict.start_date, 'MMM dd, yyyy')} to ${formatDate(conflict.end_date, 'MMM dd, yyyy')}`}
        >
          <p>
            {conflict.channel} ({conflict.feed_name}) sold nights this booking holds. Move this
            booking to another cabin, cancel it, or settle it on {conflict.channel}, then record
            what was done.
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            {canResolve ? (
              <Button
                type="button"
                size="sm"
                variant="outline"
                onClick={() => setResolving(conflict)}
              >
                Resolve the conflict
              </Button>
            ) : null}
            <Link
              to="/dashboard"
              hash={CONFLICTS_CARD_ID}
              className={buttonVariants({ size: 'sm', variant: 'link' })}
            >
              See the conflicts on the dashboard
            </Link>
          </div>
        </InlineAlert>
      ))}
      <ResolveDialog conflict={resolving} onClose={() => setResolving(null)} />
    </div>
  );
}
